import { checkExportRoundTrip, EXPORT_SAMPLE_RULES } from "@rulebook/core/testing";
import type { Rule } from "@rulebook/core";
import { describe, expect, it } from "vitest";
import { kilocodeProvider } from "./index.js";
import { writeKilocodeRules } from "./write.js";

const rule = (name: string, fields: Partial<Rule> = {}): Rule => ({
  name,
  path: `/p/${name}.md`,
  content: `${name} text.`,
  source: { provider: "sample", providerName: "Sample", level: "project" },
  ...fields,
});

describe("kilocode export", () => {
  it("reads back every rule it can express exactly, and reports a loss for every other", async () => {
    const result = await checkExportRoundTrip(kilocodeProvider, EXPORT_SAMPLE_RULES);
    expect(result.wrong).toEqual([]);
    expect(result.exact).toEqual(["always", "typescript", "src-only", "rules-architect/design", "bad:name*?", "zero\u200bwidth"]);
    expect(result.lost.length + result.exact.length).toBe(EXPORT_SAMPLE_RULES.length);
  });

  it("writes the tool's own files, and only those", async () => {
    const { plan } = await checkExportRoundTrip(kilocodeProvider, EXPORT_SAMPLE_RULES);
    expect(plan.files.map((f) => f.path)).toEqual([
      ".kilocode/rules-architect/design.md",
      ".kilocode/rules/always-described.md",
      ".kilocode/rules/always.md",
      ".kilocode/rules/bad-name--.md",
      ".kilocode/rules/hostile-frontmatter.md",
      ".kilocode/rules/packages-api-always.md",
      ".kilocode/rules/packages-web-react.md",
      ".kilocode/rules/release.md",
      ".kilocode/rules/secrets.md",
      ".kilocode/rules/src-only.md",
      ".kilocode/rules/typescript.md",
      ".kilocode/rules/zero-width.md",
    ]);
    const file = plan.files.find((f) => f.path === ".kilocode/rules-architect/design.md");
    expect(file?.content).toContain("Draw the module graph first.\n");
  });

  it("says a Kilo Code rule file has no description", () => {
    expect(writeKilocodeRules([rule("style", { alwaysApply: true, description: "Style" })]).losses.map((l) => l.message)).toEqual([
      "a Kilo Code rule file is plain Markdown without a description",
    ]);
  });
});
