// Writes dist/o200k.bin, the o200k_base vocabulary as the counter (src/counter.ts) reads it: the
// token bytes in rank order, their offsets, an open-addressing hash table of the ranks, and the
// Unicode classes the pre-tokenizer needs, so loading it is one file read (no half-second of
// building a 200,000-entry Map, no Unicode regular expression to compile).
// The ranks come from gpt-tokenizer (a build-time dependency only); the classes from this
// Node's own regular expressions, the ones gpt-tokenizer's pattern uses at run time.
// Layout, little-endian (src/table.ts reads it):
//   u32 magic "o2ke", u32 count, u32 slots (a power of two), u32 byte length, u32 runs, u32[3] 0,
//   u32 starts[ceil(count / 4)]: where the bytes of ranks 0, 4, 8, … start (blocks of 4: finding a
//     token's bytes adds at most 3 lengths; blocks of 16 added 7.5 on average per lookup),
//   u32 table[slots]: 0 = empty, else (rank + 1) | (top 14 bits of the FNV-1a hash) << 18,
//   u32 runStarts[runs], u32 runFlags[runs]: the classes of the code points from 0x10000 on,
//   u8 classes[65536]: the classes of each UTF-16 code unit (a lone surrogate is its own),
//   u8 lengths[count]: each token's byte length (the longest is 128),
//   u8 bytes[byte length]: the tokens' bytes in rank order
// Classes (bits, src/classes.ts): 1 [\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}], 2 [\p{Ll}\p{Lm}\p{Lo}\p{M}],
// 4 \p{L}, 8 \p{N}, 16 \s, 32 [\r\n].
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import ranks from "gpt-tokenizer/bpeRanks/o200k_base";

const MAGIC = 0x656b326f;
const RANK_BITS = 18;
const BLOCK = 4;
const HEAD = 32;

const UPPER = /[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]/u;
const LOWER = /[\p{Ll}\p{Lm}\p{Lo}\p{M}]/u;
const LETTER = /\p{L}/u;
const NUMBER = /\p{N}/u;
const SPACE = /\s/u;
const classOf = (text) =>
  (UPPER.test(text) ? 1 : 0) |
  (LOWER.test(text) ? 2 : 0) |
  (LETTER.test(text) ? 4 : 0) |
  (NUMBER.test(text) ? 8 : 0) |
  (SPACE.test(text) ? 16 : 0) |
  (text === "\r" || text === "\n" ? 32 : 0);

/** The classes of every UTF-16 code unit, and of the code points from 0x10000 on as runs of equal classes. */
function classTables() {
  const classes = new Uint8Array(65536);
  for (let unit = 0; unit < 65536; unit++) classes[unit] = classOf(String.fromCharCode(unit));
  const runStarts = [];
  const runFlags = [];
  for (let cp = 0x10000; cp <= 0x10ffff; cp++) {
    const flags = classOf(String.fromCodePoint(cp));
    if (runFlags.length === 0 || runFlags[runFlags.length - 1] !== flags) {
      runStarts.push(cp);
      runFlags.push(flags);
    }
  }
  return { classes, runStarts, runFlags };
}

/** FNV-1a over the bytes; the counter computes the same hash (src/ranks.ts). */
function fnv1a(data) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < data.length; i++) hash = Math.imul(hash ^ data[i], 0x01000193);
  return hash >>> 0;
}

/** The whole table, laid out as the header comment says. */
function layOut(tokens, { classes, runStarts, runFlags }) {
  const count = tokens.length;
  if (count >= 2 ** RANK_BITS) throw new Error(`o200k has ${count} tokens, more than ${RANK_BITS} bits of rank`);
  let slots = 1;
  while (slots < count * 1.25) slots *= 2;
  const runs = runStarts.length;
  const byteLength = tokens.reduce((total, t) => total + t.length, 0);
  const blocks = Math.ceil(count / BLOCK);
  const tableAt = HEAD + 4 * blocks;
  const runsAt = tableAt + 4 * slots;
  const classesAt = runsAt + 8 * runs;
  const lengthsAt = classesAt + 65536;
  const bytesAt = lengthsAt + count;
  const buffer = new ArrayBuffer(bytesAt + byteLength);
  new Uint32Array(buffer, 0, 8).set([MAGIC, count, slots, byteLength, runs]);
  const starts = new Uint32Array(buffer, HEAD, blocks);
  const table = new Uint32Array(buffer, tableAt, slots);
  new Uint32Array(buffer, runsAt, runs).set(runStarts);
  new Uint32Array(buffer, runsAt + 4 * runs, runs).set(runFlags);
  new Uint8Array(buffer, classesAt, 65536).set(classes);
  const lengths = new Uint8Array(buffer, lengthsAt, count);
  const bytes = new Uint8Array(buffer, bytesAt, byteLength);
  let at = 0;
  for (let rank = 0; rank < count; rank++) {
    const token = tokens[rank];
    if (rank % BLOCK === 0) starts[rank / BLOCK] = at;
    if (token.length > 255) throw new Error(`token ${rank} is ${token.length} bytes, more than a u8 length`);
    lengths[rank] = token.length;
    bytes.set(token, at);
    at += token.length;
    if (token.length === 0) continue;
    const hash = fnv1a(token);
    let slot = hash & (slots - 1);
    while (table[slot] !== 0) slot = (slot + 1) & (slots - 1);
    table[slot] = ((rank + 1) | ((hash >>> RANK_BITS) << RANK_BITS)) >>> 0;
  }
  return { buffer, count, slots, runs };
}

const encoder = new TextEncoder();
const tokens = ranks.map((value) =>
  value === undefined || value === null ? new Uint8Array(0) : typeof value === "string" ? encoder.encode(value) : Uint8Array.from(value),
);
const { buffer, count, slots, runs } = layOut(tokens, classTables());
mkdirSync(fileURLToPath(new URL("../dist", import.meta.url)), { recursive: true });
writeFileSync(fileURLToPath(new URL("../dist/o200k.bin", import.meta.url)), new Uint8Array(buffer));
console.log(`o200k.bin: ${count} tokens, ${slots} slots, ${runs} astral class runs, ${(buffer.byteLength / 1024 / 1024).toFixed(1)} MiB`);
