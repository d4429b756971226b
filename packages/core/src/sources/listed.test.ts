import { execFileSync } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { defineProvider } from "../provider/provider.js";
import { createRegistry } from "../provider/registry.js";
import { tempTree } from "../testing/temp-tree.js";
import { readSourceSpec } from "./shape.js";

// An OpenCode-like provider: the files `instructions` lists, always applied.
const listing = defineProvider({
  id: "opencode",
  displayName: "OpenCode",
  priority: 15,
  sources: ({ root, home }) => [
    { kind: "listed", file: join(root, "opencode.json"), key: "instructions", level: "project", activation: "always" },
    { kind: "listed", file: join(home, ".config/opencode/opencode.json"), key: "instructions", level: "user", activation: "always" },
  ],
});

async function load(files: Record<string, string | { symlink: string }>, at = "") {
  const root = await tempTree({ "proj/.git/HEAD": "ref: refs/heads/main\n", "home/.keep": "", ...files });
  const proj = join(root, "proj");
  const home = join(root, "home");
  const result = await createRegistry([listing]).load({ cwd: join(proj, at), home });
  return { root, proj, home, result };
}

const brief = (d: { code: string; severity: string; line?: number; path?: string }, base: string) => [
  d.code,
  d.severity,
  d.line,
  d.path?.slice(base.length + 1),
];

