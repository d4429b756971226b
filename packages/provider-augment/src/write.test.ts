import { checkExportRoundTrip, EXPORT_SAMPLE_RULES } from "@rulebook/core/testing";
import type { Rule } from "@rulebook/core";
import { describe, expect, it } from "vitest";
import { augmentProvider } from "./index.js";
import { writeAugmentRules } from "./write.js";

const rule = (name: string, fields: Partial<Rule> = {}): Rule => ({
  name,
  path: `/p/${name}.md`,
  content: `${name} text.`,
  source: { provider: "sample", providerName: "Sample", level: "project" },
  ...fields,
});

describe("augment export", () => {
  it("reads back every rule it can express exactly, and reports a loss for every other", async () => {
    const result = await checkExportRoundTrip(augmentProvider, EXPORT_SAMPLE_RULES);
    expect(result.wrong).toEqual([]);
    expect(result.exact).toEqual(["always", "always-described", "release", "manual", "hostile-frontmatter", "bad:name*?", "zero\u200bwidth"]);
    expect(result.lost.length + result.exact.length).toBe(EXPORT_SAMPLE_RULES.length);
  });

  it("writes the tool's own format", async () => {
    const { plan } = await checkExportRoundTrip(augmentProvider, EXPORT_SAMPLE_RULES);
    const file = plan.files.find((f) => f.path === ".augment/rules/release.md");
    expect(file?.content).toContain("type: agent_requested\ndescription: How to cut a release\n");
  });

  it("writes type as Augment reads it, and says what a rule with globs becomes", () => {
    const { files, losses } = writeAugmentRules([
      rule("ts", { globs: ["**/*.ts"] }),
      rule("release", { description: "How to release", globs: ["CHANGELOG.md"] }),
      rule("style", { alwaysApply: true, description: "Style" }),
      rule("notes"),
      rule("packages/api/api", { scope: "packages/api", alwaysApply: true }),
    ]);
    expect(files.map((f) => [f.path, f.content.split("\n").slice(2, -4)])).toEqual([
      [".augment/rules/ts.md", ["type: always_apply"]],
      [".augment/rules/release.md", ["type: agent_requested", "description: How to release"]],
      [".augment/rules/style.md", ["type: always_apply", "description: Style"]],
      [".augment/rules/notes.md", ["type: manual"]],
      [".augment/rules/packages/api/api.md", ["type: always_apply"]],
    ]);
    expect(losses.map((l) => `${l.rule} ${l.part} ${l.severity}: ${l.message}`)).toEqual([
      "ts activation warning: Augment has no rules attached by globs; written as always applied",
      "release globs info: Augment rules have no globs",
      "packages/api/api scope warning: augment has neither nested rules nor globs; written at the root, applied to every file, not only under packages/api/",
    ]);
  });
});
