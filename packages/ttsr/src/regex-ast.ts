/** An inclusive range of code points. */
export type CodeRange = readonly [number, number];

/** A zero-width assertion of JavaScript regular expressions without flags. */
export type Assertion = "start" | "end" | "word" | "not-word";

/** A parsed trigger pattern: the subset of JavaScript regular expressions the engine runs. */
export type RegexNode =
  | { kind: "empty" }
  | { kind: "set"; ranges: CodeRange[] }
  | { kind: "assert"; assertion: Assertion }
  | { kind: "concat"; items: RegexNode[] }
  | { kind: "alt"; items: RegexNode[] }
  | { kind: "repeat"; child: RegexNode; min: number; max: number };

/** The largest code point. */
export const MAX_CODE_POINT = 0x10ffff;

/** `\d`. */
export const DIGIT: CodeRange[] = [[0x30, 0x39]];
/** `\w`: ASCII letters, digits and underscore, as in JavaScript without the `u` flag. */
export const WORD: CodeRange[] = [
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
];
/** `\s`: JavaScript's WhiteSpace and LineTerminator characters (RE2's `\s` is ASCII only). */
export const SPACE: CodeRange[] = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];
/** `.`: anything but JavaScript's line terminators. */
export const DOT: CodeRange[] = complement([
  [0x0a, 0x0a],
  [0x0d, 0x0d],
  [0x2028, 0x2029],
]);

/** Sorts and merges ranges so that they are disjoint and not adjacent. */
export function normalizeRanges(ranges: readonly CodeRange[]): CodeRange[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [lo, hi] of sorted) {
    const last = merged[merged.length - 1];
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else merged.push([lo, hi]);
  }
  return merged;
}

/** The code points that are not in `ranges`. */
export function complement(ranges: readonly CodeRange[]): CodeRange[] {
  const result: CodeRange[] = [];
  let next = 0;
  for (const [lo, hi] of normalizeRanges(ranges)) {
    if (lo > next) result.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= MAX_CODE_POINT) result.push([next, MAX_CODE_POINT]);
  return result;
}

/** True when the node can match without consuming a character. */
export function isNullable(node: RegexNode): boolean {
  switch (node.kind) {
    case "empty":
    case "assert":
      return true;
    case "set":
      return false;
    case "concat":
      return node.items.every(isNullable);
    case "alt":
      return node.items.some(isNullable);
    case "repeat":
      return node.min === 0 || isNullable(node.child);
  }
}

/**
 * True when a match can end with `$`, `\b` or `\B`, whose truth at the end of the match depends on
 * the character after it: such a match is only certain once that character (or the end) is known.
 */
export function endsWithLookaheadAssertion(node: RegexNode): boolean {
  switch (node.kind) {
    case "empty":
    case "set":
      return false;
    case "assert":
      return node.assertion !== "start";
    case "concat":
      for (let i = node.items.length - 1; i >= 0; i--) {
        const item = node.items[i] as RegexNode;
        if (endsWithLookaheadAssertion(item)) return true;
        if (!isNullable(item)) return false;
      }
      return false;
    case "alt":
      return node.items.some(endsWithLookaheadAssertion);
    case "repeat":
      return node.max > 0 && endsWithLookaheadAssertion(node.child);
  }
}

/** RE2 syntax for the node; flags (case-insensitivity) are applied by the caller. */
export function toRe2Syntax(node: RegexNode): string {
  switch (node.kind) {
    case "empty":
      return "(?:)";
    case "set":
      return setSyntax(node.ranges);
    case "assert":
      return { start: "^", end: "$", word: "\\b", "not-word": "\\B" }[node.assertion];
    case "concat":
      return node.items.map((item) => (item.kind === "alt" ? `(?:${toRe2Syntax(item)})` : toRe2Syntax(item))).join("");
    case "alt":
      return node.items.map(toRe2Syntax).join("|");
    case "repeat": {
      const child = toRe2Syntax(node.child);
      const atom = node.child.kind === "set" || node.child.kind === "assert" ? child : `(?:${child})`;
      return atom + quantifierSyntax(node.min, node.max);
    }
  }
}

function quantifierSyntax(min: number, max: number): string {
  if (min === 0 && max === Number.POSITIVE_INFINITY) return "*";
  if (min === 1 && max === Number.POSITIVE_INFINITY) return "+";
  if (min === 0 && max === 1) return "?";
  if (max === Number.POSITIVE_INFINITY) return `{${min},}`;
  return min === max ? `{${min}}` : `{${min},${max}}`;
}

function setSyntax(ranges: readonly CodeRange[]): string {
  const [first] = ranges;
  if (ranges.length === 1 && first && first[0] === first[1]) return literal(first[0]);
  if (ranges.length === 0) return `[^\\x{0}-\\x{${MAX_CODE_POINT.toString(16)}}]`;
  return `[${ranges.map(([lo, hi]) => (lo === hi ? literal(lo) : `${literal(lo)}-${literal(hi)}`)).join("")}]`;
}

// Letters and digits stand for themselves in RE2; everything else is written as a hex escape, which
// is never special in or out of a class.
function literal(code: number): string {
  const isAlnum = (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
  return isAlnum ? String.fromCharCode(code) : `\\x{${code.toString(16)}}`;
}
