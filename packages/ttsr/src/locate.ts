import { isHighSurrogate as isHigh, isLowSurrogate as isLow } from "@rulebook/core/text";
import type { TriggerPattern } from "./compile-pattern.js";
import { patternTree } from "./compile-pattern.js";
import { AFTER_WORD, AT_START, type DfaState, LazyDfa } from "./lazy-dfa.js";
import { compileNfa } from "./nfa-program.js";
import type { RegexNode } from "./regex-ast.js";

/** The tail of a stream that is kept: `text` starts at absolute offset `start`. */
export interface RetainedText {
  text: string;
  start: number;
}

const locators = new WeakMap<TriggerPattern, LazyDfa>();

/**
 * The leftmost start, no earlier than `end - maxLength`, of a match of `pattern` ending exactly at
 * `end`, or undefined when there is none that short. Reads the text backwards from `end` once, with
 * the pattern reversed and anchored there, over at most `maxLength` characters plus the neighbours
 * on each side, so the assertions see the real context.
 */
export function locateMatchStart(pattern: TriggerPattern, retained: RetainedText, end: number, maxLength: number): number | undefined {
  const { text, start } = retained;
  const dfa = locator(pattern);
  const { latin1, of } = dfa.classes;
  const from = windowStart(retained, end, maxLength);
  const right = end - start < text.length ? text.codePointAt(end - start) : undefined;
  let state: DfaState = dfa.start(right === undefined ? AT_START : isWordRune(right) ? AFTER_WORD : 0);
  let found: number | undefined;
  let at = end;
  while (state.pcs.length > 0 || state.isMatch) {
    // `state` has read text[at, end); stepping the character before tells whether a match starts at `at`.
    if (at - start <= 0) {
      if (dfa.endMatches(state).length > 0) found = at;
      break;
    }
    let rune = text.charCodeAt(at - start - 1);
    let width = 1;
    if (isLow(rune) && at - start >= 2 && isHigh(text.charCodeAt(at - start - 2))) {
      rune = 0x10000 + ((text.charCodeAt(at - start - 2) - 0xd800) << 10) + (rune - 0xdc00);
      width = 2;
    }
    state = dfa.step(state, rune <= 0xff ? (latin1[rune] as number) : of(rune));
    if (state.isMatch) found = at;
    if (at <= from) break;
    at -= width;
  }
  return found;
}

/** The earliest start a located match may have: `end - maxLength`, moved off the middle of a surrogate pair. */
export function windowStart(retained: RetainedText, end: number, maxLength: number): number {
  const from = Math.max(0, end - maxLength);
  const at = (offset: number) => retained.text.charCodeAt(offset - retained.start);
  return from > 0 && isLow(at(from)) && isHigh(at(from - 1)) ? from + 1 : from;
}

function locator(pattern: TriggerPattern): LazyDfa {
  let dfa = locators.get(pattern);
  if (!dfa) {
    dfa = new LazyDfa(compileNfa([reversed(patternTree(pattern))]), () => {}, true);
    locators.set(pattern, dfa);
  }
  return dfa;
}

// The tree matching the reversed texts: read right to left, `^` (nothing before) is checked at the
// end of the reading and `$` (nothing after) at its start; `\b` and `\B` look at both sides anyway.
function reversed(node: RegexNode): RegexNode {
  switch (node.kind) {
    case "empty":
    case "set":
      return node;
    case "assert":
      if (node.assertion === "start") return { kind: "assert", assertion: "end" };
      if (node.assertion === "end") return { kind: "assert", assertion: "start" };
      return node;
    case "concat":
      return { kind: "concat", items: node.items.map(reversed).reverse() };
    case "alt":
      return { kind: "alt", items: node.items.map(reversed) };
    case "repeat":
      return { ...node, child: reversed(node.child) };
  }
}

function isWordRune(rune: number): boolean {
  return (rune >= 0x30 && rune <= 0x39) || (rune >= 0x41 && rune <= 0x5a) || rune === 0x5f || (rune >= 0x61 && rune <= 0x7a);
}
