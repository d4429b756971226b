import type { NfaProgram } from "./nfa-program.js";
import { type CodeRange, WORD } from "./regex-ast.js";

/**
 * The code points split into classes that no instruction tells apart (and that agree on being word
 * characters, for `\b`): the automaton keeps one transition per class, not per character.
 */
export interface CharClasses {
  /** The number of classes; class `count` stands for the end of the text. */
  count: number;
  /** The class of each code point up to U+00FF, for the common case. */
  latin1: Int32Array;
  /** True for the classes of word characters. */
  word: boolean[];
  /** The class of a code point. */
  of(rune: number): number;
  /** For each Set instruction, its classes as inclusive [first, last] pairs. */
  setClasses: (Int32Array | undefined)[];
}

/** Partitions the code points by every range the program's sets use. */
export function charClasses(program: NfaProgram): CharClasses {
  const edges = new Set<number>([0]);
  const addEdges = (ranges: readonly CodeRange[]) => {
    for (const [lo, hi] of ranges) {
      edges.add(lo);
      edges.add(hi + 1);
    }
  };
  addEdges(WORD);
  for (const ranges of program.ranges) if (ranges) addEdges(ranges);
  const starts = [...edges].filter((edge) => edge <= 0x10ffff).sort((a, b) => a - b);
  const of = (rune: number): number => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] as number) <= rune) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const latin1 = new Int32Array(256);
  for (let rune = 0; rune < 256; rune++) latin1[rune] = of(rune);
  const word = starts.map((start) => WORD.some(([lo, hi]) => start >= lo && start <= hi));
  const setClasses = program.ranges.map((ranges) => {
    if (!ranges) return undefined;
    const pairs = new Int32Array(ranges.length * 2);
    ranges.forEach(([lo, hi], i) => {
      pairs[2 * i] = of(lo);
      pairs[2 * i + 1] = of(hi);
    });
    return pairs;
  });
  return { count: starts.length, latin1, word, of, setClasses };
}

/** True when class `cls` is one of the pairs (sorted, disjoint). */
export function inClasses(pairs: Int32Array, cls: number): boolean {
  let lo = 0;
  let hi = pairs.length / 2 - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (cls < (pairs[2 * mid] as number)) hi = mid - 1;
    else if (cls > (pairs[2 * mid + 1] as number)) lo = mid + 1;
    else return true;
  }
  return false;
}
