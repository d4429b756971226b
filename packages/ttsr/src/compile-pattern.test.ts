import { describe, expect, it } from "vitest";
import { triggerRule as rule } from "../test/rule.js";
import { compilePattern } from "./compile-pattern.js";
import { createTtsrManager } from "./manager.js";

/** Whether a rule with this one pattern fires anywhere in `text` (the stream ended). */
function fires(pattern: string, text: string): boolean {
  const manager = createTtsrManager();
  manager.addRule(rule("r", [pattern]));
  return manager.check(text).length + manager.endStream().length > 0;
}

/** What JavaScript itself answers for the same pattern and text. */
function v8Finds(pattern: string, text: string): boolean {
  const caseInsensitive = pattern.startsWith("(?i)");
  return new RegExp(caseInsensitive ? pattern.slice(4) : pattern, caseInsensitive ? "i" : "").test(text);
}

describe("compilePattern", () => {
  it.each([
    ["(?=a)b", /lookahead/],
    ["(?<!a)b", /lookbehind/],
    ["(a)\\1", /backreference/],
    ["(?<n>a)\\k<n>", /named backreference/],
    ["\\p{L}+", /needs the u flag.*letter p/],
    ["\\u{1F600}", /needs the u flag/],
    ["\\Afoo\\z", /not an escape in JavaScript \(it would match the letter A\)/],
    ["[😀]", /outside the Basic Multilingual Plane inside/],
    ["😀+", /quantifier right after a character outside the Basic Multilingual Plane/],
    ["\\uD83D\\uDE00{2}", /quantifier right after/],
    ["\\x4", /incomplete \\x escape/],
    ["a*", /empty text/],
    ["\\b|x", /empty text/],
    ["(unclosed", /does not compile as a JavaScript regular expression/],
    ["(?i:a)b", /does not compile as a JavaScript regular expression/],
    ["a{1001}", /repeat count over 1000/],
    ["[a-z]{1000}[0-9]{1000}[A-Z]{1000}[a-z]{1000}[0-9]{1000}[A-Z]{1000}", /too large.*limit 5000/],
  ])("refuses %s with the reason", (pattern, reason) => {
    const result = compilePattern(pattern);
    expect(result.ok).toBe(false);
    expect(result.ok ? "" : result.reason).toMatch(reason);
  });

  it("accepts catastrophic-backtracking patterns, which the engine runs in linear time", () => {
    expect(compilePattern("(a+)+c").ok).toBe(true);
    expect(compilePattern("(x+x+)+y").ok).toBe(true);
  });

  it("flags the patterns whose match can end with an assertion about the next character", () => {
    const endSensitive = (p: string) => {
      const result = compilePattern(p);
      return result.ok && result.pattern.endSensitive;
    };
    expect(["foo\\b", "foo$", "a(?:\\B|x)", "a\\b(?:x)?"].map(endSensitive)).toEqual([true, true, true, true]);
    expect(["\\bfoo", "^foo", "a(?:\\bx)?b", "foo"].map(endSensitive)).toEqual([false, false, false, false]);
  });
});

describe("the patterns mean what they mean in JavaScript", () => {
  // Each pair is a place where RE2's own reading of the same source differs from JavaScript's (or an
  // Annex B oddity); the engine must agree with V8 on every one.
  it.each([
    ["a\\sb", "a\u00a0b"],
    ["a\\sb", "a\u2028b"],
    ["a\\Sb", "a\u00a0b"],
    ["a.b", "a\rb"],
    ["a.b", "a\tb"],
    ["(?i)k", "\u212a"],
    ["(?i)s", "\u017f"],
    ["(?i)é", "É"],
    ["(?i)[^a]", "A"],
    ["(?i)[^a]", "B"],
    ["(?i)\\W", "\u017f"],
    ["(?i)[a-c]x", "Bx"],
    ["(?i)[}A]", "a"],
    ["x[^]y", "x\ny"],
    ["x[]y", "xy"],
    ["\\cJ", "\n"],
    ["\\x41\\u0042", "AB"],
    ["a\\0b", "a\u0000b"],
    ["a{,2}", "aa"],
    ["a{,2}", "a{,2}"],
    ["x{", "x{"],
    ["]}", "]}"],
    ["[\\d-z]", "-"],
    ["[\\d-z]", "e"],
    ["[\\b]", "\b"],
    ["\\c1", "\\c1"],
    ["(?<word>ab)c", "abc"],
    ["\\/\\-\\.", "/-."],
    ["^ab", "cab"],
    ["ab$", "abc"],
    ["\\bcat\\b", "concatenate"],
    ["\\Bcat\\B", "concatenate"],
    ["😀x", "😀x"],
    ["(?:😀)+x", "😀😀x"],
    ["\\uD83D\\uDE00", "😀"],
  ])("/%s/ on %j", (pattern, text) => {
    expect(fires(pattern, text)).toBe(v8Finds(pattern, text));
  });
});

describe("messages that say what JavaScript reads", () => {
  const reason = (pattern: string) => {
    const result = compilePattern(pattern);
    return result.ok ? "accepted" : result.reason;
  };

  it("tells a backreference from \\8 and from a legacy octal escape", () => {
    expect(reason("(a)\\1")).toMatch(/^uses a backreference \(\\1\)/);
    expect(reason("a\\8")).toBe(
      "uses \\8, which is not a backreference (the pattern has no group 8): JavaScript reads it as the digit 8; remove the backslash",
    );
    expect(reason("(a)\\9")).toMatch(/^uses \\9, which is not a backreference/);
    expect(reason("a\\12")).toMatch(/^uses the legacy octal escape \\12 \(JavaScript reads it as the character U\+000A\).*write \\x0a instead/);
    expect(reason("a\\01")).toMatch(/legacy octal escape \\01 .*U\+0001/);
    for (const pattern of ["a\\8", "a\\12", "a\\01"]) expect(new RegExp(pattern).source).toBe(pattern);
  });
});
