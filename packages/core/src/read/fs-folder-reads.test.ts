import { execFileSync } from "node:child_process";
import { readdirSync, realpathSync, renameSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FolderReads } from "./fs-folder-reads.js";
import { DecodedText, type RuleFs, type TextRead, markNodeView, nodeFs, readTextOf } from "./fs.js";
import { loadRules } from "../load/load.js";
import { type MaybePromise, isPromiseLike } from "../support/maybe-promise.js";
import { defineProvider } from "../provider/provider.js";
import { tempTree } from "../testing/temp-tree.js";

// Files are opened through their folder's descriptor only where Linux names descriptors in /proc.
const linux = process.platform === "linux";

/** A view of Node's file system whose reads go through `folders`, as a load's are. */
function viewThrough(folders: FolderReads): RuleFs {
  const view: RuleFs = Object.freeze({ ...nodeFs });
  markNodeView(view, nodeFs, folders);
  return view;
}

/** What a read gave, in a form to compare: the text (or the failure's code) and the real path. */
function outcome(read: () => MaybePromise<TextRead>): { text?: string; code?: string; realPath?: string } {
  try {
    const got = read();
    // Node's own file system answers at once.
    if (isPromiseLike(got)) throw new Error("read asynchronously");
    if (got instanceof DecodedText) return { text: got.text, realPath: got.realPath };
    return { code: "tooLarge" in got ? "too-large" : "bytes", ...(got.realPath !== undefined && { realPath: got.realPath }) };
  } catch (error) {
    return { code: (error as { code?: string }).code ?? "?" };
  }
}

const openDescriptors = () => readdirSync("/proc/self/fd").length;

