import { checkExportRoundTrip, EXPORT_SAMPLE_RULES } from "@rulebook/core/testing";
import type { Rule } from "@rulebook/core";
import { describe, expect, it } from "vitest";
import { continueProvider } from "./index.js";
import { writeContinueRules } from "./write.js";

const rule = (name: string, fields: Partial<Rule> = {}): Rule => ({
  name,
  path: `/p/${name}.md`,
  content: `${name} text.`,
  source: { provider: "sample", providerName: "Sample", level: "project" },
  ...fields,
});

describe("continue export", () => {
  it("reads back every rule it can express exactly, and reports a loss for every other", async () => {
    const result = await checkExportRoundTrip(continueProvider, EXPORT_SAMPLE_RULES);
    expect(result.wrong).toEqual([]);
    expect(result.exact).toEqual([
      "always",
      "always-described",
      "typescript",
      "src-only",
      "release",
      "hostile-frontmatter",
      "bad:name*?",
      "zero\u200bwidth",
    ]);
    expect(result.lost.length + result.exact.length).toBe(EXPORT_SAMPLE_RULES.length);
  });

  it("writes the tool's own files, and only those", async () => {
    const { plan } = await checkExportRoundTrip(continueProvider, EXPORT_SAMPLE_RULES);
    expect(plan.files.map((f) => f.path)).toEqual([
      ".continue/rules/always-described.md",
      ".continue/rules/always.md",
      ".continue/rules/bad-name--.md",
      ".continue/rules/hostile-frontmatter.md",
      ".continue/rules/manual.md",
      ".continue/rules/packages/api/always.md",
      ".continue/rules/packages/web/react.md",
      ".continue/rules/release.md",
      ".continue/rules/rules-architect/design.md",
      ".continue/rules/secrets.md",
      ".continue/rules/src-only.md",
      ".continue/rules/typescript.md",
      ".continue/rules/zero-width.md",
    ]);
    const file = plan.files.find((f) => f.path === ".continue/rules/release.md");
    expect(file?.content).toContain("name: release\n");
    expect(file?.content).toContain("description: How to cut a release\n");
    expect(file?.content).toContain("alwaysApply: false\n");
  });

  it("says how a manual rule reads back", () => {
    expect(writeContinueRules([rule("notes")]).losses).toEqual([
      {
        rule: "notes",
        target: "continue",
        part: "activation",
        severity: "info",
        message: "Continue never includes a rule with alwaysApply: false and neither globs nor a description; Rulebook reads it as manual",
      },
    ]);
  });
});
