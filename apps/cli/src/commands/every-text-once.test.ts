import { describe, expect, it } from "vitest";
import { fixtureArgs, runCli } from "../../test/helpers.js";

// Shaped like the real cases of issue 22: a CLAUDE.md of a heading, @AGENTS.md and a sentence; a
// GEMINI.md pointing at AGENTS.md mid-sentence; a Cursor rule mirrored by an always_on Windsurf
// copy; a Cursor rule with a description and globs; Cursor keys in .claude/rules; Copilot applyTo.
const args = fixtureArgs("every-text-once");
const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/<\/?instructions[^>]*>/g, "").trim())
    .filter((p) => p.length >= 40);

describe("rulebook prompt carries every text once", () => {
  const plain = runCli(["prompt", ...args]);

  it("repeats no paragraph of any rule", () => {
    expect(plain.code).toBe(0);
    const seen = paragraphs(plain.stdout);
    expect(seen.length).toBeGreaterThan(5);
    expect(new Set(seen).size).toBe(seen.length);
    expect(plain.stdout.match(/Run `pnpm test` before every commit/g)).toHaveLength(1);
  });

  it("keeps the importing rules' own words and names AGENTS.md instead of pasting it, never mid-sentence", () => {
    expect(plain.stdout).toContain(
      '<instructions name="CLAUDE" file="CLAUDE.md">\n# CLAUDE.md\n\nThis file gives Claude Code guidance for this repository.\n\nSee rule://AGENTS (AGENTS.md).\n\nWhen in doubt, ask before adding a dependency.\n</instructions>',
    );
    expect(plain.stdout).toContain("All working instructions live in rule://AGENTS - follow it.");
    expect(plain.stdout).not.toContain("live in # Repository Guidelines");
  });

  it("keeps the always_on copy of a mirrored text, not the Cursor copy scoped by globs, and keeps that copy's metadata", () => {
    expect(plain.stdout).toContain('<instructions name="error-handling" file=".windsurf/rules/error-handling.md">');
    const inspect = JSON.parse(runCli(["inspect", "--json", ...args]).stdout) as {
      duplicates: Array<{ name: string; path: string; description?: string; globs?: string[]; duplicateOf: { path: string } }>;
    };
    expect(inspect.duplicates).toEqual([
      expect.objectContaining({
        name: "error-handling",
        description: "Error handling in request handlers",
        globs: ["src/api/**/*.ts"],
        duplicateOf: expect.objectContaining({ path: expect.stringMatching(/\.windsurf\/rules\/error-handling\.md$/) }),
      }),
    ]);
  });

  it("lists a rule with a description and globs in the rulebook, and attaches it when a file matches", () => {
    expect(plain.stdout).toContain('<rule name="logging">\n<description>Logging conventions for services</description>');
    const withFile = runCli(["prompt", ...args, "--file", "src/api/users.ts"]);
    expect(withFile.stdout).toContain('<attached-rule name="logging" file="src/api/users.ts" glob="src/**/*.ts">');
    expect(withFile.stdout).not.toContain('<rule name="logging">');
  });

  it("keeps a .claude/rules file with Cursor keys always applied, and matches Copilot's applyTo ignoring case", () => {
    expect(plain.stdout).toContain('<instructions name="testing" file=".claude/rules/testing.md">');
    const upper = runCli(["prompt", ...args, "--file", "SRC/API/USERS.TS"]);
    expect(upper.stdout).toContain('<attached-rule name="typescript" file="SRC/API/USERS.TS"');
  });

  it("counts the infos of this project as no problem", () => {
    expect(plain.stderr).toBe("");
    const lint = JSON.parse(runCli(["lint", "--json", ...args]).stdout) as { diagnostics: Array<{ code: string; severity: string }> };
    expect(lint.diagnostics.map((d) => [d.code, d.severity])).toEqual([
      ["claude-rules-other-keys", "info"],
      ["rule-duplicate", "info"],
    ]);
  });
});
