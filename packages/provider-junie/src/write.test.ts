import { checkExportRoundTrip, EXPORT_SAMPLE_RULES } from "@rulebook/core/testing";
import type { Rule } from "@rulebook/core";
import { describe, expect, it } from "vitest";
import { junieProvider } from "./index.js";
import { writeJunieRules } from "./write.js";

const rule = (name: string, fields: Partial<Rule> = {}): Rule => ({
  name,
  path: `/p/${name}.md`,
  content: `${name} text.`,
  source: { provider: "sample", providerName: "Sample", level: "project" },
  ...fields,
});

describe("junie export", () => {
  it("reads back every rule it can express exactly, and reports a loss for every other", async () => {
    const result = await checkExportRoundTrip(junieProvider, EXPORT_SAMPLE_RULES);
    expect(result.wrong).toEqual([]);
    expect(result.exact).toEqual([]);
    expect(result.lost.length + result.exact.length).toBe(EXPORT_SAMPLE_RULES.length);
  });

  it("writes the tool's own format", async () => {
    const { plan } = await checkExportRoundTrip(junieProvider, EXPORT_SAMPLE_RULES);
    const file = plan.files.find((f) => f.path === ".junie/guidelines.md");
    expect(file?.content).toContain("## typescript\n\nPrefer `unknown` to `any`.");
  });

  it("writes a rule named as its file with no loss, and says how another name reads back", () => {
    expect(writeJunieRules([rule("junie/guidelines", { alwaysApply: true })])).toEqual({
      files: [
        { path: ".junie/guidelines.md", content: expect.stringContaining("junie/guidelines text."), target: "junie", rules: ["junie/guidelines"] },
      ],
      losses: [],
    });
    expect(writeJunieRules([rule("style", { alwaysApply: true })]).losses.map((l) => l.message)).toEqual([
      'junie reads .junie/guidelines.md as the rule "junie/guidelines"',
    ]);
  });

  it("writes a scoped rule at the root, for every file, and says so", () => {
    const { files, losses } = writeJunieRules([rule("packages/api/api", { scope: "packages/api", alwaysApply: true })]);
    expect(files.map((f) => f.path)).toEqual([".junie/guidelines.md"]);
    expect(losses.map((l) => l.part)).toEqual(["scope", "name"]);
  });
});
