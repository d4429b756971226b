import { readFileSync } from "node:fs";

/** Counts the tokens of a text. */
export type CountTokens = (text: string) => number;

const MAGIC = 0x656b326f; // "o2ke": blocks of 4 ranks (a table with another layout is refused, not misread)
const RANK_BITS = 18;
const RANK_MASK = (1 << RANK_BITS) - 1;
const MAX_KNOWN_PIECES = 50_000;

// Code point classes, as scripts/o200k-table.js writes them.
const UPPER = 1; // [\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]
const LOWER = 2; // [\p{Ll}\p{Lm}\p{Lo}\p{M}]
const LETTER = 4; // \p{L}
const NUMBER = 8; // \p{N}
const SPACE = 16; // \s
const NEWLINE = 32; // [\r\n]
const CASED = UPPER | LOWER;
/** True for `[^\s\p{L}\p{N}]` (a function of the module, not a closure made per piece). */
const symbol = (flags: number) => (flags & (SPACE | LETTER | NUMBER)) === 0;

/** o200k's pre-tokenizer: calls `onPiece` with each piece of `text`, in order. */
export type SplitPieces = (text: string, onPiece: (piece: string) => void) => void;

// The pre-tokenizer's pattern for text that is all ASCII, where the Unicode classes are exactly
// these ranges (Lt, Lm, Lo and M have no ASCII member). V8 compiles it in well under a
// millisecond, the Unicode one in 5-15.
const CONTRACTION = "(?:'(?:[sS]|[dD]|[mM]|[tT]|[lL][lL]|[vV][eE]|[rR][eE]))?";
const SPLIT_ASCII = new RegExp(
  String.raw`[^\r\nA-Za-z0-9]?[A-Z]*[a-z]+${CONTRACTION}|[^\r\nA-Za-z0-9]?[A-Z]+[a-z]*${CONTRACTION}|[0-9]{1,3}| ?[^\sA-Za-z0-9]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+`,
  "g",
);
const NON_ASCII = /[^\0-\x7f]/g;

/**
 * An exact o200k_base token counter (GPT-4o and later) over the table `scripts/o200k-table.js`
 * writes: loading is one file read, and each piece is looked up in a hash table of byte
 * strings, then merged by rank as tiktoken does. Special-token spellings count as text.
 */
export function createO200kCounter(file: URL): CountTokens {
  return o200kCounterOf(readFileSync(file), file.pathname);
}

