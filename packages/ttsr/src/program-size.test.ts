import { expect, it } from "vitest";
import { compilePattern, patternTree } from "./compile-pattern.js";
import { compileNfa } from "./nfa-program.js";
import { estimateProgramSize } from "./program-size.js";

it("estimates at least the size of the program the automaton compiles, and not much more", () => {
  for (const source of [
    "abc",
    "a|bc|d",
    "(?:ab)*c",
    "(?:ab)+c",
    "x{3}",
    "x{2,5}y",
    "(?:a|b){2,}",
    "\\bfoo\\b",
    "(?i)k.{3,7}?$",
    "(?:(?:ab){3}c){4}",
  ]) {
    const result = compilePattern(source);
    if (!result.ok) throw new Error(`${source}: ${result.reason}`);
    const tree = patternTree(result.pattern);
    const compiled = compileNfa([tree]).op.length - 1; // without the pattern's MATCH
    expect(estimateProgramSize(tree), source).toBeGreaterThanOrEqual(compiled);
    expect(estimateProgramSize(tree), source).toBeLessThanOrEqual(compiled + 2);
  }
});