describe("listed sources", () => {
  it("read the paths and globs a JSONC list names, in the project, in the order of the entries, as rules of their path", async () => {
    const { result, proj } = await load({
      "proj/opencode.json":
        '{\n  // shared rules\n  "instructions": ["CONTRIBUTING.md", "docs/*.md", ".cursor/rules/*.md", "packages/*/AGENTS.md",],\n}\n',
      "proj/CONTRIBUTING.md": "Open an issue first.",
      "proj/docs/style.md": "Use sentence case in headings.",
      "proj/docs/deep/skip.md": "Not matched by docs/*.md.",
      "proj/.cursor/rules/api.md": "---\ndescription: API\nglobs: src/api/**\n---\nValidate input.",
      "proj/packages/web/AGENTS.md": "Web package notes.",
      "proj/node_modules/x/AGENTS.md": "Never read.",
    });
    expect(result.rules.map((r) => [r.name, r.path.slice(proj.length + 1), r.alwaysApply, r.scope, r.source.level])).toEqual([
      ["CONTRIBUTING", "CONTRIBUTING.md", true, undefined, "project"],
      ["docs/style", "docs/style.md", true, undefined, "project"],
      // The source's activation default applies (OpenCode's provider maps every file to always).
      [".cursor/rules/api", ".cursor/rules/api.md", undefined, undefined, "project"],
      ["packages/web/AGENTS", "packages/web/AGENTS.md", true, undefined, "project"],
    ]);
    expect(result.diagnostics).toEqual([]);
  });

  it("refuse entries that leave the project, fetch no URL, and say which entry names nothing, on its line", async () => {
    const { result, proj } = await load({
      "proj/opencode.json":
        '{\n  "instructions": [\n    "../shared/rules.md",\n    "~/.ssh/config",\n    "/etc/passwd",\n    "https://example.com/rules.md",\n    "docs/missing.md",\n    "docs",\n    "docs/*.txt",\n    "docs/[unclosed"\n  ]\n}\n',
      "proj/docs/a.md": "A.",
      "shared/rules.md": "Outside.",
      "home/.ssh/config": "Host *",
    });
    expect(result.rules).toEqual([]);
    expect(result.diagnostics.map((d) => brief(d, proj))).toEqual([
      ["listed-outside", "warning", 3, "opencode.json"],
      ["listed-outside", "warning", 4, "opencode.json"],
      ["listed-outside", "warning", 5, "opencode.json"],
      ["listed-skipped", "info", 6, "opencode.json"],
      ["listed-missing", "info", 7, "opencode.json"],
      ["listed-missing", "info", 8, "opencode.json"],
      ["listed-missing", "info", 9, "opencode.json"],
      ["listed-invalid", "warning", 10, "opencode.json"],
    ]);
    expect(result.diagnostics[3]?.message).toBe('"https://example.com/rules.md" is a URL: OpenCode fetches it, Rulebook reads no network; not read');
  });

  it("read an absolute path inside the project, but no link out of it", async () => {
    const { root, proj } = await load({
      "proj/.agents/memory/MEMORY.md": "Remember.",
      "secret.md": "Outside text.",
      "proj/notes.md": { symlink: "secret.md" },
    });
    await writeFile(join(proj, "opencode.json"), JSON.stringify({ instructions: [join(proj, ".agents/memory/MEMORY.md"), "notes.md"] }));
    const { rules, diagnostics } = await createRegistry([listing]).load({ cwd: proj, home: join(root, "home") });
    expect(rules.map((r) => [r.name, r.content])).toEqual([[".agents/memory/MEMORY", "Remember."]]);
    expect(diagnostics.map((d) => d.code)).toEqual(["symlink-outside"]);
  });

  it("look a relative entry up in each folder from cwd to the project root, as OpenCode does", async () => {
    const { result, proj } = await load(
      {
        "proj/opencode.json": '{ "instructions": ["AGENTS.md", "docs/*.md"] }',
        "proj/AGENTS.md": "Root.",
        "proj/packages/web/AGENTS.md": "Web.",
        "proj/packages/web/docs/ui.md": "UI.",
        "proj/packages/api/AGENTS.md": "Not on the way up.",
      },
      "packages/web",
    );
    expect(result.rules.map((r) => r.path.slice(proj.length + 1))).toEqual(["packages/web/AGENTS.md", "AGENTS.md", "packages/web/docs/ui.md"]);
  });

  it("make a JSON error a diagnostic with its line, and a FIFO named like the file is never opened", async () => {
    const broken = await load({ "proj/opencode.json": '{\n  "instructions": [\n    "a.md"\n    "b.md"\n  ]\n}\n', "proj/a.md": "A." });
    expect(broken.result.rules).toEqual([]);
    expect(broken.result.diagnostics).toEqual([
      expect.objectContaining({ code: "listed-invalid", severity: "warning", line: 4, provider: "opencode" }),
    ]);
    const notList = await load({ "proj/opencode.json": '{\n  "instructions": "a.md"\n}\n', "proj/a.md": "A." });
    expect(notList.result.diagnostics).toEqual([expect.objectContaining({ code: "listed-invalid", line: 2 })]);
    const { root } = await load({});
    execFileSync("mkfifo", [join(root, "proj/opencode.json")]);
    const fifo = await createRegistry([listing]).load({ cwd: join(root, "proj"), home: join(root, "home") });
    expect(fifo.diagnostics).toEqual([expect.objectContaining({ code: "listed-invalid", message: expect.stringContaining("FIFO") })]);
  });

  it("read the user's own list: ~/ entries and a glob in their last segment under home, relative entries in the project", async () => {
    const { result, home, proj } = await load({
      "home/.config/opencode/opencode.json": '{ "instructions": ["~/.config/opencode/rules/*.md", "CONTRIBUTING.md", "/etc/hostname"] }',
      "home/.config/opencode/rules/tone.md": "Be brief.",
      "home/.config/opencode/rules/.draft.md": "Hidden.",
      "proj/CONTRIBUTING.md": "Open an issue first.",
    });
    expect(result.rules.map((r) => [r.name, r.source.level, r.path.startsWith(proj) ? "proj" : r.path.slice(home.length + 1)])).toEqual([
      ["~/.config/opencode/rules/tone", "user", ".config/opencode/rules/tone.md"],
      ["CONTRIBUTING", "project", "proj"],
    ]);
    expect(result.diagnostics.map((d) => d.code)).toEqual(["listed-outside"]);
  });

  it("read only the user's files when there is no project (the root is home)", async () => {
    const root = await tempTree({
      "home/.config/opencode/opencode.json": '{ "instructions": ["AGENTS.md", "~/notes/rules.md"] }',
      "home/AGENTS.md": "Home's AGENTS.md is no project file.",
      "home/notes/rules.md": "Mine.",
    });
    const home = join(root, "home");
    const { rules, diagnostics } = await createRegistry([listing]).load({ cwd: home, home });
    expect(rules.map((r) => r.name)).toEqual(["~/notes/rules"]);
    expect(diagnostics).toEqual([]);
  });

  it("read a file two lists name once, and at most 100 entries of a list", async () => {
    const entries = Array.from({ length: 101 }, (_, i) => `r${i}.md`);
    const { result, proj } = await load({
      "proj/opencode.json": JSON.stringify({ instructions: ["AGENTS.md", ...entries] }, null, 2),
      "home/.config/opencode/opencode.json": '{ "instructions": ["AGENTS.md"] }',
      "proj/AGENTS.md": "Root.",
      "proj/r0.md": "First.",
    });
    expect(result.rules.map((r) => r.name)).toEqual(["AGENTS", "r0"]);
    expect(result.diagnostics.filter((d) => d.code === "listed-bounds").map((d) => brief(d, proj))).toEqual([
      ["listed-bounds", "warning", 103, "opencode.json"],
    ]);
    expect(result.diagnostics.filter((d) => d.code === "listed-missing")).toHaveLength(98);
  });

  it("read at most 256 files a list's globs name", async () => {
    const files = Object.fromEntries(Array.from({ length: 257 }, (_, i) => [`proj/notes/n${String(i).padStart(3, "0")}.md`, `Note ${i}.`]));
    const { result } = await load({ ...files, "proj/opencode.json": '{ "instructions": ["notes/*.md"] }' });
    expect(result.rules).toHaveLength(256);
    expect(result.rules.at(-1)?.name).toBe("notes/n255");
    expect(result.diagnostics.map((d) => [d.code, d.message])).toEqual([
      ["listed-bounds", "its entries name 257 files; only the first 256 are read"],
    ]);
  });

  it("are checked as data", () => {
    expect(readSourceSpec({ kind: "listed", file: "/p/opencode.json", key: "instructions", level: "project" })).toHaveProperty("source");
    expect(readSourceSpec({ kind: "listed", file: "opencode.json", key: "instructions", level: "project" })).toHaveProperty("problem");
    expect(readSourceSpec({ kind: "listed", file: "/p/opencode.json", key: "", level: "project" })).toHaveProperty("problem");
  });
});
