import type { RankOf } from "./ranks.js";

/** The tokens of `data[0, length)` by byte-pair merging. */
export type MergeCount = (data: Uint8Array, length: number) => number;

const NONE = 0x7fffffff;

/**
 * Byte-pair merging as tiktoken does it: the lowest-ranked pair of neighbouring parts first,
 * until no pair is a token. `cuts` holds where each part starts (cuts[parts] = length),
 * `pairs[i]` the rank of parts i and i + 1 as one token (NONE when they are not one); both
 * are typed arrays kept from one piece to the next.
 */
export function bytePairMerge(rankOf: RankOf): MergeCount {
  let cuts = new Int32Array(256);
  let pairs = new Int32Array(256);
  const pairRank = (data: Uint8Array, i: number, parts: number): number => {
    if (i + 1 >= parts) return NONE;
    const rank = rankOf(data, cuts[i] as number, cuts[i + 2] as number);
    return rank === -1 ? NONE : rank;
  };
  return (data, length) => {
    if (cuts.length <= length + 1) {
      cuts = new Int32Array(length * 2 + 2);
      pairs = new Int32Array(length * 2 + 2);
    }
    let parts = length;
    for (let i = 0; i <= length; i++) cuts[i] = i;
    for (let i = 0; i < parts; i++) pairs[i] = pairRank(data, i, parts);
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
      pairs[at] = pairRank(data, at, parts);
      if (at > 0) pairs[at - 1] = pairRank(data, at - 1, parts);
    }
  };
}
