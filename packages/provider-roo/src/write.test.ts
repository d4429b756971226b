import { checkExportRoundTrip, EXPORT_SAMPLE_RULES } from "@rulebook/core/testing";
import type { Rule } from "@rulebook/core";
import { describe, expect, it } from "vitest";
import { rooProvider } from "./index.js";
import { writeRooRules } from "./write.js";

const rule = (name: string, fields: Partial<Rule> = {}): Rule => ({
  name,
  path: `/p/${name}.md`,
  content: `${name} text.`,
  source: { provider: "sample", providerName: "Sample", level: "project" },
  ...fields,
});

describe("roo export", () => {
  it("reads back every rule it can express exactly, and reports a loss for every other", async () => {
    const result = await checkExportRoundTrip(rooProvider, EXPORT_SAMPLE_RULES);
    expect(result.wrong).toEqual([]);
    expect(result.exact).toEqual(["always", "rules-architect/design", "bad:name*?", "zero\u200bwidth"]);
    expect(result.lost.length + result.exact.length).toBe(EXPORT_SAMPLE_RULES.length);
  });

  it("writes the tool's own format", async () => {
    const { plan } = await checkExportRoundTrip(rooProvider, EXPORT_SAMPLE_RULES);
    const file = plan.files.find((f) => f.path === ".roo/rules-architect/design.md");
    expect(file?.content).toContain("Draw the module graph first.");
  });

  it("says a Roo Code rule file has no description", () => {
    expect(writeRooRules([rule("style", { alwaysApply: true, description: "Style" })]).losses.map((l) => l.message)).toEqual([
      "a Roo Code rule file is plain Markdown without a description",
    ]);
  });
});
