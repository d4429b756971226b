// Writes dist/o200k.bin, the o200k_base vocabulary as the CLI's token counter reads it: the
// token bytes in rank order, their offsets, and an open-addressing hash table of the ranks,
// so loading it is one file read (no half-second of building a 200,000-entry Map at start-up).
// The ranks come from gpt-tokenizer (a build-time dependency only). Layout, little-endian:
//   u32 magic "o2kb", u32 count, u32 slots (a power of two), u32 byte length,
//   u32 offsets[count + 1], i32 table[slots] (rank + 1, 0 = empty), u8 bytes[byte length]
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import ranks from "gpt-tokenizer/bpeRanks/o200k_base";

const encoder = new TextEncoder();
const tokens = ranks.map((value) => (value === undefined || value === null ? new Uint8Array(0) : typeof value === "string" ? encoder.encode(value) : Uint8Array.from(value)));
const count = tokens.length;
let slots = 1;
while (slots < count * 2.5) slots *= 2;
const byteLength = tokens.reduce((total, t) => total + t.length, 0);
const buffer = new ArrayBuffer(16 + 4 * (count + 1) + 4 * slots + byteLength);
const header = new Uint32Array(buffer, 0, 4);
header.set([0x626b326f, count, slots, byteLength]);
const offsets = new Uint32Array(buffer, 16, count + 1);
const table = new Int32Array(buffer, 16 + 4 * (count + 1), slots);
const bytes = new Uint8Array(buffer, 16 + 4 * (count + 1) + 4 * slots, byteLength);
let at = 0;
for (let rank = 0; rank < count; rank++) {
  offsets[rank] = at;
  bytes.set(tokens[rank], at);
  at += tokens[rank].length;
  if (tokens[rank].length === 0) continue;
  let slot = fnv1a(tokens[rank]) & (slots - 1);
  while (table[slot] !== 0) slot = (slot + 1) & (slots - 1);
  table[slot] = rank + 1;
}
offsets[count] = at;

/** FNV-1a over the bytes; the counter computes the same hash. */
function fnv1a(data) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < data.length; i++) hash = Math.imul(hash ^ data[i], 0x01000193);
  return hash >>> 0;
}

const out = fileURLToPath(new URL("../dist/o200k.bin", import.meta.url));
mkdirSync(fileURLToPath(new URL("../dist", import.meta.url)), { recursive: true });
writeFileSync(out, new Uint8Array(buffer));
console.log(`o200k.bin: ${count} tokens, ${slots} slots, ${(buffer.byteLength / 1024 / 1024).toFixed(1)} MiB`);
