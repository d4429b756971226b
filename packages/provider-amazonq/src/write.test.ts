import { checkExportRoundTrip, EXPORT_SAMPLE_RULES } from "@rulebook/core/testing";
import type { Rule } from "@rulebook/core";
import { describe, expect, it } from "vitest";
import { amazonQProvider } from "./index.js";
import { writeAmazonQRules } from "./write.js";

const rule = (name: string, fields: Partial<Rule> = {}): Rule => ({
  name,
  path: `/p/${name}.md`,
  content: `${name} text.`,
  source: { provider: "sample", providerName: "Sample", level: "project" },
  ...fields,
});

describe("amazonq export", () => {
  it("reads back every rule it can express exactly, and reports a loss for every other", async () => {
    const result = await checkExportRoundTrip(amazonQProvider, EXPORT_SAMPLE_RULES);
    expect(result.wrong).toEqual([]);
    expect(result.exact).toEqual(["always", "bad:name*?", "zero\u200bwidth"]);
    expect(result.lost.length + result.exact.length).toBe(EXPORT_SAMPLE_RULES.length);
  });

  it("writes the tool's own format", async () => {
    const { plan } = await checkExportRoundTrip(amazonQProvider, EXPORT_SAMPLE_RULES);
    const file = plan.files.find((f) => f.path === ".amazonq/rules/always.md");
    expect(file?.content).toContain("\n\nUse pnpm, never npm.\n");
  });

  it("writes every rule at the root for every file, in plain Markdown, and says what Amazon Q does not read", () => {
    const { files, losses } = writeAmazonQRules([
      rule("release", { description: "How to release" }),
      rule("packages/api/api", { scope: "packages/api", alwaysApply: true }),
    ]);
    expect(files.map((f) => f.path)).toEqual([".amazonq/rules/release.md", ".amazonq/rules/packages/api/api.md"]);
    expect(losses.map((l) => `${l.part} ${l.severity}: ${l.message}`)).toEqual([
      "activation warning: Amazon Q has no rules read on demand by description; written as always applied",
      "description info: an Amazon Q rule file is plain Markdown without a description",
      "scope warning: amazonq has neither nested rules nor globs; written at the root, applied to every file, not only under packages/api/",
    ]);
  });
});
