import { readFileSync } from "node:fs";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { createO200kCounter } from "../src/counter.js";
import { o200kTable } from "../src/table.js";

/** The table the build writes (turbo builds before testing). */
export const TABLE = new URL("../dist/o200k.bin", import.meta.url);

/** The table's bytes, read afresh (a test may change its copy). */
export const tableBytes = (): Buffer => readFileSync(TABLE);

/** A counter over the built table. */
export const count = createO200kCounter(tableBytes(), { name: TABLE.pathname });

/** The built table's classes, as the pre-tokenizer takes them. */
export function tableClasses(): [classes: Uint8Array, runStarts: Uint32Array, runFlags: Uint32Array] {
  const table = o200kTable(tableBytes());
  return [table.classes, table.runStarts, table.runFlags];
}

/** gpt-tokenizer's o200k_base count, special-token spellings counted as text: the reference. */
export const reference = (text: string): number => countTokens(text, { disallowedSpecial: new Set() });

// gpt-tokenizer's pre-tokenizer pattern, the reference for the hand-run one and for the runs.
const CONTRACTION = "(?:'(?:[sS]|[dD]|[mM]|[tT]|[lL][lL]|[vV][eE]|[rR][eE]))?";
const SPLIT = new RegExp(
  String.raw`[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+${CONTRACTION}|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*${CONTRACTION}|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+`,
  "gu",
);
/** The pieces gpt-tokenizer's pattern splits `text` into. */
export const referencePieces = (text: string): string[] => text.match(SPLIT) ?? [];

/** Texts of 1 to `most` parts drawn from `pool` by a fixed pseudo-random sequence (the same texts every run). */
export function seededTexts(pool: readonly string[], n: number, most: number, seed: number): string[] {
  let state = seed;
  const random = (below: number) => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return (state >>> 8) % below;
  };
  return Array.from({ length: n }, () => Array.from({ length: 1 + random(most) }, () => pool[random(pool.length)]).join(""));
}
