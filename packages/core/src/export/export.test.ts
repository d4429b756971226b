import { describe, expect, it } from "vitest";
import { hasExportMarker } from "./marker.js";
import { planExport } from "./plan.js";
import { safeRuleName } from "./rule.js";
import { serializeFrontmatter } from "./yaml.js";
import { parseFrontmatter } from "../read/frontmatter.js";
import { defineProvider } from "../provider/provider.js";
import { checkExportRoundTrip } from "../testing/export-round-trip.js";
import { EXPORT_SAMPLE_RULES } from "../testing/export-samples.js";
import { writeRuleFolder } from "./files.js";
import { providerContractChecks } from "../testing/contract-checks.js";

const hostile = [
  "---",
  'say "hi": # not a comment',
  "line\nbreak",
  "back\\slash",
  "zero\u200bwidth and bidi \u202e",
  "true",
  "- dash",
  "[not, a, list]",
  "{a: b}",
  "*alias",
  "&anchor",
  "!tag",
  "% directive",
  "@at",
  "`tick`",
  "é and 😀",
];

describe("serializeFrontmatter", () => {
  it("writes values the frontmatter reader gives back unchanged, whatever they hold", () => {
    for (const value of hostile) {
      const text = `${serializeFrontmatter({ description: value, globs: [value, "**/*.ts"] }, "# marker")}\nbody\n`;
      const parsed = parseFrontmatter(text);
      expect(parsed.data, JSON.stringify(value)).toEqual({ description: value, globs: [value, "**/*.ts"] });
      expect(parsed.body.trim()).toBe("body");
    }
  });

  it("keeps every value on its own line", () => {
    const text = serializeFrontmatter({ description: "a\nb\u2028c" });
    expect(text.split("\n")).toHaveLength(4);
  });
});

describe("safeRuleName", () => {
  it("keeps folders and makes every segment a file name", () => {
    expect(safeRuleName("web/react")).toBe("web/react");
    expect(safeRuleName("a:b*?/../c")).toBe("a-b--/--/c");
    expect(safeRuleName(".hidden")).toBe("-hidden");
    expect(safeRuleName("zero\u200bwidth")).toBe("zero-width");
  });
});

const sample = defineProvider({
  id: "sample-writer",
  displayName: "Sample",
  priority: 1,
  sources: ({ root }) => [{ kind: "folder", path: `${root}/.sample`, extensions: [".md"], level: "project" }],
  write: (rules) =>
    writeRuleFolder(rules, {
      target: "sample-writer",
      nested: false,
      folder: ".sample",
      extension: ".md",
      fields: ({ rule }) => ({ description: rule.description, globs: rule.globs, alwaysApply: rule.alwaysApply }),
    }),
});

describe("planExport", () => {
  it("plans files with the marker and reports every rule it cannot write as it is", async () => {
    const plan = planExport(EXPORT_SAMPLE_RULES, [sample]);
    expect(plan.files.every((f) => hasExportMarker(f.content))).toBe(true);
    expect(plan.files.map((f) => f.path)).toContain(".sample/packages/web/react.md");
    const lost = new Set(plan.losses.map((l) => `${l.rule}:${l.part}`));
    expect(lost).toEqual(
      new Set([
        "packages/web/react:scope",
        "packages/api/always:scope",
        "rules-architect/design:modes",
        "secrets:condition",
        "~/mine:level",
        "bad:name*?:name",
        "zero\u200bwidth:name",
      ]),
    );
  });

  it("refuses a target without a write side, naming it", () => {
    const reader = defineProvider({ id: "reader", displayName: "Reader", priority: 1, sources: () => [] });
    expect(() => planExport([], [reader])).toThrow('provider "reader" cannot write rules');
  });

  it("refuses two targets writing the same file", () => {
    expect(() => planExport(EXPORT_SAMPLE_RULES, [sample, { ...sample, id: "twin" }])).toThrow(/"sample-writer" and "twin" both write/);
  });

  it("round-trips a folder format: a scope folded into globs is reported, the rest is exact", async () => {
    const result = await checkExportRoundTrip(sample, EXPORT_SAMPLE_RULES);
    expect(result.wrong).toEqual([]);
    expect(result.exact).toEqual([
      "always",
      "always-described",
      "typescript",
      "src-only",
      "release",
      "manual",
      "hostile-frontmatter",
      "bad:name*?",
      "zero\u200bwidth",
    ]);
  });

  it("the contract suite checks a write side that reads back wrong", async () => {
    const liar = defineProvider({ ...sample, id: "liar", write: (rules) => ({ files: planExport(rules, [sample]).files, losses: [] }) });
    const check = providerContractChecks(liar).find((c) => c.name.startsWith("reads back every rule"));
    expect(await check?.run()).toContainEqual(expect.stringContaining('rule "packages/web/react" was read back wrong'));
    const good = providerContractChecks(sample).find((c) => c.name.startsWith("reads back every rule"));
    expect(await good?.run()).toEqual([]);
    // `rulebook export` reports files and losses by target: a writer naming another is caught.
    const misnamed = defineProvider({ ...sample, id: "misnamed" });
    const named = await providerContractChecks(misnamed)
      .find((c) => c.name.startsWith("reads back every rule"))
      ?.run();
    expect(named).toContain('.sample/always.md names the target "sample-writer", not "misnamed"');
    expect(named).toContain('the loss of rule "~/mine" (level) names the target "sample-writer", not "misnamed"');
  });
});
