import { execFileSync } from "node:child_process";
import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { bodyStartLine, expandImports, findImportTokens } from "./imports.js";
import { defineProvider } from "../provider/provider.js";
import { createRegistry } from "../provider/registry.js";
import { loadProvider, memoryFs } from "../testing/test-fs.js";
import { type TreeEntry, tempTree } from "../testing/temp-tree.js";

const instructions = defineProvider({
  id: "memo",
  displayName: "Memo",
  priority: 10,
  sources: ({ home }) => [
    { kind: "pattern", file: "MEMO.md", name: "MEMO", level: "project", activation: "always", imports: true },
    { kind: "file", path: join(home, ".memo", "MEMO.md"), name: "~/.memo/MEMO", level: "user", activation: "always", imports: true },
  ],
});

const plain = defineProvider({
  id: "plain",
  displayName: "Plain",
  priority: 20,
  sources: () => [{ kind: "pattern", file: "PLAIN.md", name: "PLAIN", level: "project", activation: "always" }],
});

async function load(entries: Record<string, TreeEntry>, trusted = false) {
  const dir = await tempTree(entries);
  const where = { cwd: join(dir, "proj"), home: join(dir, "home"), root: join(dir, "proj"), trusted };
  const result = await loadProvider(instructions, where);
  const content = (name: string) => result.rules.find((r) => r.name === name)?.content;
  const codes = result.diagnostics.map((d) => [d.code, d.line, d.path?.slice(dir.length + 1)]);
  return { ...result, content, codes, dir };
}

