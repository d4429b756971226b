import type { TtsrFiring } from "@rulebook/ttsr";
import { describe, expect, it } from "vitest";
import { CallReport, checkRepeat } from "./rewind-report.js";

const firing = (rule: string, offset = 0): TtsrFiring => ({
  rule: { name: rule, path: `/p/${rule}.md`, content: "c", source: { provider: "p", providerName: "P", level: "project" } },
  stream: "text",
  offset,
  match: "console.log(",
});

/** The action taken on each of `attempts` firings of one rule, one per model call. */
function actions(report: CallReport, attempts: number): string[] {
  const seen: string[] = [];
  for (let i = 0; i < attempts; i++) {
    const action = report.decide(firing("no-console-log"));
    seen.push(action);
    if (action === "rewind") report.nextAttempt();
  }
  return seen;
}

describe("whether a firing rewinds", () => {
  it("once per call for a rule with the policy once", () => {
    expect(actions(new CallReport(5, { policy: "once" }), 3)).toEqual(["rewind", "pass", "pass"]);
  });

  it("again after the gap of turns an after-gap policy asks for, a turn being one model call", () => {
    const report = new CallReport(5, { policy: "after-gap", turns: 2 });
    expect(report.decide(firing("a"))).toBe("rewind");
    report.nextAttempt();
    expect(report.decide(firing("a"))).toBe("pass");
    report.nextAttempt();
    expect(report.decide(firing("a"))).toBe("rewind");
    // Another rule is not held back by the first one's rewinds.
    expect(report.decide(firing("b"))).toBe("rewind");
    expect(report.metadata().firings.map((f) => [f.rule, f.attempt, f.action, f.reason])).toEqual([
      ["a", 1, "rewind", undefined],
      ["a", 2, "pass", "repeat"],
      ["a", 3, "rewind", undefined],
      ["b", 3, "rewind", undefined],
    ]);
  });

  it("never once the call has used its rewinds", () => {
    const report = new CallReport(1, { policy: "after-gap", turns: 1 });
    expect(actions(report, 3)).toEqual(["rewind", "pass", "pass"]);
    expect(report.metadata().firings.map((f) => f.reason)).toEqual([undefined, "max-rewinds", "max-rewinds"]);
  });
});

describe("checkRepeat", () => {
  it("takes once, or after-gap with a whole number of turns of 1 or more", () => {
    expect(checkRepeat({ policy: "once" })).toEqual({ policy: "once" });
    expect(checkRepeat({ policy: "after-gap", turns: 3 })).toEqual({ policy: "after-gap", turns: 3 });
  });

  it("throws a RangeError naming the option for anything else, nothing at all included", () => {
    for (const repeat of [
      undefined,
      null,
      {},
      { policy: "twice", turns: 2 },
      { policy: "after-gap" },
      { policy: "after-gap", turns: 0 },
      { policy: "after-gap", turns: 1.5 },
    ]) {
      expect(() => checkRepeat(repeat as never), JSON.stringify(repeat)).toThrow(RangeError);
    }
    expect(() => checkRepeat({ policy: "after-gap", turns: 0 })).toThrow(
      'createRulebook: repeat must be { policy: "once" } or { policy: "after-gap", turns: integer >= 1 }, got {"policy":"after-gap","turns":0}',
    );
  });
});
