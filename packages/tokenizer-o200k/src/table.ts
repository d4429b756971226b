const MAGIC = 0x656b326f; // "o2ke": blocks of 4 ranks (a table with another layout is refused, not misread)

/** Bits of a hash slot that hold a rank (plus one); the bits above hold the top of the token's hash. */
export const RANK_BITS = 18;
/** The rank bits of a hash slot. */
export const RANK_MASK = (1 << RANK_BITS) - 1;

/** The typed arrays of a table's bytes (layout: scripts/build-table.js), viewed in place. */
export interface O200kTable {
  /** Where the bytes of ranks 0, 4, 8, … start in `bytes`. */
  starts: Uint32Array;
  /** The hash table: 0 for an empty slot, else rank + 1 and the top bits of the token's FNV-1a hash. */
  table: Uint32Array;
  /** The code points from 0x10000 on where a run of equal classes starts, and its classes. */
  runStarts: Uint32Array;
  runFlags: Uint32Array;
  /** The classes of each UTF-16 code unit. */
  classes: Uint8Array;
  /** Each token's byte length, by rank. */
  lengths: Uint8Array;
  /** Every token's bytes, in rank order. */
  bytes: Uint8Array;
}

/** The table in `data`, viewed in place (copied once when `data` is not 4-byte aligned); throws, naming `name`, when it is not an o200k table of this layout. */
export function readTable(data: Uint8Array, name: string): O200kTable {
  if (data.byteOffset % 4 !== 0) return readTable(data.slice(), name);
  if (data.byteLength < 32 || new Uint32Array(data.buffer, data.byteOffset, 1)[0] !== MAGIC) {
    throw new Error(`${name} is not an o200k table in the layout this version of @rulebook/tokenizer-o200k reads`);
  }
  return o200kTable(data);
}

/** The typed arrays of a table's bytes (layout: scripts/build-table.js), viewed in place; `data` must be 4-byte aligned. */
export function o200kTable(data: Uint8Array): O200kTable {
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
