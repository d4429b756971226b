import { type O200kTable, RANK_BITS, RANK_MASK } from "./table.js";

/** The rank of `data[start, end)` as one token, or -1 when those bytes are no token. */
export type RankOf = (data: Uint8Array, start: number, end: number) => number;

/** Looks byte strings up in the table's hash of the tokens (FNV-1a, open addressing, as scripts/build-table.js places them). */
export function rankLookup({ table, starts, lengths, bytes }: O200kTable): RankOf {
  const mask = table.length - 1;
  return (data, start, end) => {
    let hash = 0x811c9dc5;
    for (let i = start; i < end; i++) hash = Math.imul(hash ^ (data[i] as number), 0x01000193);
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
      while (i < length && bytes[from + i] === data[start + i]) i++;
      if (i === length) return rank;
    }
  };
}
