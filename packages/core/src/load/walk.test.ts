import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type RuleFs, nodeFs } from "../read/fs.js";
import { compareBytes } from "../sources/scan.js";
import { tempTree } from "../testing/temp-tree.js";
import { comparePaths, walkProject } from "./walk.js";

const AGENTS = ["AGENTS.md", "**/AGENTS.md"];
const CURSOR = [".cursor/rules/**/*.{mdc,md}", "**/.cursor/rules/**/*.{mdc,md}"];

/** Node's file system, counting how often each folder is listed. */
function countingFs(): RuleFs & { listed: Map<string, number> } {
  const listed = new Map<string, number>();
  return {
    ...nodeFs,
    listed,
    readdir(path) {
      listed.set(path, (listed.get(path) ?? 0) + 1);
      return nodeFs.readdir(path);
    },
  };
}

describe("walkProject", () => {
  it("with listFiles, lists every file of the walked tree git does not ignore (what lint judges globs against), with no second walk", async () => {
    const root = await tempTree({
      "proj/.gitignore": "dist/\n*.log\n",
      "proj/AGENTS.md": "root",
      "proj/src/app.ts": "x",
      "proj/src/debug.log": "ignored file",
      "proj/dist/app.js": "ignored folder",
      "proj/.venv/lib/x.py": "hidden folder, not walked",
      "proj/.env": "a hidden file of a walked folder",
      "proj/node_modules/pkg/index.js": "dependency",
    });
    const fs = countingFs();
    const walk = await walkProject({ root: join(root, "proj"), fs, patterns: AGENTS, listFiles: true });
    expect(walk.files).toEqual(["AGENTS.md"]);
    expect([...(walk.projectFiles ?? [])].sort()).toEqual([".env", ".gitignore", "AGENTS.md", "src/app.ts"]);
    expect([...fs.listed.values()].every((n) => n === 1)).toBe(true);
    expect((await walkProject({ root: join(root, "proj"), fs: nodeFs, patterns: AGENTS })).projectFiles).toBeUndefined();
  });

  it("with listFiles, gives no file list when the walk was truncated: it would not be the whole tree", async () => {
    const root = await tempTree({ "proj/a/b/c/AGENTS.md": "deep", "proj/x.ts": "x" });
    const walk = await walkProject({ root: join(root, "proj"), fs: nodeFs, patterns: AGENTS, listFiles: true, maxDepth: 1 });
    expect(walk.diagnostics).toEqual([expect.objectContaining({ code: "walk-truncated" })]);
    expect(walk.projectFiles).toBeUndefined();
  });

  it("serves every pattern with one walk: each folder is listed once, hidden folders only when named", async () => {
    const root = await tempTree({
      "proj/AGENTS.md": "root",
      "proj/packages/api/AGENTS.md": "api",
      "proj/packages/web/.cursor/rules/react.mdc": "react",
      "proj/packages/web/src/App.tsx": "x",
      "proj/.venv/lib/AGENTS.md": "virtualenv",
      "proj/packages/api/.venv/lib/AGENTS.md": "a package's own virtualenv",
      "proj/packages/web/.cursor/skills/AGENTS.md": "not the rule folder",
      "proj/.next/cache/AGENTS.md": "build cache",
      "proj/.agents/skills/pdf/AGENTS.md": "a copied skill bundle",
      "proj/node_modules/pkg/AGENTS.md": "dependency",
      "proj/.git/AGENTS.md": "git internals",
    });
    const fs = countingFs();
    const proj = join(root, "proj");
    const walk = await walkProject({ root: proj, fs, patterns: [...AGENTS, ...CURSOR] });
    expect(walk.files).toEqual(["AGENTS.md", "packages/api/AGENTS.md", "packages/web/.cursor/rules/react.mdc"]);
    expect([...fs.listed.values()].every((n) => n === 1)).toBe(true);
    const listed = [...fs.listed.keys()].map((p) => p.slice(proj.length) || "/");
    for (const never of ["/.venv", "/.next", "/node_modules", "/.git", "/.agents", "/packages/api/.venv", "/packages/web/.cursor/skills"]) {
      expect(listed).not.toContain(never);
    }
    expect(listed).toContain("/packages/web/.cursor");
  });

  it("honours .gitignore at the root and in subfolders with git's semantics, and .git/info/exclude", async () => {
    const root = await tempTree({
      "proj/.gitignore": "dist/\n*.local/\n/generated\n",
      "proj/.git/info/exclude": "scratch/\n",
      "proj/dist/AGENTS.md": "built",
      "proj/generated/AGENTS.md": "generated at the root",
      "proj/src/generated/AGENTS.md": "not anchored: kept",
      "proj/scratch/AGENTS.md": "excluded locally",
      "proj/packages/app/.gitignore": "fixtures/*\n!fixtures/keep/\n",
      "proj/packages/app/fixtures/drop/AGENTS.md": "ignored by the nested file",
      "proj/packages/app/fixtures/keep/AGENTS.md": "re-included by negation",
      "proj/packages/app/AGENTS.md": "app",
    });
    const walk = await walkProject({ root: join(root, "proj"), fs: nodeFs, patterns: AGENTS });
    expect(walk.files).toEqual(["packages/app/AGENTS.md", "packages/app/fixtures/keep/AGENTS.md", "src/generated/AGENTS.md"]);
    expect(walk.ignoreFiles.map((f) => f.slice(root.length))).toEqual([
      "/proj/.git/info/exclude",
      "/proj/.gitignore",
      "/proj/packages/app/.gitignore",
    ]);
  });

  it("matches ignore files without case when the repository's .git/config says core.ignorecase, as git does on macOS and Windows clones", async () => {
    const project = {
      "proj/.gitignore": "build/\n*.LOG\n",
      "proj/AGENTS.md": "root",
      "proj/Build/AGENTS.md": "a build output folder in another case",
      "proj/tools/AGENTS.md": "tools",
    };
    const walk = async (files: Record<string, string>) => {
      const root = await tempTree({ ...project, ...files });
      return walkProject({ root: join(root, "proj"), fs: nodeFs, patterns: AGENTS });
    };
    const macClone = "[core]\n\trepositoryformatversion = 0\n\tbare = false\n\tignorecase = true\n\tprecomposeunicode = true\n";
    expect((await walk({ "proj/.git/config": macClone })).files).toEqual(["AGENTS.md", "tools/AGENTS.md"]);
    expect((await walk({ "proj/.git/config": "[Core]\n\tIgnoreCase\n" })).files).toEqual(["AGENTS.md", "tools/AGENTS.md"]);
    // Without the setting, or with it false, git compares case: Build/ is not build/.
    const sensitive = ["AGENTS.md", "Build/AGENTS.md", "tools/AGENTS.md"];
    expect((await walk({ "proj/.git/config": "[core]\n\tbare = false\n" })).files).toEqual(sensitive);
    expect((await walk({ "proj/.git/config": "[core]\n\tignorecase = false\n" })).files).toEqual(sensitive);
    expect((await walk({ "proj/.git/HEAD": "ref: refs/heads/main\n" })).files).toEqual(sensitive);
  });

  it("follows a worktree's .git file to the shared config and info/exclude, reading files only", async () => {
    const root = await tempTree({
      "main/.git/config": "[core]\n\tignorecase = true\n",
      "main/.git/info/exclude": "Scratch/\n",
      "main/.git/worktrees/feature/commondir": "../..\n",
      "main/.git/worktrees/feature/HEAD": "ref: refs/heads/feature\n",
      "feature/.git": "gitdir: ../main/.git/worktrees/feature\n",
      "feature/.gitignore": "dist/\n",
      "feature/AGENTS.md": "root",
      "feature/DIST/AGENTS.md": "built",
      "feature/scratch/AGENTS.md": "local notes",
      "feature/src/AGENTS.md": "src",
    });
    const walk = await walkProject({ root: join(root, "feature"), fs: nodeFs, patterns: AGENTS });
    expect(walk.files).toEqual(["AGENTS.md", "src/AGENTS.md"]);
    expect(walk.ignoreFiles.map((f) => f.slice(root.length))).toEqual(["/main/.git/info/exclude", "/feature/.gitignore"]);
  });

  it("treats a .git/config it cannot read as case-sensitive, quietly: garbage, over 1 MiB, a folder, a .git file pointing nowhere", async () => {
    const huge = `[core]\n\tignorecase = true\n${"# padding\n".repeat(120_000)}`;
    const cases: Record<string, string>[] = [
      { "proj/.git/config": "\u0000\u0001 not a config [core] ignorecase = true" },
      { "proj/.git/config": '[core]\n\tignorecase = true\n[user]\n\tname = "unterminated\n' },
      { "proj/.git/config": "[core]\n\tignorecase = maybe\n" },
      { "proj/.git/config": huge },
      { "proj/.git/config/core": "ignorecase = true" },
      { "proj/.git": "gitdir: ../nowhere\n" },
      { "proj/.git": "[core]\n\tignorecase = true\n" },
    ];
    for (const files of cases) {
      const root = await tempTree({ ...files, "proj/.gitignore": "build/\n", "proj/Build/AGENTS.md": "kept", "proj/AGENTS.md": "root" });
      const walk = await walkProject({ root: join(root, "proj"), fs: nodeFs, patterns: AGENTS });
      expect(walk.files).toEqual(["AGENTS.md", "Build/AGENTS.md"]);
      expect(walk.diagnostics).toEqual([]);
    }
  });

  it("still finds what a source names literally when git ignores it, with a git-ignored info, but never enters an ignored dist/", async () => {
    const root = await tempTree({
      // Real shapes: steering files committed under an ignored .kiro/*, personal overrides listed in .gitignore.
      "proj/.gitignore": ".kiro/*\nAGENTS.override.md\nCLAUDE.md\ndist/\nbuild/\n.cursor/\n",
      "proj/.kiro/steering/product.md": "product",
      "proj/.kiro/specs/plan.md": "not a rule folder",
      "proj/AGENTS.override.md": "mine",
      "proj/packages/web/CLAUDE.md": "web, personal",
      "proj/packages/web/.cursor/rules/react.mdc": "react",
      "proj/packages/web/.cursor/mcp.json": "{}",
      "proj/dist/.cursor/rules/copied.mdc": "a build copy",
      "proj/build/AGENTS.md": "generated",
    });
    const patterns = [
      ...AGENTS,
      ...CURSOR,
      "AGENTS.override.md",
      "**/AGENTS.override.md",
      "CLAUDE.md",
      "**/CLAUDE.md",
      ".kiro/steering/**/*.md",
      "**/.kiro/steering/**/*.md",
    ];
    const proj = join(root, "proj");
    const walk = await walkProject({ root: proj, fs: nodeFs, patterns });
    expect(walk.files).toEqual([".kiro/steering/product.md", "AGENTS.override.md", "packages/web/.cursor/rules/react.mdc", "packages/web/CLAUDE.md"]);
    expect(walk.gitIgnored).toEqual(walk.files);
    expect(walk.diagnostics.map((d) => [d.code, d.severity, d.path?.slice(proj.length + 1)])).toEqual(
      walk.files.map((f) => ["git-ignored", "info", f]),
    );
  });

  it("lists symlinked files but never enters symlinked folders", async () => {
    const root = await tempTree({
      "proj/AGENTS.md": "real",
      "proj/docs/AGENTS.md": { symlink: "proj/AGENTS.md" },
      "outside/AGENTS.md": "elsewhere",
    });
    symlinkSync(join(root, "outside"), join(root, "proj", "linked"));
    symlinkSync(join(root, "proj"), join(root, "proj", "loop"));
    const walk = await walkProject({ root: join(root, "proj"), fs: nodeFs, patterns: AGENTS });
    expect(walk.files).toEqual(["AGENTS.md", "docs/AGENTS.md"]);
  });

  it("stops at the depth and entry bounds with a walk-truncated warning, keeping what it found", async () => {
    const root = await tempTree({ "proj/AGENTS.md": "root", "proj/a/b/c/d/AGENTS.md": "deep" });
    const proj = join(root, "proj");
    const shallow = await walkProject({ root: proj, fs: nodeFs, patterns: AGENTS, maxDepth: 2 });
    expect(shallow.files).toEqual(["AGENTS.md"]);
    expect(shallow.diagnostics).toEqual([expect.objectContaining({ code: "walk-truncated", severity: "warning" })]);
    expect(shallow.diagnostics[0]?.message).toMatch(/deeper than 2 levels/);

    for (let i = 0; i < 30; i++) mkdirSync(join(proj, `dir${i}`));
    const crowded = await walkProject({ root: proj, fs: nodeFs, patterns: AGENTS, maxEntries: 10 });
    expect(crowded.files).toContain("AGENTS.md");
    expect(crowded.diagnostics.map((d) => d.code)).toEqual(["walk-truncated"]);
    expect(crowded.diagnostics[0]?.message).toMatch(/more than 10 entries/);
  });

  it("is silent for a missing project folder", async () => {
    const root = await tempTree({});
    const walk = await walkProject({ root: join(root, "nowhere"), fs: nodeFs, patterns: AGENTS });
    expect(walk).toMatchObject({ files: [], diagnostics: [] });
  });
});