describe("@path imports", () => {
  it("puts the imported body after the paragraph of a reference inside a sentence, frontmatter removed, relative to the importing file", async () => {
    const { content, codes } = await load({
      "proj/MEMO.md": "# Memo\n\nSee @docs/style.md for style.\n",
      "proj/docs/style.md": "---\ndescription: ignored here\n---\nUse tabs.\n",
    });
    // Never pasted mid-sentence ("See Use tabs. for style."): the sentence keeps its reference.
    expect(content("MEMO")).toBe("# Memo\n\nSee @docs/style.md for style.\n\nUse tabs.");
    expect(codes).toEqual([]);
  });

  it("follows imports recursively and ends a chain with the innermost text once", async () => {
    const { content } = await load({
      "proj/MEMO.md": "@AGENTS.md\n",
      "proj/AGENTS.md": "@.agents/AGENTS.md\n",
      "proj/.agents/AGENTS.md": "Innermost text.\n",
    });
    expect(content("MEMO")).toBe("Innermost text.");
  });

  it("resolves @~/ from home in a trusted project, and a nested file's imports from its own folder", async () => {
    const files = {
      "proj/pkg/MEMO.md": "Package.\n@./notes/a.md\n@~/prefs.md\n",
      "proj/pkg/notes/a.md": "A, then @b.md",
      "proj/pkg/notes/b.md": "B.",
      "home/prefs.md": "Mine.",
    };
    const { content, codes } = await load(files, true);
    expect(content("pkg/MEMO")).toBe("Package.\nA, then @b.md\n\nB.\nMine.");
    expect(codes).toEqual([]);
  });

  it("follows no import that leaves an untrusted project: a warning names the importing file and the target (issue 39, item 4)", async () => {
    const { content, diagnostics, dir } = await load({
      "proj/CLAUDE-like/MEMO.md": "Team rules.\n@~/notes/x.md\n@../../home/notes/x.md\n@./local.md\n",
      "proj/CLAUDE-like/local.md": "Local.",
      "home/notes/x.md": "The user's private notes.",
    });
    expect(content("CLAUDE-like/MEMO")).toBe("Team rules.\n@~/notes/x.md\n@../../home/notes/x.md\nLocal.");
    expect(diagnostics.map((d) => [d.code, d.path?.slice(dir.length), d.line])).toEqual([
      ["import-untrusted", "/proj/CLAUDE-like/MEMO.md", 2],
      ["import-untrusted", "/proj/CLAUDE-like/MEMO.md", 3],
    ]);
    expect(diagnostics[0]?.message).toContain(join(dir, "home/notes/x.md"));
    expect(diagnostics[0]?.message).toMatch(/the project is not trusted/);
  });

  it("leaves references inside code spans and fenced blocks alone", async () => {
    const { content, codes } = await load({
      "proj/MEMO.md": "Run `@x.md` or:\n\n```sh\nnpm i @x.md\n```\n~~~\n@x.md\n~~~\nBut @x.md here.\n",
      "proj/x.md": "X",
    });
    expect(content("MEMO")).toBe("Run `@x.md` or:\n\n```sh\nnpm i @x.md\n```\n~~~\n@x.md\n~~~\nBut @x.md here.\n\nX");
    expect(codes).toEqual([]);
  });

  it("leaves e-mails, decorators and package scopes as text without a diagnostic", async () => {
    const text = "Mail a@b.co, use @Injectable and @rulebook/core, cc @someone.";
    const { content, codes } = await load({ "proj/MEMO.md": text });
    expect(content("MEMO")).toBe(text);
    expect(codes).toEqual([]);
  });

  it("imports a bare @README when that file exists, as Claude Code's own example does", async () => {
    const { content } = await load({ "proj/MEMO.md": "Overview: @README", "proj/README": "Readme text." });
    expect(content("MEMO")).toBe("Overview: @README\n\nReadme text.");
  });

  it("reports a missing file with its line and leaves the reference", async () => {
    const { content, codes } = await load({ "proj/MEMO.md": "---\nx: 1\n---\n\nIntro.\n@docs/gone.md\n" });
    expect(content("MEMO")).toBe("Intro.\n@docs/gone.md");
    expect(codes).toEqual([["import-missing", 6, "proj/MEMO.md"]]);
  });

  it("reports a cycle instead of hanging, and imports each file once", async () => {
    const { content, codes } = await load({
      "proj/MEMO.md": "@a.md\n@a.md",
      "proj/a.md": "A1 @b.md",
      "proj/b.md": "B1 @a.md @MEMO.md",
    });
    expect(content("MEMO")).toBe("A1 @b.md\n\nB1 @a.md @MEMO.md\n@a.md");
    expect(codes).toEqual([
      ["import-cycle", 1, "proj/b.md"],
      ["import-cycle", 1, "proj/b.md"],
      ["import-repeated", 2, "proj/MEMO.md"],
    ]);
  });

  it("stops after five hops", async () => {
    const files: Record<string, string> = { "proj/MEMO.md": "@1.md" };
    for (let i = 1; i <= 6; i++) files[`proj/${i}.md`] = i < 6 ? `${i} @${i + 1}.md` : "6";
    const { content, codes } = await load(files);
    expect(content("MEMO")).toBe("1 @2.md\n\n2 @3.md\n\n3 @4.md\n\n4 @5.md\n\n5 @6.md");
    expect(codes).toEqual([["import-too-deep", 1, "proj/5.md"]]);
  });

  it("refuses imports that leave the project root and home, also through links, and non-Markdown home files even when trusted", async () => {
    const files: Record<string, TreeEntry> = {
      "proj/MEMO.md": "@../outside.md\n@/etc/hostname\n@link.md\n@~/.npmrc\n@~/ok.md",
      "outside.md": "secret",
      "proj/link.md": { symlink: "outside.md" },
      "home/.npmrc": "//registry.npmjs.org/:_authToken=secret",
      "home/ok.md": "ok",
    };
    const trusted = await load(files, true);
    expect(trusted.content("MEMO")).toBe("@../outside.md\n@/etc/hostname\n@link.md\n@~/.npmrc\nok");
    expect(trusted.codes.map((c) => c[0])).toEqual(["import-outside", "import-outside", "import-outside", "import-outside"]);
    const untrusted = await load(files);
    expect(untrusted.content("MEMO")).toBe("@../outside.md\n@/etc/hostname\n@link.md\n@~/.npmrc\n@~/ok.md");
    expect(untrusted.codes.map((c) => c[0])).toEqual(["import-outside", "import-outside", "import-outside", "import-untrusted", "import-untrusted"]);
  });

  it("lets a user rule import any file under home", async () => {
    const { content } = await load({ "home/.memo/MEMO.md": "@~/tools.txt", "home/tools.txt": "Tools." });
    expect(content("~/.memo/MEMO")).toBe("Tools.");
  });

  it("keeps the imported bytes of one rule under the file size limit", async () => {
    const dir = await tempTree({ "proj/MEMO.md": "@a.md @b.md", "proj/a.md": "a".repeat(60), "proj/b.md": "b".repeat(60) });
    const { rules, diagnostics } = await loadProvider(instructions, { cwd: join(dir, "proj"), home: join(dir, "home"), maxFileBytes: 100 });
    expect(rules[0]?.content).toBe(`@a.md @b.md\n\n${"a".repeat(60)}`);
    expect(diagnostics.map((d) => d.code)).toEqual(["import-too-large"]);
  });

  it("reports hidden characters of an imported file under that file's path", async () => {
    const { content, codes } = await load({ "proj/MEMO.md": "@a.md", "proj/a.md": "---\nk: v\n---\nsafe\u202e text" });
    expect(content("MEMO")).toBe("safe text");
    expect(codes).toEqual([["hidden-character", 4, "proj/a.md"]]);
  });

  it("tries at most 100 references per rule and says so once", async () => {
    const text = Array.from({ length: 150 }, (_, i) => `@gone-${i}.md`).join("\n");
    const { content, codes } = await load({ "proj/MEMO.md": text });
    expect(content("MEMO")).toBe(text);
    expect(codes.filter((c) => c[0] === "import-missing")).toHaveLength(100);
    expect(codes.filter((c) => c[0] === "import-limit")).toEqual([["import-limit", 101, "proj/MEMO.md"]]);
  });

  it("reads through ctx.fs (an in-memory file system without realpath)", async () => {
    const fs = memoryFs({ "/p/MEMO.md": "@docs/a.md", "/p/docs/a.md": "A" });
    const { rules } = await loadProvider(instructions, { cwd: "/p", root: "/p", home: "/h", fs });
    expect(rules[0]?.content).toBe("A");
  });

  it("makes a file that only imports another provider's file a duplicate of it", async () => {
    const dir = await tempTree({ "proj/PLAIN.md": "Shared text.\n", "proj/MEMO.md": "@PLAIN.md\n" });
    const result = await createRegistry([plain, instructions]).load({ cwd: join(dir, "proj"), home: join(dir, "home"), root: join(dir, "proj") });
    expect(result.rules.map((r) => r.name)).toEqual(["PLAIN"]);
    expect(result.duplicates.map((d) => [d.rule.name, d.duplicateOf.name])).toEqual([["MEMO", "PLAIN"]]);
  });

  it("expands text directly with expandImports", async () => {
    const fs = memoryFs({ "/p/b.md": "B" });
    const context = { cwd: "/p", root: "/p", home: "/h", fs, maxFileBytes: 1000 };
    const out = await expandImports("a @b.md c", { context, path: "/p/a.md", provider: "x", level: "project" });
    expect(out).toEqual({
      text: "a @b.md c\n\nB",
      imported: ["/p/b.md"],
      placed: [{ path: "/p/b.md", spec: "b.md", start: 11, end: 12, reference: [2, 7] }],
      diagnostics: [],
    });
    const noted = await expandImports("@b.md  # the build notes\nEnd.", { context, path: "/p/a.md", provider: "x", level: "project" });
    expect(noted.text).toBe("B\nEnd.");
    const own = await expandImports("# A\n\n- @b.md\n\nEnd.", { context, path: "/p/a.md", provider: "x", level: "project" });
    expect(own.text).toBe("# A\n\n- B\n\nEnd.");
    expect(own.placed).toEqual([{ path: "/p/b.md", spec: "b.md", start: 7, end: 8 }]);
  });
});

