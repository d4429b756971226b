import { checkExportRoundTrip, EXPORT_SAMPLE_RULES } from "@rulebook/core/testing";
import type { Rule } from "@rulebook/core";
import { describe, expect, it } from "vitest";
import { crushProvider } from "./index.js";
import { writeCrushRules } from "./write.js";

const rule = (name: string, fields: Partial<Rule> = {}): Rule => ({
  name,
  path: `/p/${name}.md`,
  content: `${name} text.`,
  source: { provider: "sample", providerName: "Sample", level: "project" },
  ...fields,
});

describe("crush export", () => {
  it("reads back every rule it can express exactly, and reports a loss for every other", async () => {
    const result = await checkExportRoundTrip(crushProvider, EXPORT_SAMPLE_RULES);
    expect(result.wrong).toEqual([]);
    expect(result.exact).toEqual([]);
    expect(result.lost.length + result.exact.length).toBe(EXPORT_SAMPLE_RULES.length);
  });

  it("writes the tool's own files, and only those", async () => {
    const { plan } = await checkExportRoundTrip(crushProvider, EXPORT_SAMPLE_RULES);
    expect(plan.files.map((f) => f.path)).toEqual(["CRUSH.md"]);
    const file = plan.files.find((f) => f.path === "CRUSH.md");
    expect(file?.content).toContain("## always\n\nUse pnpm, never npm.");
    expect(file?.content).toContain("## packages/web/react\n");
  });

  it("writes a rule named as its file with no loss, and says how another name reads back", () => {
    expect(writeCrushRules([rule("CRUSH", { alwaysApply: true })])).toEqual({
      files: [{ path: "CRUSH.md", content: expect.stringContaining("CRUSH text."), target: "crush", rules: ["CRUSH"] }],
      losses: [],
    });
    expect(writeCrushRules([rule("style", { alwaysApply: true })]).losses.map((l) => l.message)).toEqual([
      'crush reads CRUSH.md as the rule "CRUSH"',
    ]);
  });

  it("writes a scoped rule at the root, for every file, and says so", () => {
    const { files, losses } = writeCrushRules([rule("packages/api/api", { scope: "packages/api", alwaysApply: true })]);
    expect(files.map((f) => f.path)).toEqual(["CRUSH.md"]);
    expect(losses.map((l) => l.part)).toEqual(["scope", "name"]);
  });
});
