import type { RuleFields } from "@rulebook/core/provider";
import { describe, expect, it } from "vitest";
import { applyTrigger } from "./trigger.js";

const all = { description: "d", globs: ["*.ts"], alwaysApply: true as const, condition: ["TODO"] };

function apply(trigger: unknown, fields: RuleFields = all) {
  const reported: string[] = [];
  const result = applyTrigger(fields, { trigger }, { file: { path: "/r.md", name: "r" }, report: (code) => reported.push(code) });
  return { result, reported };
}

describe("applyTrigger", () => {
  it("always_on always applies, keeping the rest", () => {
    expect(apply("always_on", { description: "d", globs: ["*.ts"] })).toEqual({
      result: { description: "d", globs: ["*.ts"], alwaysApply: true },
      reported: [],
    });
  });

  it("glob drops the description and alwaysApply so the globs select the rule", () => {
    expect(apply("glob").result).toEqual({ globs: ["*.ts"], condition: ["TODO"] });
  });

  it("model_decision drops alwaysApply and stray globs so the description alone selects the rule", () => {
    expect(apply("model_decision").result).toEqual({ description: "d", condition: ["TODO"] });
  });

  it("manual keeps nothing and says why", () => {
    expect(apply("manual")).toEqual({ result: {}, reported: ["windsurf-manual"] });
  });

  it("reads the value trimmed", () => {
    expect(apply(" always_on ").result.alwaysApply).toBe(true);
  });

  it.each([["Always_On"], ["sometimes"], [42], [["glob"]]])("warns about %j and leaves the fields as they are", (trigger) => {
    expect(apply(trigger)).toEqual({ result: all, reported: ["windsurf-trigger-unknown"] });
  });

  it("does nothing without a trigger", () => {
    expect(apply(undefined)).toEqual({ result: all, reported: [] });
    expect(apply(null)).toEqual({ result: all, reported: [] });
  });
});