/** {@link createO200kCounter} over the table's bytes, already read (`name` says where from, for the error). */
export function o200kCounterOf(data: Uint8Array, name: string): CountTokens {
  const base = data.byteOffset;
  if (base % 4 !== 0) return o200kCounterOf(data.slice(), name);
  const header = new Uint32Array(data.buffer, base, 8);
  if (header[0] !== MAGIC) throw new Error(`${name} is not an o200k table (rebuild the CLI)`);
  const { starts, table, runStarts, runFlags, classes, lengths, bytes } = o200kTable(data);
  const mask = table.length - 1;
  let scratch = new Uint8Array(1024);

  /** The rank of scratch[start, end) as one token, or -1. */
  const rankOf = (start: number, end: number): number => {
    let hash = 0x811c9dc5;
    for (let i = start; i < end; i++) hash = Math.imul(hash ^ (scratch[i] as number), 0x01000193);
    // The slot's high bits are the hash's: most slots of other tokens are told apart without reading their bytes.
    const tag = ((hash >>> RANK_BITS) << RANK_BITS) | 0;
    const length = end - start;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = table[slot] as number;
      if (entry === 0) return -1;
      if ((entry & ~RANK_MASK) !== tag) continue;
      const rank = (entry & RANK_MASK) - 1;
      if (lengths[rank] !== length) continue;
      // Where its bytes start: its block's start, then the lengths of the ranks before it in the block.
      let from = starts[rank >> 2] as number;
      for (let r = rank & ~3; r < rank; r++) from += lengths[r] as number;
      let i = 0;
      while (i < length && bytes[from + i] === scratch[start + i]) i++;
      if (i === length) return rank;
    }
  };

  // Byte-pair merging over scratch[0, length): `cuts` holds where each part starts (cuts[parts] = length),
  // `pairs[i]` the rank of parts i and i + 1 as one token (NONE when they are not one).
  const NONE = 0x7fffffff;
  let cuts = new Int32Array(256);
  let pairs = new Int32Array(256);
  const pairRank = (i: number, parts: number): number => {
    if (i + 1 >= parts) return NONE;
    const rank = rankOf(cuts[i] as number, cuts[i + 2] as number);
    return rank === -1 ? NONE : rank;
  };
  /** Tokens of scratch[0, length) by byte-pair merging: the lowest-ranked pair first, as tiktoken does. */
  const mergeCount = (length: number): number => {
    if (cuts.length <= length + 1) {
      cuts = new Int32Array(length * 2 + 2);
      pairs = new Int32Array(length * 2 + 2);
    }
    let parts = length;
    for (let i = 0; i <= length; i++) cuts[i] = i;
    for (let i = 0; i < parts; i++) pairs[i] = pairRank(i, parts);
    for (;;) {
      let best = NONE;
      let at = -1;
      for (let i = 0; i < parts - 1; i++) {
        if ((pairs[i] as number) < best) {
          best = pairs[i] as number;
          at = i;
        }
      }
      if (at === -1) return parts;
      // Parts at and at + 1 become one: the cuts and pairs after them move down by one.
      cuts.copyWithin(at + 1, at + 2, parts + 1);
      pairs.copyWithin(at + 1, at + 2, parts);
      parts--;
      pairs[at] = pairRank(at, parts);
      if (at > 0) pairs[at - 1] = pairRank(at - 1, parts);
    }
  };

  // Rule files repeat their words: a piece counted once is not encoded and looked up again.
  const known = new Map<string, number>();
  const countNew = (piece: string): number => {
    if (scratch.length < piece.length * 3) scratch = new Uint8Array(piece.length * 3);
    const length = utf8Into(piece, scratch);
    const n = rankOf(0, length) === -1 ? mergeCount(length) : 1;
    if (known.size >= MAX_KNOWN_PIECES) known.clear();
    known.set(piece, n);
    return n;
  };

  const pieces = o200kPieces(classes, runStarts, runFlags);
  const cut = cutter(classes);
  return (text) => {
    let total = 0;
    const length = text.length;
    for (let at = 0; at < length; ) {
      const end = nextRun(text, at, cut);
      if (runAscii) {
        // All the pieces of the ASCII lines in one call: no match object per piece.
        const list = (at === 0 && end === length ? text : text.slice(at, end)).match(SPLIT_ASCII) as RegExpMatchArray;
        for (let i = 0; i < list.length; i++) {
          const piece = list[i] as string;
          const n = known.get(piece);
          total += n === undefined ? countNew(piece) : n;
        }
      } else {
        while (at < end) {
          const next = pieces.next(text, at);
          const piece = text.slice(at, next);
          const n = known.get(piece);
          total += n === undefined ? countNew(piece) : n;
          at = next;
        }
      }
      at = end;
    }
    return total;
  };
}

/** True when a piece surely starts at `p` of `text`: after a newline, before neither whitespace nor `/`. */
type Cut = (text: string, p: number) => boolean;
function cutter(classes: Uint8Array): Cut {
  return (text, p) => {
    if (p >= text.length || text.charCodeAt(p - 1) !== 10) return false;
    const c = text.charCodeAt(p);
    return c !== 47 && ((classes[c] as number) & SPACE) === 0;
  };
}

// Whether the run {@link nextRun} last returned is all ASCII (no array to destructure per run).
let runAscii = false;
/**
 * Where the run of `text` from `at` ends: lines that are all ASCII up to the last cut before the next other
 * character ({@link runAscii} true), or the lines around that character up to the next cut (false).
 * A run ends after a `\n` followed by something other than whitespace or `/`: no piece of the
 * pattern goes on across such a place, so each run is split as the whole text would be.
 */
