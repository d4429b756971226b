import { execFileSync } from "node:child_process";
import { renameSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type RuleFs, nodeFs } from "../read/fs.js";
import { loadRules } from "./load.js";
import { defineProvider } from "../provider/provider.js";
import { tempTree } from "../testing/temp-tree.js";

// Issue 19 item 12: a subfolder swapped for a symlink between listing its parent and listing it.
// Node's readdir follows the link, so the scan walks into the outside folder; the loader must
// still refuse every file there, because it checks where the opened file really is.
const cursorLike = defineProvider({
  id: "cursor",
  displayName: "Cursor",
  priority: 50,
  sources: ({ home }) => [
    { kind: "pattern", folder: ".cursor/rules", extensions: [".mdc"], level: "project" },
    { kind: "folder", path: join(home, ".cursor", "rules"), extensions: [".mdc"], level: "user" },
  ],
});

/** Node's file system, except that listing `parent` swaps `parent/sub` for a link to `outside` right after. */
function swappingFs(parent: string, outside: string): RuleFs {
  let swapped = false;
  return {
    ...nodeFs,
    readdir(path) {
      const entries = nodeFs.readdir(path);
      if (path === parent && !swapped) {
        swapped = true;
        renameSync(join(parent, "sub"), join(parent, "sub-old"));
        symlinkSync(outside, join(parent, "sub"));
      }
      return entries;
    },
  };
}

describe("a rule subfolder swapped for a symlink mid-scan (issue 19 item 12)", () => {
  const tree = {
    "secrets/token.mdc": "---\nalwaysApply: true\n---\nnpm_SECRET",
    "proj/.cursor/rules/top.mdc": "---\nalwaysApply: true\n---\nTop.",
    "proj/.cursor/rules/sub/inner.mdc": "---\nalwaysApply: true\n---\nInner.",
    "home/.cursor/rules/mine.mdc": "---\nalwaysApply: true\n---\nMine.",
    "home/.cursor/rules/sub/inner.mdc": "---\nalwaysApply: true\n---\nMine inner.",
  };

  it("never loads what the link points to, in a project pattern source", async () => {
    const root = await tempTree(tree);
    const fs = swappingFs(join(root, "proj/.cursor/rules"), join(root, "secrets"));
    const result = await loadRules([cursorLike], { cwd: join(root, "proj"), home: join(root, "home"), fs });
    expect(result.rules.some((r) => r.content.includes("SECRET"))).toBe(false);
    // The listing saw a folder; the walk then listed the outside folder through the link, and
    // reading its file is refused and said.
    const refused = result.diagnostics.filter((d) => d.code === "symlink-outside");
    expect(refused.map((d) => d.path)).toEqual([join(root, "proj/.cursor/rules/sub/token.mdc")]);
  });

  it("never loads what the link points to, in a user folder source", async () => {
    const root = await tempTree(tree);
    const fs = swappingFs(join(root, "home/.cursor/rules"), join(root, "secrets"));
    const result = await loadRules([cursorLike], { cwd: join(root, "proj"), home: join(root, "home"), fs });
    expect(result.rules.some((r) => r.content.includes("SECRET"))).toBe(false);
    expect(result.rules.map((r) => r.name)).toContain("mine");
    const refused = result.diagnostics.filter((d) => d.code === "symlink-outside");
    expect(refused.map((d) => d.path)).toEqual([join(root, "home/.cursor/rules/sub/token.mdc")]);
  });

  it("refuses, on the next load, a subfolder that became a link to a folder outside the project", async () => {
    const root = await tempTree(tree);
    const options = { cwd: join(root, "proj"), home: join(root, "home") };
    const before = await loadRules([cursorLike], options);
    expect(before.rules.map((r) => r.name)).toContain("sub/inner");
    const parent = join(root, "proj/.cursor/rules");
    renameSync(join(parent, "sub"), join(parent, "sub-old"));
    symlinkSync(join(root, "secrets"), join(parent, "sub"));
    const after = await loadRules([cursorLike], options);
    expect(after.rules.some((r) => r.content.includes("SECRET"))).toBe(false);
    expect(after.rules.map((r) => r.name)).not.toContain("sub/token");
  });
});

describe("a user rule folder that is itself a link out of home (issue 19 item 12)", () => {
  it("is not scanned, and says so", async () => {
    const root = await tempTree({ "secrets/token.mdc": "npm_SECRET", "home/.cursor/keep": "" });
    symlinkSync(join(root, "secrets"), join(root, "home/.cursor/rules"));
    const result = await loadRules([cursorLike], { cwd: join(root, "proj"), home: join(root, "home") });
    expect(result.rules).toEqual([]);
    expect(result.diagnostics.map((d) => [d.code, d.path])).toEqual([["symlink-outside", join(root, "home/.cursor/rules")]]);
  });
});

describe("a rule file swapped for a FIFO between listing and reading (issue 19 item 9)", () => {
  it("is opened without blocking and refused, and the other rules load", { timeout: 60_000 }, async () => {
    const root = await tempTree({ "proj/.cursor/rules/a.mdc": "---\nalwaysApply: true\n---\nA.", "proj/.cursor/rules/b.mdc": "B." });
    const folder = join(root, "proj/.cursor/rules");
    // The listing sees a regular file; the swap happens right after it.
    const fs: RuleFs = {
      ...nodeFs,
      readdir(path) {
        const entries = nodeFs.readdir(path);
        if (path === folder) {
          rmSync(join(folder, "b.mdc"));
          execFileSync("mkfifo", [join(folder, "b.mdc")]);
        }
        return entries;
      },
    };
    const result = await loadRules([cursorLike], { cwd: join(root, "proj"), home: join(root, "home"), fs });
    expect(result.rules.map((r) => r.name)).toEqual(["a"]);
    expect(result.diagnostics.map((d) => [d.code, d.path])).toEqual([["not-a-file", join(folder, "b.mdc")]]);
  });
});
