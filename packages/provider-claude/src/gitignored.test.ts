import { join } from "node:path";
import { createRegistry, partitionRules } from "@rulebook/core";
import { tempTree } from "@rulebook/core/testing";
import { describe, expect, it } from "vitest";
import { claudeProvider } from "./index.js";

// The shape Claude Code sets up: a personal CLAUDE.local.md that the repository's .gitignore
// lists (the walk skips git-ignored files, so the fixture is written at test time: a committed
// fixture with that .gitignore would ignore its own file).
describe("a git-ignored CLAUDE.local.md at the root", () => {
  it("is loaded and always applied, as Claude Code reads it", async () => {
    const dir = await tempTree({
      "proj/.git/HEAD": "ref: refs/heads/main\n",
      "proj/.gitignore": "# personal notes\nCLAUDE.local.md\n.claude/settings.local.json\n",
      "proj/CLAUDE.md": "# Team memory\n\nRun `make check` before pushing.\n",
      "proj/CLAUDE.local.md": "# My notes\n\nMy sandbox database is on port 5433.\n",
    });
    const proj = join(dir, "proj");
    const result = await createRegistry([claudeProvider]).load({ cwd: proj, home: join(dir, "home"), root: proj });
    const { all } = partitionRules(result.rules);
    expect(all.map((entry) => [entry.rule.name, entry.category])).toEqual([
      ["CLAUDE", "always-apply"],
      ["CLAUDE.local", "always-apply"],
    ]);
    // The walk reads a file a source names although git ignores it, and says so (an info).
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.path])).toEqual([["git-ignored", "info", join(proj, "CLAUDE.local.md")]]);
  });

  it("stays one rule when it is not ignored", async () => {
    const dir = await tempTree({
      "proj/.git/HEAD": "ref: refs/heads/main\n",
      "proj/CLAUDE.local.md": "# My notes\n\nMy sandbox database is on port 5433.\n",
    });
    const proj = join(dir, "proj");
    const result = await createRegistry([claudeProvider]).load({ cwd: proj, home: join(dir, "home"), root: proj });
    expect(result.rules.map((rule) => rule.name)).toEqual(["CLAUDE.local"]);
  });
});
