import { checkExportRoundTrip, EXPORT_SAMPLE_RULES } from "@rulebook/core/testing";
import type { Rule } from "@rulebook/core";
import { describe, expect, it } from "vitest";
import { clineProvider } from "./index.js";
import { writeClineRules } from "./write.js";

const rule = (name: string, fields: Partial<Rule> = {}): Rule => ({
  name,
  path: `/p/${name}.md`,
  content: `${name} text.`,
  source: { provider: "sample", providerName: "Sample", level: "project" },
  ...fields,
});

describe("cline export", () => {
  it("reads back every rule it can express exactly, and reports a loss for every other", async () => {
    const result = await checkExportRoundTrip(clineProvider, EXPORT_SAMPLE_RULES);
    expect(result.wrong).toEqual([]);
    expect(result.exact).toEqual(["always", "always-described", "typescript", "src-only", "hostile-frontmatter", "bad:name*?", "zero\u200bwidth"]);
    expect(result.lost.length + result.exact.length).toBe(EXPORT_SAMPLE_RULES.length);
  });

  it("writes the tool's own format", async () => {
    const { plan } = await checkExportRoundTrip(clineProvider, EXPORT_SAMPLE_RULES);
    const file = plan.files.find((f) => f.path === ".clinerules/src-only.md");
    expect(file?.content).toContain('paths: ["src/**/*.ts"]');
  });

  it("writes beside the folders Cline does not read rules from, and says what each rule becomes", () => {
    const { files, losses } = writeClineRules([
      rule("workflows/release", { alwaysApply: true }),
      rule("hooks/pre-commit", { alwaysApply: true }),
      rule("style", { alwaysApply: true, globs: ["**/*.ts"] }),
      rule("ts", { globs: ["**/*.ts"] }),
      rule("notes"),
    ]);
    expect(files.map((f) => [f.path, f.content.split("\n").slice(2, -4)])).toEqual([
      [".clinerules/workflows-release.md", []],
      [".clinerules/hooks-pre-commit.md", []],
      [".clinerules/style.md", []],
      [".clinerules/ts.md", ['paths: ["**/*.ts"]']],
    ]);
    expect(losses.map((l) => `${l.rule} ${l.part} ${l.severity}: ${l.message}`)).toEqual([
      'workflows/release name info: cline does not read .clinerules/workflows/; written as workflows-release.md, read back as "workflows-release"',
      'hooks/pre-commit name info: cline does not read .clinerules/hooks/; written as hooks-pre-commit.md, read back as "hooks-pre-commit"',
      "style globs info: a rule applied otherwise than by its globs is written without paths",
      "notes rule warning: Cline has no manual rules (read only by name); not written",
    ]);
  });
});
