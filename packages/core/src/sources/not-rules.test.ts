import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { defineProvider } from "../provider/provider.js";
import { createRegistry } from "../provider/registry.js";
import { tempTree } from "../testing/temp-tree.js";
import { readSourceSpec } from "./shape.js";

const claudeLike = defineProvider({
  id: "claude",
  displayName: "Claude Code",
  priority: 45,
  sources: () => [
    { kind: "pattern", file: "CLAUDE.md", name: "CLAUDE", level: "project", activation: "always" },
    { kind: "not-rules", what: "skill", folder: ".claude/skills", file: "SKILL.md" },
    { kind: "not-rules", what: "command", folder: ".claude/commands", extensions: [".md"] },
  ],
});

describe("not-rules sources", () => {
  it("count skill bundles and commands at any depth, read none of them, and say so once", async () => {
    const root = await tempTree({
      "proj/.git/HEAD": "ref: refs/heads/main\n",
      "proj/CLAUDE.md": "Use pnpm.",
      "proj/.claude/skills/pdf/SKILL.md": "---\nname: pdf\n---\nFill forms.",
      "proj/.claude/skills/pdf/forms.md": "Reference, not a skill of its own.",
      "proj/.claude/commands/release.md": "Cut a release.",
      "proj/packages/web/.claude/commands/deploy.md": "Deploy the web app.",
      "proj/.venv/lib/.claude/commands/x.md": "Inside a folder the walk never enters.",
    });
    const result = await createRegistry([claudeLike]).load({ cwd: join(root, "proj"), home: join(root, "home") });
    expect(result.rules.map((r) => r.name)).toEqual(["CLAUDE"]);
    expect(result.notRules).toEqual([
      { what: "skill", folder: ".claude/skills", files: [".claude/skills/pdf/SKILL.md"] },
      { what: "command", folder: ".claude/commands", files: [".claude/commands/release.md", "packages/web/.claude/commands/deploy.md"] },
    ]);
    expect(result.diagnostics).toEqual([
      {
        severity: "info",
        code: "not-rules",
        message: "3 skills and commands are not rules; not read: 1 skill in .claude/skills, 2 commands in .claude/commands",
      },
    ]);
  });

  it("say one file is not a rule", async () => {
    const root = await tempTree({ "proj/.git/HEAD": "ref: refs/heads/main\n", "proj/.claude/skills/pdf/SKILL.md": "Fill forms." });
    const result = await createRegistry([claudeLike]).load({ cwd: join(root, "proj"), home: join(root, "home") });
    expect(result.diagnostics.map((d) => d.message)).toEqual(["1 skill is not a rule; not read: 1 skill in .claude/skills"]);
  });

  it("are checked as data", () => {
    expect(readSourceSpec({ kind: "not-rules", what: "skill", folder: ".claude/skills", file: "SKILL.md" })).toHaveProperty("source");
    expect(readSourceSpec({ kind: "not-rules", what: "macro", folder: ".x", file: "a.md" })).toEqual({
      problem: 'a not-rules source whose what is "macro"',
    });
    expect(readSourceSpec({ kind: "not-rules", what: "skill", folder: "../x", file: "a.md" })).toHaveProperty("problem");
    expect(readSourceSpec({ kind: "not-rules", what: "skill", folder: ".x", file: "a.md", extensions: [".md"] })).toHaveProperty("problem");
  });
});
