import { describe, expect, it } from "vitest";
import { foldCase } from "./case-fold.js";
import type { CodeRange } from "./regex-ast.js";

// ECMAScript's Canonicalize for a non-unicode, case-insensitive pattern.
function canonical(unit: number): number {
  const upper = String.fromCharCode(unit).toUpperCase();
  if (upper.length !== 1) return unit;
  const code = upper.charCodeAt(0);
  return unit >= 128 && code < 128 ? unit : code;
}

// Every code unit the engine matches case-insensitively against a member of `ranges`.
function bruteForce(ranges: readonly CodeRange[]): Set<number> {
  const wanted = new Set<number>();
  for (const [lo, hi] of ranges) for (let unit = lo; unit <= hi; unit++) wanted.add(canonical(unit));
  const matched = new Set<number>();
  for (let unit = 0; unit <= 0xffff; unit++) if (wanted.has(canonical(unit))) matched.add(unit);
  return matched;
}

function expand(ranges: readonly CodeRange[]): Set<number> {
  const units = new Set<number>();
  for (const [lo, hi] of ranges) for (let unit = lo; unit <= hi; unit++) units.add(unit);
  return units;
}

describe("foldCase", () => {
  // Wide ranges end between the members of classes that straddle them (µ U+00B5 with Μ U+039C,
  // в U+0432 with ᲀ U+1C80, ſ U+017F staying apart from S): those are the classes it must add.
  const cases: [string, CodeRange[]][] = [
    ["ASCII letters", [[0x41, 0x5a]]],
    ["Latin-1 into Greek", [[0xb0, 0x3a0]]],
    ["Cyrillic up to the old letter forms", [[0x400, 0x1c7f]]],
    ["a range ending inside many classes", [[0x1c81, 0x2200]]],
    [
      "several ranges",
      [
        [0x61, 0x7a],
        [0x100, 0x17f],
        [0x1e00, 0x1fff],
        [0xff21, 0xff3a],
      ],
    ],
    ["the whole plane", [[0, 0xffff]]],
  ];
  for (const [label, ranges] of cases) {
    it(`matches what the engine matches case-insensitively: ${label}`, () => {
      expect(expand(foldCase(ranges))).toEqual(bruteForce(ranges));
    });
  }

  it("agrees with the engine's own /i matching", () => {
    const folded = expand(foldCase([[0x400, 0x1c7f]]));
    const engine = /[\u0400-\u1c7f]/i;
    for (let unit = 0; unit <= 0xffff; unit++) expect(folded.has(unit)).toBe(engine.test(String.fromCharCode(unit)));
  });
});
