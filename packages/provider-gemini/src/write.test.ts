import { checkExportRoundTrip, EXPORT_SAMPLE_RULES } from "@rulebook/core/testing";
import type { Rule } from "@rulebook/core";
import { describe, expect, it } from "vitest";
import { geminiProvider } from "./index.js";
import { writeGeminiRules } from "./write.js";

const rule = (name: string, fields: Partial<Rule> = {}): Rule => ({
  name,
  path: `/p/${name}.md`,
  content: `${name} text.`,
  source: { provider: "sample", providerName: "Sample", level: "project" },
  ...fields,
});

describe("gemini export", () => {
  it("reads back every rule it can express exactly, and reports a loss for every other", async () => {
    const result = await checkExportRoundTrip(geminiProvider, EXPORT_SAMPLE_RULES);
    expect(result.wrong).toEqual([]);
    expect(result.exact).toEqual(["packages/api/always"]);
    expect(result.lost.length + result.exact.length).toBe(EXPORT_SAMPLE_RULES.length);
  });

  it("writes the tool's own format", async () => {
    const { plan } = await checkExportRoundTrip(geminiProvider, EXPORT_SAMPLE_RULES);
    const file = plan.files.find((f) => f.path === "packages/api/GEMINI.md");
    expect(file?.content).toContain("Return problem+json errors.");
  });

  it("writes a rule named as its file with no loss, and says how another name reads back", () => {
    expect(writeGeminiRules([rule("GEMINI", { alwaysApply: true })])).toEqual({
      files: [{ path: "GEMINI.md", content: expect.stringContaining("GEMINI text."), target: "gemini", rules: ["GEMINI"] }],
      losses: [],
    });
    expect(writeGeminiRules([rule("style", { alwaysApply: true })]).losses.map((l) => l.message)).toEqual([
      'gemini reads GEMINI.md as the rule "GEMINI"',
    ]);
  });

  it("writes a scoped rule into its folder", () => {
    const { files, losses } = writeGeminiRules([rule("packages/api/api", { scope: "packages/api", alwaysApply: true })]);
    expect(files.map((f) => f.path)).toEqual(["packages/api/GEMINI.md"]);
    expect(losses.map((l) => l.part)).toEqual(["name"]);
  });
});