describe("imported files are read as rule files are (issue 39, item 6)", () => {
  it("never reads an imported FIFO or device: the reference stays text with a warning", async () => {
    const dir = await tempTree({ "proj/MEMO.md": "@pipe.md\n\n@zero.md\n\nThe end.\n" });
    execFileSync("mkfifo", [join(dir, "proj/pipe.md")]);
    symlinkSync("/dev/zero", join(dir, "proj/zero.md"));
    const result = await loadProvider(instructions, { cwd: join(dir, "proj"), home: join(dir, "home"), root: join(dir, "proj") });
    expect(result.rules.find((r) => r.name === "MEMO")?.content).toBe("@pipe.md\n\n@zero.md\n\nThe end.");
    expect(result.diagnostics.map((d) => [d.code, d.message.replace(dir, "")])).toEqual([
      ["import-unreadable", "@pipe.md: /proj/pipe.md is not a regular file (a FIFO, socket or device); left as text"],
      ["import-unreadable", "@zero.md: /proj/zero.md is not a regular file (a FIFO, socket or device); left as text"],
    ]);
  });
});

describe("findImportTokens", () => {
  it("finds path-like and bare references, dropping trailing punctuation", () => {
    const tokens = findImportTokens("See @./a.md, @README and (@x) @y.md.\n`@no.md` ``@no `x` .md`` @last/dir/");
    expect(tokens.map((t) => [t.spec, t.pathLike, t.line, t.column()])).toEqual([
      ["./a.md", true, 1, 5],
      ["README", false, 1, 14],
      ["y.md", true, 1, 31],
    ]);
  });

  it("skips a fence until its closing run of the same character and length", () => {
    const text = "````md\n```\n@a.md\n```\n````\n@b.md";
    expect(findImportTokens(text).map((t) => [t.spec, t.line])).toEqual([["b.md", 6]]);
  });
});

describe("bodyStartLine", () => {
  it("counts frontmatter and leading blank lines", () => {
    expect(bodyStartLine("Body")).toBe(1);
    expect(bodyStartLine("\n\nBody")).toBe(3);
    expect(bodyStartLine("---\na: 1\n---\n\nBody")).toBe(5);
    expect(bodyStartLine("\uFEFF---\r\na: 1\r\n---\r\nBody")).toBe(4);
  });
});