function nextRun(text: string, at: number, cut: Cut): number {
  const length = text.length;
  NON_ASCII.lastIndex = at;
  // `test`, not `exec`: no match array per run.
  const other = NON_ASCII.test(text) ? NON_ASCII.lastIndex - 1 : length;
  let end = other === length ? length : at;
  for (let nl = other === length ? -1 : text.lastIndexOf("\n", other - 1); nl >= at; nl = nl === 0 ? -1 : text.lastIndexOf("\n", nl - 1)) {
    if (cut(text, nl + 1)) {
      end = nl + 1;
      break;
    }
  }
  runAscii = end > at;
  if (runAscii) return end;
  end = length;
  for (let nl = text.indexOf("\n", other); nl !== -1; nl = text.indexOf("\n", nl + 1)) {
    if (cut(text, nl + 1)) {
      end = nl + 1;
      break;
    }
  }
  return end;
}

/** The typed arrays of a table's bytes (layout: scripts/o200k-table.js), viewed in place. */
export function o200kTable(data: Uint8Array) {
  const header = new Uint32Array(data.buffer, data.byteOffset, 8);
  const count = header[1] ?? 0;
  const slots = header[2] ?? 0;
  const runs = header[4] ?? 0;
  let at = data.byteOffset + 32;
  const blocks = Math.ceil(count / 4);
  const starts = new Uint32Array(data.buffer, at, blocks);
  at += 4 * blocks;
  const table = new Uint32Array(data.buffer, at, slots);
  at += 4 * slots;
  const runStarts = new Uint32Array(data.buffer, at, runs);
  const runFlags = new Uint32Array(data.buffer, at + 4 * runs, runs);
  at += 8 * runs;
  const classes = new Uint8Array(data.buffer, at, 65536);
  const lengths = new Uint8Array(data.buffer, at + 65536, count);
  const bytes = new Uint8Array(data.buffer, at + 65536 + count, header[3]);
  return { starts, table, runStarts, runFlags, classes, lengths, bytes };
}

/**
 * o200k's pre-tokenizer over the classes of the table: runs of lines that are all ASCII go
 * through the ASCII pattern (native code, compiled in well under a millisecond), the lines
 * around other characters through {@link o200kPieces}, so no Unicode regular expression is
 * compiled. A run ends after a `\n` followed by something other than whitespace or `/`: no piece
 * of the pattern goes on across such a place, so each run is split as the whole text would be.
 */
