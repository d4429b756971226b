import { readFileSync } from "node:fs";

/** Counts the tokens of a text. */
export type CountTokens = (text: string) => number;

// o200k_base's pre-tokenizer (tiktoken's pattern, as gpt-tokenizer 4 spells it for JavaScript).
const CONTRACTION = String.raw`(?:'(?:[sS]|[dD]|[mM]|[tT]|[lL][lL]|[vV][eE]|[rR][eE]))?`;
const SPLIT = new RegExp(
  String.raw`[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+${CONTRACTION}|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*${CONTRACTION}|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+`,
  "gu",
);
// The same pattern for text that is all ASCII, where the Unicode classes are exactly these
// ranges (Lt, Lm, Lo and M have no ASCII member). V8 compiles it in well under a millisecond,
// the Unicode one in 10-15: most rule files never need the latter.
const SPLIT_ASCII = new RegExp(
  String.raw`[^\r\nA-Za-z0-9]?[A-Z]*[a-z]+${CONTRACTION}|[^\r\nA-Za-z0-9]?[A-Z]+[a-z]*${CONTRACTION}|[0-9]{1,3}| ?[^\sA-Za-z0-9]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+`,
  "g",
);
const NON_ASCII = /[^\0-\x7f]/;
const MAGIC = 0x626b326f;
const MAX_KNOWN_PIECES = 50_000;

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
  const header = new Uint32Array(data.buffer, base, 4);
  if (header[0] !== MAGIC) throw new Error(`${name} is not an o200k table`);
  const count = header[1] ?? 0;
  const slots = header[2] ?? 0;
  const offsets = new Uint32Array(data.buffer, base + 16, count + 1);
  const table = new Int32Array(data.buffer, base + 16 + 4 * (count + 1), slots);
  const bytes = new Uint8Array(data.buffer, base + 16 + 4 * (count + 1) + 4 * slots, header[3]);
  const mask = slots - 1;
  const encoder = new TextEncoder();
  let scratch = new Uint8Array(1024);

  /** The rank of scratch[start, end) as one token, or -1. */
  const rankOf = (start: number, end: number): number => {
    let hash = 0x811c9dc5;
    for (let i = start; i < end; i++) hash = Math.imul(hash ^ (scratch[i] as number), 0x01000193);
    let slot = (hash >>> 0) & mask;
    for (;;) {
      const entry = table[slot] as number;
      if (entry === 0) return -1;
      const rank = entry - 1;
      const from = offsets[rank] as number;
      if ((offsets[rank + 1] as number) - from === end - start) {
        let i = 0;
        while (i < end - start && bytes[from + i] === scratch[start + i]) i++;
        if (i === end - start) return rank;
      }
      slot = (slot + 1) & mask;
    }
  };

  /** Tokens of scratch[0, length) by byte-pair merging: the lowest-ranked pair first. */
  const mergeCount = (length: number): number => {
    const starts: number[] = [];
    for (let i = 0; i <= length; i++) starts.push(i);
    const ranks: number[] = [];
    const pairRank = (i: number): number => {
      if (i + 2 >= starts.length) return Number.POSITIVE_INFINITY;
      const rank = rankOf(starts[i] as number, starts[i + 2] as number);
      return rank === -1 ? Number.POSITIVE_INFINITY : rank;
    };
    for (let i = 0; i < starts.length - 1; i++) ranks.push(pairRank(i));
    for (;;) {
      let best = Number.POSITIVE_INFINITY;
      let at = -1;
      for (let i = 0; i < ranks.length - 1; i++) {
        if ((ranks[i] as number) < best) {
          best = ranks[i] as number;
          at = i;
        }
      }
      if (at === -1) return starts.length - 1;
      starts.splice(at + 1, 1);
      ranks.splice(at + 1, 1);
      ranks[at] = pairRank(at);
      if (at > 0) ranks[at - 1] = pairRank(at - 1);
    }
  };

  // Rule files repeat their words: a piece counted once is not encoded and looked up again.
  const known = new Map<string, number>();
  const countPiece = (piece: string): number => {
    let n = known.get(piece);
    if (n !== undefined) return n;
    if (scratch.length < piece.length * 3) scratch = new Uint8Array(piece.length * 3);
    const length = encoder.encodeInto(piece, scratch).written;
    n = rankOf(0, length) === -1 ? mergeCount(length) : 1;
    if (known.size >= MAX_KNOWN_PIECES) known.clear();
    known.set(piece, n);
    return n;
  };

  return (text) => {
    const split = NON_ASCII.test(text) ? SPLIT : SPLIT_ASCII;
    let total = 0;
    split.lastIndex = 0;
    for (let match = split.exec(text); match !== null; match = split.exec(text)) total += countPiece(match[0]);
    return total;
  };
}
