import { partitionRules } from "@rulebook/core";
import { describe, expect, it } from "vitest";
import { triggerRule as rule } from "../test/rule.js";
import { compilePattern } from "./compile-pattern.js";
import { createTtsrManager } from "./manager.js";
import { createTriggerChecker } from "./trigger-engine.js";

const deeplyNested = `${"(?:".repeat(2000)}a${")".repeat(2000)}`;

describe("a pattern nested 2,000 groups deep (an 8 KB rule file)", () => {
  it("is refused with a reason, not a stack overflow", () => {
    const result = compilePattern(deeplyNested);
    expect(result.ok ? "" : result.reason).toMatch(/nests groups more than 100 deep/);
    expect(compilePattern(`${"(?:".repeat(100)}a${")".repeat(100)}`).ok).toBe(true);
  });

  it("is a condition-pattern-invalid diagnostic for the partition and the manager alike", () => {
    const rules = [rule("deep", [deeplyNested]), rule("fine", ["TODO"])];
    const partition = partitionRules(rules, { checkTrigger: createTriggerChecker() });
    expect(partition.ttsr.map((r) => r.name)).toEqual(["fine"]);
    expect(partition.diagnostics.map((d) => d.code)).toEqual(["condition-pattern-invalid", "condition-no-valid-pattern", "rule-inactive"]);
    const added = createTtsrManager().addRule(rules[0] as (typeof rules)[0]);
    expect(added).toEqual({ accepted: false, diagnostics: [expect.objectContaining({ code: "condition-pattern-invalid" })] });
  });
});

describe("oversized patterns are refused before anything is compiled", () => {
  const oversized = "a{1000}".repeat(1200);

  it("refuses a{1000} repeated 1,200 times, and ten of them in one rule, from the size of the tree", () => {
    expect(compilePattern(oversized)).toEqual({ ok: false, reason: expect.stringMatching(/too large.*limit 5000/) });
    const check = createTriggerChecker()(
      rule(
        "big",
        Array.from({ length: 10 }, () => oversized),
      ),
    );
    expect(check.accepted).toBe(false);
    expect(check.diagnostics).toHaveLength(10);
  });

  it("counts nested repeats as the product of their counts", () => {
    expect(compilePattern("(?:(?:ab){100}){100}")).toEqual({ ok: false, reason: expect.stringMatching(/too large/) });
    expect(compilePattern("(?:abcdef){1000}").ok).toBe(false);
    expect(compilePattern("(?:ab){100}").ok).toBe(true);
  });

  it("refuses a repeat count over 1000", () => {
    expect(compilePattern("a{1001}")).toEqual({ ok: false, reason: expect.stringMatching(/repeat count over 1000/) });
  });
});

describe("diagnostics quote long patterns cut", () => {
  it("quotes at most 200 characters of an 8 KB pattern, ending with …", () => {
    const check = createTriggerChecker()(rule("deep", [deeplyNested]));
    const [diagnostic] = check.diagnostics ?? [];
    expect(diagnostic?.message).toContain(`/${deeplyNested.slice(0, 200)}…/ (8001 characters) nests groups more than 100 deep`);
    expect(diagnostic?.message.length).toBeLessThan(400);
  });
});
