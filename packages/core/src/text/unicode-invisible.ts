/**
 * Which characters count as invisible, and how a run of them is judged (docs/behaviour.md#safety, the
 * policy is written out in docs/text.md). The set comes from Unicode properties, not a
 * hand list: default-ignorable code points and format characters (Cf), which include
 * zero-width characters, bidi controls and marks, variation selectors, tag characters,
 * Hangul fillers, U+00AD, U+034F, U+180E, U+2061–2064, U+206A–206F, U+1D173–1D17A and
 * U+FFF9–FFFB. The prepended concatenation marks are Cf but print a visible sign, so
 * they are left out.
 */
import { isHighSurrogate, isLowSurrogate } from "./text-cut.js";
const INVISIBLE_CLASS = String.raw`[[\p{Default_Ignorable_Code_Point}\p{Cf}]--[\u0600-\u0605\u06DD\u070F\u0890\u0891\u08E2\u{110BD}\u{110CD}]]`;

// Every pattern here is made on first use: parsing a Unicode property set costs up to a
// millisecond, the emoji and script sets are needed only next to an invisible character, and
// a command that reads no rule needs none.
function onFirstUse(make: () => RegExp): () => RegExp {
  let made: RegExp | undefined;
  return () => (made ??= make());
}

// The `v` flag (set difference) is built at run time: TypeScript's ES2022 target rejects it in a literal.
/** One or more consecutive invisible characters; global, so callers must reset `lastIndex`. */
export const invisibleRun = onFirstUse(() => new RegExp(`${INVISIBLE_CLASS}+`, "gv"));
const anyInvisible = onFirstUse(() => new RegExp(INVISIBLE_CLASS, "v"));

/** A character outside ASCII; every invisible character is one. A native scan: a loop in JavaScript runs unoptimised for most of a load's files. */
export const NOT_ASCII = /[\u0080-\uffff]/;

/**
 * True when a text holds an invisible character. (Testing NOT_ASCII first would spare an ASCII
 * project the set's parsing, but costs more: on 10,000 files it scanned in 14 ms what this
 * pattern scans in 5.)
 */
export function hasInvisible(text: string): boolean {
  return anyInvisible().test(text);
}

// Embeddings, overrides and isolates reorder whole spans (Trojan Source). The marks
// (U+200E, U+200F, U+061C) only nudge neighbouring punctuation and are common in RTL text.
const BIDI_CONTROL = onFirstUse(() => /(?![\u061C\u200E\u200F])\p{Bidi_Control}/u);
const TAG = /[\u{E0000}-\u{E007F}]/u;
const EMOJI = onFirstUse(() => /^\p{Emoji}$/u);
const PICTOGRAPH = onFirstUse(() => /^\p{Extended_Pictographic}$/u);
const SKIN_TONE = onFirstUse(() => /^\p{Emoji_Modifier}$/u);
const IDEOGRAPH = onFirstUse(() => /^\p{Ideographic}$/u);
const SCRIPT_LETTER = onFirstUse(() => /^(?!\p{Script=Latin})[\p{L}\p{M}]$/u);
const SINGLE_SELECTOR = /^[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]$/u;

/** Why a run of invisible characters is reported. */
export type HiddenKind = "bidi-control" | "tag" | "run" | "lone";

/**
 * Judges one run of invisible characters by its neighbours: `undefined` when it sits where
 * real text needs it (see {@link isLegitimateJoiner}), else why it is reported.
 */
export function classifyRun(run: string, before: string, after: string): HiddenKind | undefined {
  if (BIDI_CONTROL().test(run)) return "bidi-control";
  if (TAG.test(run)) return "tag";
  if (isLegitimateJoiner(run, before, after)) return undefined;
  return run.length > 1 && !(run.length === 2 && isHighSurrogate(run.charCodeAt(0))) ? "run" : "lone";
}

/** Error for bidi controls, tag characters and runs; warning for a lone character. */
export function severityOf(kind: HiddenKind): "error" | "warning" {
  return kind === "lone" ? "warning" : "error";
}

/**
 * What emoji, ideographs and non-Latin scripts are made of: a variation selector after an
 * emoji (✔️) or an ideograph, a ZWJ between pictographs (👨‍💻, also after a selector or a
 * skin tone: ❤️‍🔥, 👨🏽‍💻), a ZWJ or ZWNJ between two letters of a non-Latin script
 * (Persian, Indic). Only one character, or a selector followed by a ZWJ, qualifies: two
 * selectors in a row is how text is smuggled after an emoji.
 */
export function isLegitimateJoiner(run: string, before: string, after: string): boolean {
  if (run === "\u200D") return ((PICTOGRAPH().test(before) || SKIN_TONE().test(before)) && PICTOGRAPH().test(after)) || bothScript(before, after);
  if (run === "\u200C") return bothScript(before, after);
  if (run === "\uFE0F\u200D") return EMOJI().test(before) && PICTOGRAPH().test(after);
  if (run === "\uFE0F" || run === "\uFE0E") return EMOJI().test(before) || IDEOGRAPH().test(before);
  return SINGLE_SELECTOR.test(run) && IDEOGRAPH().test(before);
}

function bothScript(before: string, after: string): boolean {
  return SCRIPT_LETTER().test(before) && SCRIPT_LETTER().test(after);
}

/** The code point that ends just before `index` (a surrogate pair counts as one), or "". */
export function codePointBefore(text: string, index: number): string {
  if (index <= 0) return "";
  const low = text.charCodeAt(index - 1);
  const start = isLowSurrogate(low) && index >= 2 && isHighSurrogate(text.charCodeAt(index - 2)) ? index - 2 : index - 1;
  return text.slice(start, index);
}

/** The code point that starts at `index`, or "". */
export function codePointAt(text: string, index: number): string {
  const cp = text.codePointAt(index);
  return cp === undefined ? "" : String.fromCodePoint(cp);
}

/** `U+200B`, `U+E0041`. */
export function formatCodePoint(cp: number): string {
  return `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;
}
