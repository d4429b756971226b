import { checkExportRoundTrip, EXPORT_SAMPLE_RULES } from "@rulebook/core/testing";
import type { Rule } from "@rulebook/core";
import { describe, expect, it } from "vitest";
import { kiroProvider } from "./index.js";
import { writeKiroRules } from "./write.js";

const rule = (name: string, fields: Partial<Rule> = {}): Rule => ({
  name,
  path: `/p/${name}.md`,
  content: `${name} text.`,
  source: { provider: "sample", providerName: "Sample", level: "project" },
  ...fields,
});

describe("kiro export", () => {
  it("reads back every rule it can express exactly, and reports a loss for every other", async () => {
    const result = await checkExportRoundTrip(kiroProvider, EXPORT_SAMPLE_RULES);
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
      "hostile-frontmatter",
      "bad:name*?",
      "zero\u200bwidth",
    ]);
    expect(result.lost.length + result.exact.length).toBe(EXPORT_SAMPLE_RULES.length);
  });

  it("writes the tool's own format", async () => {
    const { plan } = await checkExportRoundTrip(kiroProvider, EXPORT_SAMPLE_RULES);
    const file = plan.files.find((f) => f.path === "packages/web/.kiro/steering/react.md");
    expect(file?.content).toContain('inclusion: fileMatch\nfileMatchPattern: "**/*.tsx"\n');
  });

  it("writes inclusion and name as Kiro reads them, and says a steering file not matched by file has no fileMatchPattern", () => {
    const { files, losses } = writeKiroRules([
      rule("style", { alwaysApply: true, globs: ["**/*.ts"] }),
      rule("docs/release", { description: "How to release", globs: ["CHANGELOG.md"] }),
    ]);
    expect(files.map((f) => f.content.split("\n").slice(2, -4))).toEqual([
      ["inclusion: always"],
      ["inclusion: auto", "name: release", "description: How to release"],
    ]);
    expect(losses.map((l) => `${l.rule} ${l.part} ${l.severity}: ${l.message}`)).toEqual([
      "style globs info: an always-included steering file has no fileMatchPattern",
      "docs/release globs info: an auto steering file has no fileMatchPattern",
    ]);
  });
});
