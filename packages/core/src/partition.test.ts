import { describe, expect, it } from "vitest";
import { partitionRules } from "./partition.js";
import type { Rule } from "./types.js";

function rule(name: string, extra: Partial<Rule> = {}): Rule {
  return { name, path: `/r/${name}.md`, content: "c", source: { provider: "native", providerName: "Native", level: "project" }, ...extra };
}

describe("partitionRules", () => {
  const rules = [
    rule("trigger-and-always", { condition: ["console\\.log"], alwaysApply: true, description: "d" }),
    rule("always-and-described", { alwaysApply: true, description: "d" }),
    rule("bad-trigger", { condition: ["(unclosed"], description: "falls through" }),
    rule("described", { description: "d", globs: ["src/**"] }),
    rule("globs-only", { globs: ["**/*.ts"] }),
    rule("nothing"),
    rule("bad-trigger-only", { condition: ["[z-a]"] }),
  ];
  const partition = partitionRules(rules);

  it("puts each rule in exactly one category, checked in the order of SPEC §6", () => {
    expect(partition.all.map((c) => [c.rule.name, c.category])).toEqual([
      ["trigger-and-always", "ttsr"],
      ["always-and-described", "always-apply"],
      ["bad-trigger", "rulebook"],
      ["described", "rulebook"],
      ["globs-only", "auto-attach"],
      ["nothing", "inactive"],
      ["bad-trigger-only", "inactive"],
    ]);
    expect(partition.ttsr.map((r) => r.name)).toEqual(["trigger-and-always"]);
    expect(partition.alwaysApply.map((r) => r.name)).toEqual(["always-and-described"]);
    expect(partition.rulebook.map((r) => r.name)).toEqual(["bad-trigger", "described"]);
    expect(partition.autoAttach.map((r) => r.name)).toEqual(["globs-only"]);
    expect(partition.inactive.map((r) => r.name)).toEqual(["nothing", "bad-trigger-only"]);
  });

  it("explains each category, and why inactive rules are unused", () => {
    const reason = (name: string) => partition.all.find((c) => c.rule.name === name)?.reason;
    expect(reason("nothing")).toMatch(/no alwaysApply, description, globs or usable condition/);
    expect(reason("bad-trigger")).toMatch(/no usable pattern/);
    expect(reason("globs-only")).toMatch(/\*\*\/\*\.ts/);
  });

  it("reports each pattern that does not compile, the rules that fall through, and unused rules", () => {
    expect(partition.diagnostics.map((d) => [d.code, d.severity, d.path])).toEqual([
      ["condition-pattern-invalid", "warning", "/r/bad-trigger.md"],
      ["condition-no-valid-pattern", "warning", "/r/bad-trigger.md"],
      ["rule-inactive", "info", "/r/nothing.md"],
      ["condition-pattern-invalid", "warning", "/r/bad-trigger-only.md"],
      ["condition-no-valid-pattern", "warning", "/r/bad-trigger-only.md"],
      ["rule-inactive", "info", "/r/bad-trigger-only.md"],
    ]);
  });

  it("accepts (?i) patterns and lets a plugged-in checker decide", () => {
    expect(partitionRules([rule("ci", { condition: ["(?i)todo"] })]).ttsr).toHaveLength(1);
    const refused = partitionRules([rule("x", { condition: ["ok"], description: "d" })], {
      checkTrigger: () => ({ accepted: false, diagnostics: [] }),
    });
    expect(refused.all[0]?.category).toBe("rulebook");
  });
});
