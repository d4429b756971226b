import { checkExportRoundTrip, EXPORT_SAMPLE_RULES } from "@rulebook/core/testing";
import type { Rule } from "@rulebook/core";
import { describe, expect, it } from "vitest";
import { claudeProvider } from "./index.js";
import { writeClaudeRules } from "./write.js";

const rule = (name: string, fields: Partial<Rule> = {}): Rule => ({
  name,
  path: `/p/${name}.md`,
  content: `${name} text.`,
  source: { provider: "sample", providerName: "Sample", level: "project" },
  ...fields,
});

describe("claude export", () => {
  it("reads back every rule it can express exactly, and reports a loss for every other", async () => {
    const result = await checkExportRoundTrip(claudeProvider, EXPORT_SAMPLE_RULES);
    expect(result.wrong).toEqual([]);
    expect(result.exact).toEqual(["always", "typescript", "src-only", "bad:name*?", "zero\u200bwidth"]);
    expect(result.lost.length + result.exact.length).toBe(EXPORT_SAMPLE_RULES.length);
  });

  it("writes the tool's own format", async () => {
    const { plan } = await checkExportRoundTrip(claudeProvider, EXPORT_SAMPLE_RULES);
    const file = plan.files.find((f) => f.path === ".claude/rules/typescript.md");
    expect(file?.content).toContain('paths: ["**/*.ts", "**/*.tsx"]');
  });

  it("says Claude Code reads no description", () => {
    expect(writeClaudeRules([rule("style", { alwaysApply: true, description: "Style" })]).losses.map((l) => l.message)).toEqual([
      "Claude Code reads no description in its rule files",
    ]);
  });
});
