import { checkExportRoundTrip, EXPORT_SAMPLE_RULES } from "@rulebook/core/testing";
import type { Rule } from "@rulebook/core";
import { describe, expect, it } from "vitest";
import { zedProvider } from "./index.js";
import { writeZedRules } from "./write.js";

const rule = (name: string, fields: Partial<Rule> = {}): Rule => ({
  name,
  path: `/p/${name}.md`,
  content: `${name} text.`,
  source: { provider: "sample", providerName: "Sample", level: "project" },
  ...fields,
});

describe("zed export", () => {
  it("reads back every rule it can express exactly, and reports a loss for every other", async () => {
    const result = await checkExportRoundTrip(zedProvider, EXPORT_SAMPLE_RULES);
    expect(result.wrong).toEqual([]);
    expect(result.exact).toEqual([]);
    expect(result.lost.length + result.exact.length).toBe(EXPORT_SAMPLE_RULES.length);
  });

  it("writes the tool's own files, and only those", async () => {
    const { plan } = await checkExportRoundTrip(zedProvider, EXPORT_SAMPLE_RULES);
    expect(plan.files.map((f) => f.path)).toEqual([".rules"]);
    const file = plan.files.find((f) => f.path === ".rules");
    expect(file?.content).toContain("## always\n\nUse pnpm, never npm.");
  });

  it("writes a rule named as its file with no loss, and says how another name reads back", () => {
    expect(writeZedRules([rule("rules", { alwaysApply: true })])).toEqual({
      files: [{ path: ".rules", content: expect.stringContaining("rules text."), target: "zed", rules: ["rules"] }],
      losses: [],
    });
    expect(writeZedRules([rule("style", { alwaysApply: true })]).losses.map((l) => l.message)).toEqual(['zed reads .rules as the rule "rules"']);
  });

  it("writes a scoped rule at the root, for every file, and says so", () => {
    const { files, losses } = writeZedRules([rule("packages/api/api", { scope: "packages/api", alwaysApply: true })]);
    expect(files.map((f) => f.path)).toEqual([".rules"]);
    expect(losses.map((l) => l.part)).toEqual(["scope", "name"]);
  });
});
