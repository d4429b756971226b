import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { nodeFs } from "../read/fs.js";
import type { ProviderContext } from "../provider/provider.js";
import { loadOptionalRuleFile, loadRuleFolder } from "../read/rule-file.js";
import { compareBytes, scanRuleFolder } from "./scan.js";

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function tree(files: Record<string, string | Uint8Array>): string {
  const root = mkdtempSync(join(tmpdir(), "rulebook-scan-"));
  roots.push(root);
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), content);
  }
  return root;
}

const context = (root: string, fs = nodeFs): ProviderContext => ({ cwd: root, root, home: root, fs, maxFileBytes: 1024 * 1024 });
const source = { provider: "test", providerName: "Test", level: "project" as const };
const names = async (root: string, dir = "rules", extensions = [".md", ".mdc"]) =>
  (await scanRuleFolder(context(root), join(root, dir), { extensions })).files.map((f) => f.path.slice(root.length + 1));

describe("scanRuleFolder", () => {
  it("walks depth first in byte order of names, skipping hidden entries and node_modules", async () => {
    const root = tree({
      "rules/b.md": "b",
      "rules/a/z.md": "z",
      "rules/a/b/c.mdc": "c",
      "rules/B.md": "B",
      "rules/a.md": "a",
      "rules/.hidden.md": "h",
      "rules/.git/x.md": "x",
      "rules/node_modules/y.md": "y",
      "rules/notes.txt": "t",
      "rules/upper.MD": "u",
      "rules/é.md": "e",
    });
    expect(await names(root)).toEqual(["rules/B.md", "rules/a/b/c.mdc", "rules/a/z.md", "rules/a.md", "rules/b.md", "rules/é.md"]);
  });

  it("names a rule after the file without its final rule extension", async () => {
    const root = tree({ "rules/foo.bar.md": "x", "rules/only.mdc.md": "y" });
    const { files } = await scanRuleFolder(context(root), join(root, "rules"), { extensions: [".md", ".mdc"] });
    expect(files.map((f) => f.name)).toEqual(["foo.bar", "only.mdc"]);
  });

  it("is silent about a missing folder and reports a folder that is a file", async () => {
    const root = tree({ "rules-file": "not a folder" });
    expect(await scanRuleFolder(context(root), join(root, "nope"), { extensions: [".md"] })).toEqual({ files: [], diagnostics: [] });
    const asFile = await scanRuleFolder(context(root), join(root, "rules-file"), { extensions: [".md"] });
    expect(asFile.diagnostics).toEqual([expect.objectContaining({ code: "not-a-folder", path: join(root, "rules-file") })]);
  });

  it("reads symlinked files under the link's path, never enters symlinked folders, survives loops and dangling links", async () => {
    const root = tree({ "target/real.md": "real", "elsewhere/inner.md": "inner", "rules/keep.md": "keep" });
    symlinkSync(join(root, "target/real.md"), join(root, "rules/link.md"));
    symlinkSync(join(root, "elsewhere"), join(root, "rules/folder-link"));
    symlinkSync(join(root, "rules"), join(root, "rules/loop"));
    symlinkSync(join(root, "missing.md"), join(root, "rules/dangling.md"));
    symlinkSync(join(root, "rules/self-b.md"), join(root, "rules/self-a.md"));
    symlinkSync(join(root, "rules/self-a.md"), join(root, "rules/self-b.md"));
    const scan = await scanRuleFolder(context(root), join(root, "rules"), { extensions: [".md"] });
    expect(scan.files.map((f) => f.path)).toEqual([join(root, "rules/keep.md"), join(root, "rules/link.md")]);
    expect(scan.diagnostics.map((d) => [d.code, d.path])).toEqual([
      ["file-unreadable", join(root, "rules/dangling.md")],
      ["file-unreadable", join(root, "rules/self-a.md")],
      ["file-unreadable", join(root, "rules/self-b.md")],
    ]);
  });

  it("finishes on a 60-level-deep tree and finds the rule at the bottom", async () => {
    const deep = `rules/${Array.from({ length: 60 }, (_, i) => `d${i}`).join("/")}/deep.md`;
    const root = tree({ [deep]: "deep", "rules/top.md": "top" });
    expect(await names(root)).toEqual([deep, "rules/top.md"]);
  });

  it("orders by UTF-8 bytes, not UTF-16 units", () => {
    const names = ["\u{1F600}.md", "\uFF21.md", "a.md"];
    expect([...names].sort(compareBytes)).toEqual(["a.md", "\uFF21.md", "\u{1F600}.md"]);
  });
});

