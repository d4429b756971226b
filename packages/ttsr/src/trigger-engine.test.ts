import type { Rule } from "@rulebook/core";
import { partitionRules } from "@rulebook/core";
import { describe, expect, it } from "vitest";
import { triggerRule as rule } from "../test/rule.js";
import { createTtsrManager } from "./manager.js";
import { createTriggerEngine } from "./trigger-engine.js";

/** A rule that counts how often its condition is read: compiling it again would read it again. */
function countingRule(name: string, condition: string[]): { rule: Rule; reads: () => number } {
  let reads = 0;
  const counted = rule(name, condition);
  Object.defineProperty(counted, "condition", {
    get() {
      reads++;
      return condition;
    },
  });
  return { rule: counted, reads: () => reads };
}

describe("createTriggerEngine: one definition of a usable trigger", () => {
  const cases: [string, string[], boolean][] = [
    ["lookahead", ["foo(?=bar)"], false],
    ["backreference", ["(a)\\1"], false],
    ["empty-match", ["x*"], false],
    ["case-insensitive", ["(?i)secret"], true],
  ];

  it("refuses in the partition exactly what the manager refuses, with the same diagnostics", () => {
    const rules = cases.map(([name, condition]) => rule(name, condition, { description: "falls back" }));
    const engine = createTriggerEngine();
    const partition = partitionRules(rules, { checkTrigger: engine.check });
    expect(partition.all.map((c) => [c.rule.name, c.category])).toEqual(cases.map(([name, , usable]) => [name, usable ? "ttsr" : "rulebook"]));
    const standalone = createTtsrManager();
    for (const r of rules) {
      const added = standalone.addRule(r);
      expect(added).toEqual(engine.check(r));
    }
    expect(standalone.rules.map((r) => r.name)).toEqual(["case-insensitive"]);
    const manager = engine.createManager();
    for (const r of partition.ttsr) manager.addRule(r);
    expect(manager.check("my SeCrEt").map((f) => [f.rule.name, f.match])).toEqual([["case-insensitive", "SeCrEt"]]);
  });

  it("compiles each rule once per load, and reports its diagnostics once", () => {
    const { rule: counted, reads } = countingRule("mixed", ["(?<=x)y", "TODO"]);
    const engine = createTriggerEngine();
    const partition = partitionRules([counted], { checkTrigger: engine.check });
    expect(partition.diagnostics.map((d) => d.code)).toEqual(["condition-pattern-invalid"]);
    const readByPartition = reads();
    const manager = engine.createManager();
    expect(manager.addRule(counted)).toEqual({ accepted: true, diagnostics: [] });
    expect(engine.createManager().addRule(counted)).toEqual({ accepted: true, diagnostics: [] });
    expect(reads()).toBe(readByPartition);
    expect(manager.check("a TODO").map((f) => f.rule.name)).toEqual(["mixed"]);
  });

  it("reports the diagnostics of a rule the partition never checked when a manager adds it", () => {
    const manager = createTriggerEngine().createManager();
    expect(manager.addRule(rule("late", ["(?!x)y", "z"])).diagnostics.map((d) => d.code)).toEqual(["condition-pattern-invalid"]);
  });

  it("counts patterns across the load: past 1,024 the partition does not accept a rule no manager would watch", () => {
    const rules = Array.from({ length: 17 }, (_, r) =>
      rule(
        `r${r}`,
        Array.from({ length: 64 }, (_, i) => `r${r}p${i}x`),
        { description: "d" },
      ),
    );
    const engine = createTriggerEngine();
    const partition = partitionRules(rules, { checkTrigger: engine.check });
    expect(partition.ttsr).toHaveLength(16);
    expect(partition.all[16]?.category).toBe("rulebook");
    expect(partition.diagnostics.find((d) => d.path?.endsWith("/r16.md"))?.message).toMatch(
      /64 of its 64 patterns are not watched \(the trigger engine already watches/,
    );
    const manager = engine.createManager();
    for (const r of partition.ttsr) expect(manager.addRule(r).accepted).toBe(true);
  });
});

describe("a malformed condition from a provider", () => {
  it("is a diagnostic, not a crash, for the check and the manager", () => {
    const engine = createTriggerEngine();
    const asText = rule("as-text", []);
    (asText as { condition: unknown }).condition = "TODO";
    const withNumber = rule("with-number", []);
    (withNumber as { condition: unknown }).condition = [42, "FIXME"];
    expect(engine.check(asText)).toEqual({
      accepted: false,
      diagnostics: [expect.objectContaining({ message: expect.stringMatching(/condition is not a list/) })],
    });
    expect(engine.check(withNumber)).toEqual({
      accepted: true,
      diagnostics: [expect.objectContaining({ message: expect.stringMatching(/pattern 1 is not text \(number\)/) })],
    });
    expect(createTtsrManager().addRule(withNumber).accepted).toBe(true);
  });
});
