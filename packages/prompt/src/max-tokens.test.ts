import { describe, expect, it } from "vitest";
import { partition, rule } from "../test/rules.js";
import { buildSystemPrompt } from "./build.js";
import { validateMaxTokens } from "./max-tokens.js";

describe("validateMaxTokens: the one rule every door reads a budget with", () => {
  it("takes a whole number of 1 or more, as a number or as text of digits with spaces around", () => {
    expect([1, 8_000, Number.MAX_SAFE_INTEGER].map(validateMaxTokens)).toEqual([
      { ok: true, value: 1 },
      { ok: true, value: 8_000 },
      { ok: true, value: Number.MAX_SAFE_INTEGER },
    ]);
    // `--max-tokens 300`, `maxTokens: "300"` in a configuration, an MCP argument given as text.
    for (const text of ["300", " 300", "300 ", "\t300\n", "0300"]) expect(validateMaxTokens(text)).toEqual({ ok: true, value: 300 });
  });

  it("refuses zero, negative, fractional and unsafe numbers, and says what it got", () => {
    expect(validateMaxTokens(0)).toEqual({ ok: false, problem: "must be a whole number, 1 or more, got number 0" });
    expect(validateMaxTokens(-5)).toEqual({ ok: false, problem: "must be a whole number, 1 or more, got number -5" });
    expect(validateMaxTokens(1.5)).toEqual({ ok: false, problem: "must be a whole number, 1 or more, got number 1.5" });
    expect(validateMaxTokens(Number.NaN)).toEqual({ ok: false, problem: "must be a whole number, 1 or more, got number NaN" });
    for (const value of [0.5, Number.POSITIVE_INFINITY, 2 ** 53]) expect(validateMaxTokens(value).ok).toBe(false);
  });

  it("reads only digits in text: no sign, point, exponent, hex or words", () => {
    for (const text of ["", " ", "0", "-3", "+3", "1.5", "1e3", "0x10", "3 4", "abc", "12abc", "abc12", "Infinity"]) {
      expect(validateMaxTokens(text)).toEqual({ ok: false, problem: `must be a whole number, 1 or more, got ${JSON.stringify(text)}` });
    }
  });

  it("refuses what is neither a number nor text, whatever it would convert to", () => {
    expect(validateMaxTokens(true)).toEqual({ ok: false, problem: "must be a whole number, 1 or more, got boolean true" });
    expect(validateMaxTokens([300])).toEqual({ ok: false, problem: "must be a whole number, 1 or more, got a list" });
    expect(validateMaxTokens(null)).toEqual({ ok: false, problem: "must be a whole number, 1 or more, got null" });
    expect(validateMaxTokens(undefined)).toEqual({ ok: false, problem: "must be a whole number, 1 or more, got missing" });
    expect(validateMaxTokens(300n).ok).toBe(false);
  });
});

describe("buildSystemPrompt's maxTokens", () => {
  const rules = partition({ alwaysApply: [rule("AGENTS", { content: "Use pnpm." })] });

  it("throws a RangeError naming the option for a budget that is not a whole number of 1 or more", () => {
    expect(() => buildSystemPrompt({ partition: rules, root: "/repo", maxTokens: 0 })).toThrow(
      new RangeError("buildSystemPrompt: maxTokens must be a whole number, 1 or more, got number 0"),
    );
    for (const maxTokens of [-5, 1.5, Number.NaN]) {
      expect(() => buildSystemPrompt({ partition: rules, root: "/repo", maxTokens })).toThrow(RangeError);
    }
  });

  it("builds the same prompt with any valid budget the text fits in", () => {
    const whole = buildSystemPrompt({ partition: rules, root: "/repo" });
    expect(buildSystemPrompt({ partition: rules, root: "/repo", maxTokens: whole.tokens })).toEqual(whole);
    expect(buildSystemPrompt({ partition: rules, root: "/repo", maxTokens: 1 }).omitted.map((r) => r.name)).toEqual(["AGENTS"]);
  });
});