describe("loadRuleFolder on hostile input", () => {
  it("loads every good rule and gives one located diagnostic per bad file", async () => {
    const root = tree({
      "rules/good.md": "---\ndescription: Good\n---\nGood body",
      "rules/binary.md": new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]),
      "rules/latin1.md": new Uint8Array([0x63, 0x61, 0x66, 0xe9]),
      "rules/huge.md": `---\ndescription: big\n---\n${"x".repeat(1024 * 1024)}`,
      'rules/with space\'s "quote" <tag>.md': "---\ndescription: odd name\n---\nodd",
      "rules/ünïcødé.md": "unicode",
      "rules/hidden.md": "---\ndescription: ok\n---\nline one\nrun \u202Eevil\u202C now\n",
    });
    const result = await loadRuleFolder(context(root), join(root, "rules"), { extensions: [".md"], source });
    expect(result.rules.map((r) => r.name)).toEqual(["good", "hidden", 'with space\'s "quote" <tag>', "ünïcødé"]);
    const byCode = result.diagnostics.map((d) => [d.code, d.severity, d.path?.slice(root.length + 1), d.line, d.column]);
    expect(byCode).toEqual([
      ["file-binary", "error", "rules/binary.md", undefined, undefined],
      ["hidden-character", "error", "rules/hidden.md", 5, 5],
      ["hidden-character", "error", "rules/hidden.md", 5, 10],
      ["file-too-large", "error", "rules/huge.md", undefined, undefined],
      ["file-not-utf8", "error", "rules/latin1.md", undefined, undefined],
    ]);
    expect(result.rules.find((r) => r.name === "hidden")?.content).toBe("line one\nrun evil now");
  });

  it("refuses as binary a file that is valid UTF-8 but holds a NUL byte", async () => {
    const root = tree({ "rules/a.md": "a", "rules/nul.md": "---\ndescription: d\n---\nbefore\u0000after", "rules/z.md": "z" });
    const result = await loadRuleFolder(context(root), join(root, "rules"), { extensions: [".md"], source });
    expect(result.rules.map((r) => r.name)).toEqual(["a", "z"]);
    expect(result.diagnostics.map((d) => [d.code, d.path?.slice(root.length + 1)])).toEqual([["file-binary", "rules/nul.md"]]);
  });

  it("reports an unreadable file and keeps the others", async () => {
    const root = tree({ "rules/a.md": "a", "rules/locked.md": "secret", "rules/z.md": "z" });
    const lockedFs = {
      ...nodeFs,
      readFile: async (path: string, max: number) => {
        if (path.endsWith("locked.md")) throw Object.assign(new Error(`EACCES: permission denied, open '${path}'`), { code: "EACCES" });
        return nodeFs.readFile(path, max);
      },
    };
    const result = await loadRuleFolder(context(root, lockedFs), join(root, "rules"), { extensions: [".md"], source });
    expect(result.rules.map((r) => r.name)).toEqual(["a", "z"]);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ code: "file-unreadable", severity: "error", path: join(root, "rules/locked.md") }),
    ]);
    expect(result.diagnostics[0]?.message).toMatch(/EACCES/);
  });

  it("reports a folder that cannot be listed", async () => {
    const root = tree({ "rules/sub/a.md": "a", "rules/b.md": "b" });
    const fs = {
      ...nodeFs,
      readdir: async (path: string) => {
        if (path.endsWith("sub")) throw Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" });
        return nodeFs.readdir(path);
      },
    };
    const result = await loadRuleFolder(context(root, fs), join(root, "rules"), { extensions: [".md"], source });
    expect(result.rules.map((r) => r.name)).toEqual(["b"]);
    expect(result.diagnostics).toEqual([expect.objectContaining({ code: "folder-unreadable", path: join(root, "rules/sub") })]);
  });
});

describe("loadOptionalRuleFile", () => {
  it("is silent when the file is missing, warns for a folder, loads a file", async () => {
    const root = tree({ ".cursorrules": "---\ndescription: legacy\n---\nBe kind", "dir-rules/x.md": "x" });
    const file = (name: string) => ({ path: join(root, name), name: "legacy" });
    expect(await loadOptionalRuleFile(context(root), file("missing"), { source })).toEqual({ rules: [], diagnostics: [] });
    const folder = await loadOptionalRuleFile(context(root), file("dir-rules"), { source });
    expect(folder.diagnostics).toEqual([expect.objectContaining({ code: "not-a-file", severity: "warning", path: join(root, "dir-rules") })]);
    const loaded = await loadOptionalRuleFile(context(root), file(".cursorrules"), { source });
    expect(loaded.rules).toEqual([expect.objectContaining({ name: "legacy", description: "legacy", content: "Be kind" })]);
  });
});

describe("nodeFs.readFile", () => {
  it("reads files larger than its scratch buffer whole, and stops at the limit", async () => {
    const big = "ab\n".repeat(70_000);
    const root = tree({ "big.md": big, "exact.md": "x".repeat(100_000), "over.md": "x".repeat(100_001), "small.md": "hi" });
    const text = async (name: string, max = 1024 * 1024) => {
      const read = await nodeFs.readFile(join(root, name), max);
      return "bytes" in read ? Buffer.from(read.bytes).toString("utf8") : read;
    };
    expect(await text("big.md")).toBe(big);
    expect(await text("small.md")).toBe("hi");
    expect(((await text("exact.md", 100_000)) as string).length).toBe(100_000);
    expect(await text("over.md", 100_000)).toMatchObject({ tooLarge: 100_001 });
    expect(await text("small.md", 1)).toMatchObject({ tooLarge: 2, realPath: join(realpathSync(root), "small.md") });
  });
});
