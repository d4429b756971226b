import { checkExportRoundTrip, EXPORT_SAMPLE_RULES } from "@rulebook/core/testing";
import type { Rule } from "@rulebook/core";
import { describe, expect, it } from "vitest";
import { gooseProvider } from "./index.js";
import { writeGooseRules } from "./write.js";

const rule = (name: string, fields: Partial<Rule> = {}): Rule => ({
  name,
  path: `/p/${name}.md`,
  content: `${name} text.`,
  source: { provider: "sample", providerName: "Sample", level: "project" },
  ...fields,
});

describe("goose export", () => {
  it("reads back every rule it can express exactly, and reports a loss for every other", async () => {
    const result = await checkExportRoundTrip(gooseProvider, EXPORT_SAMPLE_RULES);
    expect(result.wrong).toEqual([]);
    expect(result.exact).toEqual(["packages/api/always"]);
    expect(result.lost.length + result.exact.length).toBe(EXPORT_SAMPLE_RULES.length);
  });

  it("writes the tool's own files, and only those", async () => {
    const { plan } = await checkExportRoundTrip(gooseProvider, EXPORT_SAMPLE_RULES);
    expect(plan.files.map((f) => f.path)).toEqual([".goosehints", "packages/api/.goosehints", "packages/web/.goosehints"]);
    const file = plan.files.find((f) => f.path === "packages/api/.goosehints");
    expect(file?.content).toContain("Return problem+json errors.\n");
  });

  it("writes a rule named as its file with no loss, and says how another name reads back", () => {
    expect(writeGooseRules([rule("goosehints", { alwaysApply: true })])).toEqual({
      files: [{ path: ".goosehints", content: expect.stringContaining("goosehints text."), target: "goose", rules: ["goosehints"] }],
      losses: [],
    });
    expect(writeGooseRules([rule("style", { alwaysApply: true })]).losses.map((l) => l.message)).toEqual([
      'goose reads .goosehints as the rule "goosehints"',
    ]);
  });

  it("writes a scoped rule into its folder", () => {
    const { files, losses } = writeGooseRules([rule("packages/api/api", { scope: "packages/api", alwaysApply: true })]);
    expect(files.map((f) => f.path)).toEqual(["packages/api/.goosehints"]);
    expect(losses.map((l) => l.part)).toEqual(["name"]);
  });
});
