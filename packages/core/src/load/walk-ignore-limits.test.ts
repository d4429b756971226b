import { execFileSync } from "node:child_process";
import { symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { nodeFs } from "../read/fs.js";
import { tempTree } from "../testing/temp-tree.js";
import { walkProject } from "./walk.js";

const AGENTS = ["AGENTS.md", "**/AGENTS.md"];
const codes = (walk: { diagnostics: Array<{ code: string }> }) => walk.diagnostics.map((d) => d.code);

describe("the walk's ignore files (issue 39, items 6 and 8)", () => {
  it("never reads a .gitignore that is a FIFO or a device, or one over 1 MiB: each is skipped with a warning", async () => {
    const root = await tempTree({
      "proj/AGENTS.md": "root",
      "proj/fifo/AGENTS.md": "a",
      "proj/zero/AGENTS.md": "b",
      "proj/large/AGENTS.md": "c",
      "proj/large/.gitignore": `${"x".repeat(1024 * 1024)}\n`,
    });
    const proj = join(root, "proj");
    execFileSync("mkfifo", [join(proj, "fifo/.gitignore")]);
    symlinkSync("/dev/zero", join(proj, "zero/.gitignore"));
    symlinkSync("/dev/stdin", join(proj, ".gitignore"));
    const walk = await walkProject({ root: proj, fs: nodeFs, patterns: AGENTS });
    expect(walk.files).toEqual(["AGENTS.md", "fifo/AGENTS.md", "large/AGENTS.md", "zero/AGENTS.md"]);
    const skipped = walk.diagnostics.filter((d) => d.code === "ignore-file-skipped");
    expect(skipped.map((d) => d.path?.slice(proj.length)).sort()).toEqual([
      "/.gitignore",
      "/fifo/.gitignore",
      "/large/.gitignore",
      "/zero/.gitignore",
    ]);
    expect(skipped.find((d) => d.path?.endsWith("large/.gitignore"))?.message).toMatch(/over the 1048576-byte limit/);
    expect(skipped.find((d) => d.path?.endsWith("fifo/.gitignore"))?.message).toMatch(/not a regular file/);
  });

  it("applies the ignore files of one load up to a budget; the file that passes it and those after it are skipped with one warning", async () => {
    const root = await tempTree({
      "proj/.gitignore": "out/\n*.tmp\n",
      "proj/out/AGENTS.md": "ignored by the root file",
      "proj/a/.gitignore": "build*/\n",
      "proj/a/build-x/AGENTS.md": "ignored: a's file fits",
      "proj/b/.gitignore": "gen*/\nlib?/\n",
      "proj/b/gen-x/AGENTS.md": "not ignored: b's file is past the budget",
      "proj/c/.gitignore": "skip/\n",
      "proj/c/skip/AGENTS.md": "not ignored: after the budget was spent",
    });
    const proj = join(root, "proj");
    const walk = await walkProject({ root: proj, fs: nodeFs, patterns: AGENTS, ignoreLimits: { maxBytes: 1024, maxWildcards: 2 } });
    expect(walk.files).toEqual(["b/gen-x/AGENTS.md", "c/skip/AGENTS.md"]);
    const budget = walk.diagnostics.filter((d) => d.code === "ignore-budget");
    expect(budget).toHaveLength(1);
    expect(budget[0]?.path).toBe(join(proj, "b/.gitignore"));
    expect(budget[0]?.message).toMatch(/this file and the 1 ignore file met after it are not applied/);
    // The text counts too.
    writeFileSync(join(proj, ".gitignore"), `out/\n#${"x".repeat(2000)}\n`);
    const byText = await walkProject({ root: proj, fs: nodeFs, patterns: AGENTS, ignoreLimits: { maxBytes: 1024, maxWildcards: 100 } });
    expect(byText.files).toContain("out/AGENTS.md");
    expect(codes(byText)).toEqual(["ignore-budget"]);
  });

  it("applies a real project's ignore files whole under the default budget, with no warning", async () => {
    const root = await tempTree({
      "proj/.gitignore": "node_modules/\ndist/\n.env*\n*.log\n[Dd]ebug/\n",
      "proj/dist/AGENTS.md": "built",
      "proj/Debug/AGENTS.md": "built",
      "proj/src/AGENTS.md": "kept",
    });
    const proj = join(root, "proj");
    const walk = await walkProject({ root: proj, fs: nodeFs, patterns: AGENTS });
    expect(walk.files).toEqual(["src/AGENTS.md"]);
    expect(codes(walk)).toEqual([]);
  });
});