export function o200kSplit(classes: Uint8Array, runStarts: Uint32Array, runFlags: Uint32Array): SplitPieces {
  const pieces = o200kPieces(classes, runStarts, runFlags);
  const cut = cutter(classes);
  return (text, onPiece) => {
    const length = text.length;
    for (let at = 0; at < length; ) {
      const end = nextRun(text, at, cut);
      if (runAscii) {
        SPLIT_ASCII.lastIndex = at;
        while (SPLIT_ASCII.lastIndex < end) onPiece((SPLIT_ASCII.exec(text) as RegExpExecArray)[0]);
      } else {
        while (at < end) {
          const next = pieces.next(text, at);
          onPiece(text.slice(at, next));
          at = next;
        }
      }
      at = end;
    }
  };
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
 * expression. `next(text, at)` is where the piece at `at` ends.
 */
export function o200kPieces(classes: Uint8Array, runStarts: Uint32Array, runFlags: Uint32Array): { next(text: string, at: number): number } {
  const astral = new Map<number, number>();
  let text = "";
  let length = 0;

  /** The classes of the code point at `i` (a lone surrogate is a code point of its own). */
  const flagsAt = (i: number): number => {
    const unit = text.charCodeAt(i);
    if (unit < 0xd800 || unit > 0xdbff || i + 1 >= length) return classes[unit] as number;
    const low = text.charCodeAt(i + 1);
    if (low < 0xdc00 || low > 0xdfff) return classes[unit] as number;
    const cp = ((unit - 0xd800) << 10) + (low - 0xdc00) + 0x10000;
    let flags = astral.get(cp);
    if (flags === undefined) {
      let lo = 0;
      let hi = runStarts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if ((runStarts[mid] as number) <= cp) lo = mid;
        else hi = mid - 1;
      }
      flags = runFlags[lo] ?? 0;
      astral.set(cp, flags);
    }
    return flags;
  };
  /** Where the code point at `i` ends. */
  const after = (i: number): number => {
    const unit = text.charCodeAt(i);
    if (unit < 0xd800 || unit > 0xdbff || i + 1 >= length) return i + 1;
    const low = text.charCodeAt(i + 1);
    return low >= 0xdc00 && low <= 0xdfff ? i + 2 : i + 1;
  };
  /** `'s`, `'d`, `'m`, `'t`, `'ll`, `'ve`, `'re` (either case) at `i`: where it ends, else `i`. */
  const contraction = (i: number): number => {
    if (text.charCodeAt(i) !== 39) return i;
    const a = text.charCodeAt(i + 1) | 0x20;
    if (a === 0x73 || a === 0x64 || a === 0x6d || a === 0x74) return i + 2;
    const b = text.charCodeAt(i + 2) | 0x20;
    if ((a === 0x6c && b === 0x6c) || ((a === 0x76 || a === 0x72) && b === 0x65)) return i + 3;
    return i;
  };
  /** `[UPPER]*[LOWER]+C?` from `j`: the end, or -1. The lower run starts at the last LOWER of `[j, end of the upper run]`. */
  const upperThenLower = (j: number): number => {
    let lower = -1;
    let k = j;
    while (k < length) {
      const flags = flagsAt(k);
      if ((flags & UPPER) === 0) {
        if (flags & LOWER) lower = k;
        break;
      }
      if (flags & LOWER) lower = k;
      k = after(k);
    }
    if (lower === -1) return -1;
    let end = lower;
    while (end < length && flagsAt(end) & LOWER) end = after(end);
    return contraction(end);
  };
  /** `[UPPER]+[LOWER]*C?` from `j`: the end, or -1. */
  const upperRun = (j: number): number => {
    if (j >= length || (flagsAt(j) & UPPER) === 0) return -1;
    let end = after(j);
    while (end < length && flagsAt(end) & UPPER) end = after(end);
    while (end < length && flagsAt(end) & LOWER) end = after(end);
    return contraction(end);
  };

  const next = (at: number): number => {
    const first = flagsAt(at);
    const second = after(at);
    // [^\r\n\p{L}\p{N}]? before a cased run: taken first, then left out.
    const prefixed = (first & (NEWLINE | LETTER | NUMBER)) === 0 && second < length;
    if (first & CASED || (prefixed && flagsAt(second) & CASED)) {
      let end = prefixed ? upperThenLower(second) : -1;
      if (end === -1) end = upperThenLower(at);
      if (end === -1 && prefixed) end = upperRun(second);
      if (end === -1) end = upperRun(at);
      if (end !== -1) return end;
    }
    if (first & NUMBER) {
      let end = second;
      for (let n = 1; n < 3 && end < length && flagsAt(end) & NUMBER; n++) end = after(end);
      return end;
    }
    // ` ?[^\s\p{L}\p{N}]+[\r\n/]*`
    let run = -1;
    if (text.charCodeAt(at) === 32 && second < length && symbol(flagsAt(second))) run = second;
    else if (symbol(first)) run = at;
    if (run !== -1) {
      let end = after(run);
      while (end < length && symbol(flagsAt(end))) end = after(end);
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
  };

  return {
    next(input, at) {
      if (input !== text) {
        text = input;
        length = input.length;
      }
      return next(at);
    },
  };
}

/** Writes `text` as UTF-8 (a lone surrogate as U+FFFD, as `TextEncoder` does); the byte length. */
function utf8Into(text: string, out: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c < 0x80) {
      out[n++] = c;
      continue;
    }
    if (c < 0x800) {
      out[n++] = 0xc0 | (c >> 6);
      out[n++] = 0x80 | (c & 0x3f);
      continue;
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      const low = text.charCodeAt(i + 1);
      if (c <= 0xdbff && low >= 0xdc00 && low <= 0xdfff) {
        const cp = ((c - 0xd800) << 10) + (low - 0xdc00) + 0x10000;
        out[n++] = 0xf0 | (cp >> 18);
        out[n++] = 0x80 | ((cp >> 12) & 0x3f);
        out[n++] = 0x80 | ((cp >> 6) & 0x3f);
        out[n++] = 0x80 | (cp & 0x3f);
        i++;
        continue;
      }
      c = 0xfffd;
    }
    out[n++] = 0xe0 | (c >> 12);
    out[n++] = 0x80 | ((c >> 6) & 0x3f);
    out[n++] = 0x80 | (c & 0x3f);
  }
  return n;
}
