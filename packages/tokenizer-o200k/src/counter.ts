import { bytePairMerge } from "./merge.js";
import { o200kPieces } from "./pieces.js";
import { rankLookup } from "./ranks.js";
import { SPLIT_ASCII, cutter, nextRun } from "./runs.js";
import { readTable } from "./table.js";
import { utf8Into } from "./utf8.js";

/** Counts the tokens of a text: the shape of `@rulebook/prompt`'s `TokenCounter`, so an o200k counter goes wherever that is asked for. */
export type TokenCounter = (text: string) => number;

/** Options of {@link createO200kCounter}. */
export interface O200kCounterOptions {
  /** Where the table's bytes came from, for the error when they are not a table (default "the o200k table"). */
  name?: string;
}

const MAX_KNOWN_PIECES = 50_000;

/**
 * An exact o200k_base token counter (GPT-4o and later) over the table's bytes, already read:
 * each piece of the pre-tokenizer is looked up in the table's hash of byte strings, then merged
 * by rank as tiktoken does. Special-token spellings count as text. Throws when `table` is not
 * a table of the layout this version reads.
 */
export function createO200kCounter(table: Uint8Array, options: O200kCounterOptions = {}): TokenCounter {
  const view = readTable(table, options.name ?? "the o200k table");
  const rankOf = rankLookup(view);
  const mergeCount = bytePairMerge(rankOf);
  let scratch = new Uint8Array(1024);
  // Rule files repeat their words: a piece counted once is not encoded and looked up again.
  const known = new Map<string, number>();
  const countNew = (piece: string): number => {
    if (scratch.length < piece.length * 3) scratch = new Uint8Array(piece.length * 3);
    const length = utf8Into(piece, scratch);
    const n = rankOf(scratch, 0, length) === -1 ? mergeCount(scratch, length) : 1;
    if (known.size >= MAX_KNOWN_PIECES) known.clear();
    known.set(piece, n);
    return n;
  };

  const pieces = o200kPieces(view.classes, view.runStarts, view.runFlags);
  const cut = cutter(view.classes);
  return (text) => {
    let total = 0;
    const length = text.length;
    for (let at = 0; at < length; ) {
      const run = nextRun(text, at, cut);
      if (run >= 0) {
        // All the pieces of the ASCII lines in one call: no match object per piece.
        const list = (at === 0 && run === length ? text : text.slice(at, run)).match(SPLIT_ASCII) as RegExpMatchArray;
        for (let i = 0; i < list.length; i++) {
          const piece = list[i] as string;
          const n = known.get(piece);
          total += n === undefined ? countNew(piece) : n;
        }
        at = run;
      } else {
        for (const end = ~run; at < end; ) {
          const next = pieces.next(text, at);
          const piece = text.slice(at, next);
          const n = known.get(piece);
          total += n === undefined ? countNew(piece) : n;
          at = next;
        }
      }
    }
    return total;
  };
}
