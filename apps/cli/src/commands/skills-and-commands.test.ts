import { describe, expect, it } from "vitest";
import { fixtureArgs, runCli } from "../../test/helpers.js";

interface Report {
  rules: Array<{ name: string; path: string }>;
  diagnostics: Array<{ severity: string; code: string; message: string; path?: string }>;
}

// Claude Code's skills, commands and subagents, Cursor's commands and an Agent Skills bundle, next to a CLAUDE.md.
describe("skills, commands and subagents", () => {
  const args = fixtureArgs("skills-and-commands");

  it("are not read as rules, and one info line per load says how many there are, by folder", () => {
    const report = JSON.parse(runCli(["inspect", "--json", ...args]).stdout) as Report;
    expect(report.rules.map((r) => r.name)).toEqual(["CLAUDE"]);
    const notes = report.diagnostics.filter((d) => d.code === "not-rules");
    expect(notes).toEqual([
      {
        severity: "info",
        code: "not-rules",
        message:
          "6 skills, commands and subagents are not rules; not read: 1 skill in .agents/skills, 1 command in .cursor/commands, 2 skills in .claude/skills, 1 command in .claude/commands, 1 subagent in .claude/agents",
      },
    ]);
  });

  it("shows that line in lint, and counts it as no problem in prompt", () => {
    expect(runCli(["lint", ...args]).stdout).toContain("info     not-rules  6 skills, commands and subagents are not rules; not read:");
    expect(runCli(["prompt", ...args]).stderr).toBe("");
  });
});
