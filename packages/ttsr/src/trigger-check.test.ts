import { partitionRules } from "@rulebook/core";
import { describe, expect, it } from "vitest";
import { triggerRule as rule } from "../test/rule.js";
import { createTtsrManager } from "./manager.js";
import { createTriggerChecker } from "./trigger-engine.js";

describe("createTriggerChecker", () => {
  const rules = [
    rule("hostile", ["(a+)+c"]),
    rule("lookbehind-only", ["(?<=x)y"], { description: "falls through to the rulebook" }),
    rule("pcre-anchor", ["\\Afoo"], { alwaysApply: true }),
    rule("half-good", ["\\1", "TODO"]),
  ];

  it("makes the core's partition put in ttsr exactly the rules the manager accepts", () => {
    const partition = partitionRules(rules, { checkTrigger: createTriggerChecker() });
    expect(partition.all.map((c) => [c.rule.name, c.category])).toEqual([
      ["hostile", "ttsr"],
      ["lookbehind-only", "rulebook"],
      ["pcre-anchor", "always-apply"],
      ["half-good", "ttsr"],
    ]);
    const manager = createTtsrManager();
    const accepted = rules.filter((r) => manager.addRule(r).accepted).map((r) => r.name);
    expect(accepted).toEqual(partition.ttsr.map((r) => r.name));
    expect(partition.diagnostics.map((d) => [d.code, d.path?.split("/").pop()])).toEqual([
      ["condition-pattern-invalid", "lookbehind-only.md"],
      ["condition-no-valid-pattern", "lookbehind-only.md"],
      ["condition-pattern-invalid", "pcre-anchor.md"],
      ["condition-no-valid-pattern", "pcre-anchor.md"],
      ["condition-pattern-invalid", "half-good.md"],
    ]);
  });

  it("gives the same answer as addRule", () => {
    const check = createTriggerChecker();
    for (const r of rules) expect(check(r)).toEqual(createTtsrManager().addRule(r));
  });
});
