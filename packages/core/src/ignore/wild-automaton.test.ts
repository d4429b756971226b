import { describe, expect, it } from "vitest";
import { compileIgnoreFile, ignoreVerdict } from "./gitignore.js";
import { ByteClasses } from "./byte-classes.js";
import { wildmatchSteps } from "./gitignore-wildmatch.js";
import { WildAutomaton } from "./wild-automaton.js";

const encoder = new TextEncoder();
const automaton = (patterns: readonly string[]) => {
  const classes = new ByteClasses();
  const rules = patterns.map((pattern, index) => ({ index, steps: wildmatchSteps(encoder.encode(pattern), 0, true, classes) ?? [] }));
  return new WildAutomaton(rules, classes);
};

describe("ignore wildcards (issue 39, item 7)", () => {
  it("answers `**/**/a*a*…a*b` against long runs of `a` as git does, without backtracking", () => {
    // Compiled to a backtracking regular expression, each `a*` multiplied the time: 9 of them
    // stalled every load. Here 40 run against 120 `a`s, in folders and as names.
    const stars = "a*".repeat(40);
    const file = compileIgnoreFile(`**/**/${stars}b\n${stars}c\n`, "");
    const run = "a".repeat(120);
    expect(ignoreVerdict(file, `x/${run}`, run, true)).toBeUndefined();
    expect(ignoreVerdict(file, `x/y/${run}b`, `${run}b`, true)).toBe(true);
    expect(ignoreVerdict(file, `${run}c`, `${run}c`, false)).toBe(true);
    expect(ignoreVerdict(file, `${run}/c`, "c", false)).toBeUndefined();
    expect(ignoreVerdict(file, "a".repeat(39), "a".repeat(39), false)).toBeUndefined();
  });

  it("gives the highest index among the rules that match the whole subject", () => {
    const rules = automaton(["*.md", "docs/**", "**/x", "[a-c]?/*.md", "nope"]);
    expect(rules.highest("docs/a.md", 0)).toBe(1);
    expect(rules.highest("b1/a.md", 0)).toBe(3);
    expect(rules.highest("deep/er/x", 0)).toBe(2);
    expect(rules.highest("x", 0)).toBe(2);
    expect(rules.highest("a/b.md", 0)).toBe(-1);
    expect(rules.highest("root/docs/a.md", 5)).toBe(1);
  });

  it("keeps its states bounded: a subject adds at most one state per byte, and a full cache starts again", () => {
    // `*a????????????` must remember the last dozen bytes: 2^12 subsets, more than the cache holds.
    const rules = automaton([`*a${"?".repeat(12)}`]);
    let most = 0;
    for (let i = 0; i < 3000; i++) {
      const bits = (i * 7) % 8192;
      const subject = bits.toString(2).padStart(16, "0").replaceAll("0", "a").replaceAll("1", "b");
      // It matches when the 13th byte from the end is an `a`: bit 12 clear.
      expect(rules.highest(subject, 0)).toBe((bits & 4096) === 0 ? 0 : -1);
      expect(rules.size).toBeLessThanOrEqual(2048 + 17);
      most = Math.max(most, rules.size);
    }
    expect(most).toBeGreaterThan(2048);
  });
});