describe.runIf(linux)("reading a load's rule files through their folder", () => {
  it("gives what opening each file by its path gives: texts, real paths, links and refusals", async () => {
    const root = await tempTree({
      "proj/rules/a.md": "A",
      "proj/rules/b.md": "B",
      "proj/rules/deep/c.md": "C",
      "proj/rules/inside.md": { symlink: "proj/rules/deep/c.md" },
      "proj/rules/outside.md": { symlink: "secrets/token.md" },
      "proj/rules/big.md": "x".repeat(300),
      "proj/rules/binary.md": "a\u0000b",
      "proj/linked": { symlink: "proj/rules/deep" },
      "secrets/token.md": "npm_SECRET",
    });
    execFileSync("mkfifo", [join(root, "proj/rules/fifo.md")]);
    const paths = ["a.md", "deep/c.md", "b.md", "inside.md", "outside.md", "big.md", "binary.md", "fifo.md", "missing.md", "deep"]
      .map((name) => join(root, "proj/rules", name))
      .concat(join(root, "proj/linked/c.md"));
    const folders = new FolderReads();
    const view = viewThrough(folders);
    try {
      for (const path of paths)
        expect(
          outcome(() => readTextOf(view, path, 100)),
          path,
        ).toEqual(outcome(() => readTextOf(nodeFs, path, 100)));
    } finally {
      folders.close();
    }
    // The cases really differ: a link's real path is its target's, the FIFO is refused unopened.
    const real = realpathSync(root);
    expect(outcome(() => readTextOf(nodeFs, join(root, "proj/rules/outside.md"), 100)).realPath).toBe(join(real, "secrets/token.md"));
    expect(outcome(() => readTextOf(nodeFs, join(root, "proj/linked/c.md"), 100)).realPath).toBe(join(real, "proj/rules/deep/c.md"));
    expect(outcome(() => readTextOf(nodeFs, join(root, "proj/rules/fifo.md"), 100)).code).toBe("ENOTREG");
  });

  it("keeps reading the folder it opened when that folder is swapped for a link mid-read", async () => {
    const root = await tempTree({
      "proj/rules/sub/a.md": "A",
      "proj/rules/sub/b.md": "B",
      "secrets/b.md": "npm_SECRET",
    });
    const folders = new FolderReads();
    const view = viewThrough(folders);
    const sub = join(root, "proj/rules/sub");
    try {
      expect(outcome(() => readTextOf(view, join(sub, "a.md"), 100)).text).toBe("A");
      renameSync(sub, join(root, "proj/rules/sub-old"));
      symlinkSync(join(root, "secrets"), sub);
      // Opened through the folder already held: the file read is the one that folder holds.
      const next = outcome(() => readTextOf(view, join(sub, "b.md"), 100));
      expect(next.text).toBe("B");
      expect(next.realPath).toBe(join(realpathSync(root), "proj/rules/sub/b.md"));
    } finally {
      folders.close();
    }
    // Once the load is over, a read goes by path again, and says where the file really is.
    const after = outcome(() => readTextOf(view, join(sub, "b.md"), 100));
    expect(after.realPath).toBe(join(realpathSync(root), "secrets/b.md"));
  });

  it("leaves no descriptor open after a load, and loads what a load by path loads", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 30; i++)
      files[`proj/.cursor/rules/group-${i % 4}/rule-${i}.mdc`] = `---\nalwaysApply: ${i % 2 === 0}\ndescription: rule ${i}\n---\nRule ${i}.\n`;
    const root = await tempTree({ ...files, "proj/.cursor/rules/escape.mdc": { symlink: "secrets/token.mdc" }, "secrets/token.mdc": "npm_SECRET" });
    const cursor = defineProvider({
      id: "cursor",
      displayName: "Cursor",
      priority: 50,
      sources: () => [{ kind: "pattern", folder: ".cursor/rules", extensions: [".mdc"], level: "project" }],
    });
    const options = { cwd: join(root, "proj"), home: join(root, "home") };
    const before = openDescriptors();
    const loaded = await loadRules([cursor], options);
    expect(openDescriptors()).toBe(before);
    expect(loaded.rules).toHaveLength(30);
    expect(loaded.diagnostics.map((d) => d.code)).toEqual(["symlink-outside"]);
    // The same load through a file system that is not Node's own opens every file by path.
    const byPath = await loadRules([cursor], { ...options, fs: { ...nodeFs } });
    expect(loaded.rules.map((r) => [r.name, r.content, r.alwaysApply])).toEqual(byPath.rules.map((r) => [r.name, r.content, r.alwaysApply]));
  });
});

describe("a rule file's text, read by readTextOf", () => {
  it("is what decoding the file's bytes as UTF-8 gives, ASCII or not, and bytes where that fails", async () => {
    const root = await tempTree({});
    const files: Record<string, Buffer> = {
      "ascii.md": Buffer.from("---\ndescription: plain\n---\nUse tabs.\x7f\n"),
      "empty.md": Buffer.alloc(0),
      "utf8.md": Buffer.from("Café — naïve 😀 rules\n"),
      "bom.md": Buffer.from("\ufeffAfter a byte-order mark\n"),
      // One Latin-1 byte (é): not UTF-8, so not a text, although every byte is a character in Latin-1.
      "latin1.md": Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x0a]),
      "nul.md": Buffer.from("ascii\u0000with a NUL"),
      "cut.md": Buffer.from("😀").subarray(0, 3),
    };
    for (const [name, bytes] of Object.entries(files)) writeFileSync(join(root, "proj", name), bytes);
    const read = Object.fromEntries(Object.keys(files).map((name) => [name, outcome(() => readTextOf(nodeFs, join(root, "proj", name), 1000))]));
    expect(Object.values(read).map((r) => r.text)).toEqual([
      "---\ndescription: plain\n---\nUse tabs.\x7f\n",
      "",
      "Café — naïve 😀 rules\n",
      "\ufeffAfter a byte-order mark\n",
      undefined,
      undefined,
      undefined,
    ]);
    for (const name of ["latin1.md", "nul.md", "cut.md"]) expect(read[name]?.code, name).toBe("bytes");
  });
});