describe("comparePaths", () => {
  // The order it must give: segment by segment in byte order, a folder before what it holds.
  const bySegments = (a: string, b: string): number => {
    const x = a.split("/");
    const y = b.split("/");
    for (let i = 0; i < Math.min(x.length, y.length); i++) {
      const c = compareBytes(x[i] as string, y[i] as string);
      if (c !== 0) return c;
    }
    return x.length - y.length;
  };
  // Few characters, so paths share folders and prefixes; `-` and `.` sort before `/` by code
  // unit yet segment by segment they come after a folder's end; a surrogate pair against U+E000.
  const path = fc.array(fc.constantFrom("a", "b", "-", ".", "/", "\u{1F600}", "\uE000"), { maxLength: 8 }).map((parts) => parts.join(""));

  it("orders any two paths as comparing them segment by segment does", () => {
    fc.assert(
      fc.property(path, path, (a, b) => {
        expect(Math.sign(comparePaths(a, b)), `${JSON.stringify(a)} vs ${JSON.stringify(b)}`).toBe(Math.sign(bySegments(a, b)));
      }),
      { numRuns: 5000 },
    );
  });

  it("puts a folder's files before a sibling whose name extends the folder's", () => {
    expect(["a-b/x.md", "a/z.md", "a/b/y.md", "a.md"].sort(comparePaths)).toEqual(["a/b/y.md", "a/z.md", "a-b/x.md", "a.md"]);
  });
});
