import { checkExportRoundTrip, EXPORT_SAMPLE_RULES } from "@rulebook/core/testing";
import type { Rule } from "@rulebook/core";
import { describe, expect, it } from "vitest";
import { nativeProvider } from "./index.js";
import { writeNativeRules } from "./write.js";

const rule = (name: string, fields: Partial<Rule> = {}): Rule => ({
  name,
  path: `/p/${name}.md`,
  content: `${name} text.`,
  source: { provider: "sample", providerName: "Sample", level: "project" },
  ...fields,
});

describe("native export", () => {
  it("reads back every rule it can express exactly, and reports a loss for every other", async () => {
    const result = await checkExportRoundTrip(nativeProvider, EXPORT_SAMPLE_RULES);
    expect(result.wrong).toEqual([]);
    expect(result.exact).toEqual([
      "always",
      "always-described",
      "typescript",
      "src-only",
      "release",
      "manual",
      "packages/web/react",
      "packages/api/always",
      "secrets",
      "hostile-frontmatter",
      "bad:name*?",
      "zero\u200bwidth",
    ]);
    expect(result.lost.length + result.exact.length).toBe(EXPORT_SAMPLE_RULES.length);
  });

  it("writes the tool's own format", async () => {
    const { plan } = await checkExportRoundTrip(nativeProvider, EXPORT_SAMPLE_RULES);
    const file = plan.files.find((f) => f.path === ".xcsh/rules/secrets.md");
    expect(file?.content).toContain('condition: ["(?i)api[_-]?key"]');
  });

  it("writes into .xcsh/rules unless given another folder", () => {
    expect(writeNativeRules([rule("style", { alwaysApply: true })]).files.map((f) => f.path)).toEqual([".xcsh/rules/style.md"]);
    expect(writeNativeRules([rule("style", { alwaysApply: true })], ".agent").files.map((f) => f.path)).toEqual([".agent/rules/style.md"]);
  });
});
