import type { RuleFields } from "@rulebook/core/provider";
import { describe, expect, it } from "vitest";
import { applyTrigger, applyTriggerAlwaysByDefault } from "./trigger.js";

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

describe("applyTriggerAlwaysByDefault (global_rules.md and .windsurfrules for providers written against v1)", () => {
  const context = (reported: string[]) => ({
    file: { path: "/.windsurfrules", name: "windsurfrules" },
    report: (code: string) => reported.push(code),
  });
  const fields = { description: "d", globs: ["*.ts"] };

  it("always applies a file without a trigger, as Windsurf did", () => {
    const reported: string[] = [];
    expect(applyTriggerAlwaysByDefault(fields, {}, context(reported))).toEqual({ description: "d", globs: ["*.ts"], alwaysApply: true });
    expect(applyTriggerAlwaysByDefault(fields, { trigger: null }, context(reported))).toEqual({
      description: "d",
      globs: ["*.ts"],
      alwaysApply: true,
    });
    expect(reported).toEqual([]);
  });

  it("keeps the file's own alwaysApply when it sets one", () => {
    // `alwaysApply: false` leaves no alwaysApply in the fields: the file is not always applied.
    expect(applyTriggerAlwaysByDefault(fields, { alwaysApply: false }, context([]))).toStrictEqual(fields);
  });

  it("lets a trigger decide when there is one", () => {
    const reported: string[] = [];
    expect(applyTriggerAlwaysByDefault(fields, { trigger: "glob" }, context(reported))).toEqual({ globs: ["*.ts"] });
    expect(applyTriggerAlwaysByDefault(fields, { trigger: "model_decision" }, context(reported))).toEqual({ description: "d" });
    expect(applyTriggerAlwaysByDefault(fields, { trigger: "manual" }, context(reported))).toEqual({});
    expect(reported).toEqual(["windsurf-manual"]);
  });
});
