import { checkExportRoundTrip, EXPORT_SAMPLE_RULES } from "@rulebook/core/testing";
import type { Rule } from "@rulebook/core";
import { describe, expect, it } from "vitest";
import { qwenProvider } from "./index.js";
import { writeQwenRules } from "./write.js";

const rule = (name: string, fields: Partial<Rule> = {}): Rule => ({
  name,
  path: `/p/${name}.md`,
  content: `${name} text.`,
  source: { provider: "sample", providerName: "Sample", level: "project" },
  ...fields,
});

describe("qwen export", () => {
  it("reads back every rule it can express exactly, and reports a loss for every other", async () => {
    const result = await checkExportRoundTrip(qwenProvider, EXPORT_SAMPLE_RULES);
    expect(result.wrong).toEqual([]);
    expect(result.exact).toEqual(["always", "typescript", "src-only", "bad:name*?", "zero\u200bwidth"]);
    expect(result.lost.length + result.exact.length).toBe(EXPORT_SAMPLE_RULES.length);
  });

  it("writes the tool's own files, and only those", async () => {
    const { plan } = await checkExportRoundTrip(qwenProvider, EXPORT_SAMPLE_RULES);
    expect(plan.files.map((f) => f.path)).toEqual([
      ".qwen/rules/always-described.md",
      ".qwen/rules/always.md",
      ".qwen/rules/bad-name--.md",
      ".qwen/rules/hostile-frontmatter.md",
      ".qwen/rules/packages/api/always.md",
      ".qwen/rules/packages/web/react.md",
      ".qwen/rules/release.md",
      ".qwen/rules/rules-architect/design.md",
      ".qwen/rules/secrets.md",
      ".qwen/rules/src-only.md",
      ".qwen/rules/typescript.md",
      ".qwen/rules/zero-width.md",
    ]);
    const file = plan.files.find((f) => f.path === ".qwen/rules/typescript.md");
    expect(file?.content).toContain('paths: ["**/*.ts", "**/*.tsx"]\n');
  });

  it("says Qwen Code reads no description", () => {
    expect(writeQwenRules([rule("style", { alwaysApply: true, description: "Style" })]).losses.map((l) => l.message)).toEqual([
      "Qwen Code reads no description in its rule files",
    ]);
  });
});
