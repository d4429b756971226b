import { CASED, LETTER, LOWER, NEWLINE, NUMBER, SPACE, UPPER, symbol } from "./classes.js";

/** The classes of the code point at `i` of `text` (a lone surrogate is a code point of its own). */
type FlagsAt = (text: string, i: number) => number;

/** A pre-tokenizer that finds one piece at a time. */
export interface Pieces {
  /** Where the piece of `text` that starts at `at` ends. */
  next(text: string, at: number): number;
}

/**
 * o200k_base's pre-tokenizer, tiktoken's pattern as gpt-tokenizer spells it for JavaScript:
 *
 *     [^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+C?
 *     |[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*C?
 *     |\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+
 *
 * (C: `'s`, `'d`, `'m`, `'t`, `'ll`, `'ve`, `'re` in either case), run by hand over code point
 * classes read from the table: the same pieces as the regular expression's leftmost-first,
 * greedy, backtracking match (a test compares them), without compiling a Unicode regular
 * expression.
 */
export function o200kPieces(classes: Uint8Array, runStarts: Uint32Array, runFlags: Uint32Array): Pieces {
  const flagsAt = codePointFlags(classes, runStarts, runFlags);
  return { next: (text, at) => nextPiece(text, at, flagsAt, classes) };
}

/** The classes of a code point: a UTF-16 unit's from `classes`, an astral one's from the runs (remembered once found). */
function codePointFlags(classes: Uint8Array, runStarts: Uint32Array, runFlags: Uint32Array): FlagsAt {
  const astral = new Map<number, number>();
  const astralFlags = (cp: number): number => {
    let lo = 0;
    let hi = runStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((runStarts[mid] as number) <= cp) lo = mid;
      else hi = mid - 1;
    }
    const flags = runFlags[lo] ?? 0;
    astral.set(cp, flags);
    return flags;
  };
  return (text, i) => {
    const unit = text.charCodeAt(i);
    if (unit < 0xd800 || unit > 0xdbff || i + 1 >= text.length) return classes[unit] as number;
    const low = text.charCodeAt(i + 1);
    if (low < 0xdc00 || low > 0xdfff) return classes[unit] as number;
    const cp = ((unit - 0xd800) << 10) + (low - 0xdc00) + 0x10000;
    return astral.get(cp) ?? astralFlags(cp);
  };
}

/** Where the piece at `at` ends (`at` < the text's length). */
function nextPiece(text: string, at: number, flagsAt: FlagsAt, classes: Uint8Array): number {
  const length = text.length;
  const first = flagsAt(text, at);
  const second = after(text, at);
  // [^\r\n\p{L}\p{N}]? before a cased run: taken first, then left out.
  const prefixed = (first & (NEWLINE | LETTER | NUMBER)) === 0 && second < length;
  if (first & CASED || (prefixed && flagsAt(text, second) & CASED)) {
    let end = prefixed ? upperThenLower(text, second, flagsAt) : -1;
    if (end === -1) end = upperThenLower(text, at, flagsAt);
    if (end === -1 && prefixed) end = upperRun(text, second, flagsAt);
    if (end === -1) end = upperRun(text, at, flagsAt);
    if (end !== -1) return end;
  }
  if (first & NUMBER) {
    let end = second;
    for (let n = 1; n < 3 && end < length && flagsAt(text, end) & NUMBER; n++) end = after(text, end);
    return end;
  }
  // ` ?[^\s\p{L}\p{N}]+[\r\n/]*`
  let run = -1;
  if (text.charCodeAt(at) === 32 && second < length && symbol(flagsAt(text, second))) run = second;
  else if (symbol(first)) run = at;
  if (run !== -1) {
    let end = after(text, run);
    while (end < length && symbol(flagsAt(text, end))) end = after(text, end);
    for (let c = text.charCodeAt(end); c === 10 || c === 13 || c === 47; c = text.charCodeAt(++end));
    return end;
  }
  // Whitespace (every \s is one UTF-16 unit): `\s*[\r\n]+`, then `\s+(?!\S)`, then `\s+`.
  let end = at;
  let newline = -1;
  while (end < length && (classes[text.charCodeAt(end)] as number) & SPACE) {
    if ((classes[text.charCodeAt(end)] as number) & NEWLINE) newline = end;
    end++;
  }
  if (newline !== -1) return newline + 1;
  if (end === length || end - at < 2) return Math.max(end, second);
  return end - 1;
}

/** Where the code point at `i` ends. */
function after(text: string, i: number): number {
  const unit = text.charCodeAt(i);
  if (unit < 0xd800 || unit > 0xdbff || i + 1 >= text.length) return i + 1;
  const low = text.charCodeAt(i + 1);
  return low >= 0xdc00 && low <= 0xdfff ? i + 2 : i + 1;
}

/** `'s`, `'d`, `'m`, `'t`, `'ll`, `'ve`, `'re` (either case) at `i`: where it ends, else `i`. */
function contraction(text: string, i: number): number {
  if (text.charCodeAt(i) !== 39) return i;
  const a = text.charCodeAt(i + 1) | 0x20;
  if (a === 0x73 || a === 0x64 || a === 0x6d || a === 0x74) return i + 2;
  const b = text.charCodeAt(i + 2) | 0x20;
  if ((a === 0x6c && b === 0x6c) || ((a === 0x76 || a === 0x72) && b === 0x65)) return i + 3;
  return i;
}

/** `[UPPER]*[LOWER]+C?` from `j`: the end, or -1. The lower run starts at the last LOWER of `[j, end of the upper run]`. */
function upperThenLower(text: string, j: number, flagsAt: FlagsAt): number {
  const length = text.length;
  let lower = -1;
  let k = j;
  while (k < length) {
    const flags = flagsAt(text, k);
    if ((flags & UPPER) === 0) {
      if (flags & LOWER) lower = k;
      break;
    }
    if (flags & LOWER) lower = k;
    k = after(text, k);
  }
  if (lower === -1) return -1;
  let end = lower;
  while (end < length && flagsAt(text, end) & LOWER) end = after(text, end);
  return contraction(text, end);
}

/** `[UPPER]+[LOWER]*C?` from `j`: the end, or -1. */
function upperRun(text: string, j: number, flagsAt: FlagsAt): number {
  const length = text.length;
  if (j >= length || (flagsAt(text, j) & UPPER) === 0) return -1;
  let end = after(text, j);
  while (end < length && flagsAt(text, end) & UPPER) end = after(text, end);
  while (end < length && flagsAt(text, end) & LOWER) end = after(text, end);
  return contraction(text, end);
}
