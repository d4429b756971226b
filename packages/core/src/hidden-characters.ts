/**
 * Invisible or direction-changing characters used to smuggle instructions into rule files
 * (SPEC §13): bidi controls, zero-width characters, U+FEFF inside text, and tag characters.
 */
const HIDDEN = /[\u202A-\u202E\u2066-\u2069\u200B-\u200D\u2060\uFEFF]|\uDB40[\uDC00-\uDC7F]/g;
const HIDDEN_TEST = /[\u202A-\u202E\u2066-\u2069\u200B-\u200D\u2060\uFEFF]|\uDB40[\uDC00-\uDC7F]/;

/** One hidden character found in a text. */
export interface HiddenCharacter {
  /** 1-based line. */
  line: number;
  /** 1-based column, counted in Unicode code points. */
  column: number;
  /** The code point, e.g. `U+202E`. */
  codePoint: string;
}

/** True when `text` contains any hidden character. */
export function hasHiddenCharacters(text: string): boolean {
  return HIDDEN_TEST.test(text);
}

/** Lists every hidden character of `text` with its line and column. */
export function findHiddenCharacters(text: string): HiddenCharacter[] {
  if (!HIDDEN_TEST.test(text)) return [];
  const found: HiddenCharacter[] = [];
  for (const match of text.matchAll(HIDDEN)) {
    const before = text.slice(0, match.index);
    const lineStart = before.lastIndexOf("\n") + 1;
    const cp = match[0].codePointAt(0) ?? 0;
    found.push({
      line: countNewlines(before) + 1,
      column: [...before.slice(lineStart)].length + 1,
      codePoint: `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`,
    });
  }
  return found;
}

/** Removes every hidden character from `text`. */
export function stripHiddenCharacters(text: string): string {
  return HIDDEN_TEST.test(text) ? text.replace(HIDDEN, "") : text;
}

function countNewlines(text: string): number {
  let n = 0;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) n++;
  return n;
}
