import { NOT_ASCII } from "../text/unicode-invisible.js";

/**
 * git's wildmatch.c (with `WM_PATHNAME`) as regular-expression source over a string of one
 * character per byte: `*`, `?`, `**`, `[…]` with ranges and `[:class:]`, escapes.
 */

/**
 * A regular expression source matching what git's wildmatch matches for `pattern[start..]`,
 * on a string of one character per byte; `undefined` when it can never match (an unclosed `[`,
 * an unknown `[:class:]`, a trailing `\`). `pathname` is WM_PATHNAME: `*`, `?` and `[…]` do not
 * match `/`, and `**` is special at the start or after a `/` when followed by `/` or the end.
 * Without it (names, which hold no `/`) every wildcard is kept off `/` all the same. `casefold`
 * is WM_CASEFOLD, for a subject whose ASCII letters are lower-cased already (see {@link foldCase}).
 */
export function wildmatchSource(pattern: Uint8Array, start: number, pathname: boolean, casefold = false): string | undefined {
  let out = "";
  const end = pattern.length;
  for (let i = start; i < end; ) {
    const c = pattern[i] as number;
    if (c === 0x5c) {
      if (i + 1 >= end) return undefined;
      // wildmatch compares an escaped character as written, even under WM_CASEFOLD: `\A` never matches.
      out += literalBytes(pattern, i + 1, i + 2);
      i += 2;
    } else if (c === 0x3f) {
      out += "[^/]";
      i++;
    } else if (c === 0x2a) {
      let j = i + 1;
      if (j < end && pattern[j] === 0x2a) {
        const atSegmentStart = i === start || pattern[i - 1] === 0x2f;
        while (j < end && pattern[j] === 0x2a) j++;
        const next = pattern[j];
        if (pathname && atSegmentStart && (j === end || next === 0x2f || (next === 0x5c && pattern[j + 1] === 0x2f))) {
          if (next === 0x2f) {
            // `**/` matches nothing (the slash skipped too) or anything up to a slash.
            out += "(?:[^]*/)?";
            i = j + 1;
          } else {
            out += "[^]*";
            i = j;
          }
          continue;
        }
      }
      out += "[^/]*";
      i = j;
    } else if (c === 0x5b) {
      const bracket = bracketSource(pattern, i, casefold);
      if (!bracket) return undefined;
      out += bracket.source;
      i = bracket.next;
    } else {
      out += literalBytes(pattern, i, i + 1, casefold);
      i++;
    }
  }
  return out;
}

/**
 * wildmatch's `[…]`, `[!…]`/`[^…]`, ranges and `[:class:]`, never matching `/`. Under
 * WM_CASEFOLD wildmatch lower-cases the subject's character but not the members: a range or
 * `[:upper:]` also takes the lower case of its capitals, a single capital (`[A]`) matches nothing.
 */
function bracketSource(pattern: Uint8Array, open: number, casefold: boolean): { source: string; next: number } | undefined {
  const at = (k: number): number => pattern[k] ?? 0;
  const members = new Uint8Array(256);
  let k = open + 1;
  let ch = at(k);
  if (ch === 0x5e) ch = 0x21;
  const negated = ch === 0x21;
  if (negated) ch = at(++k);
  let prev = 0;
  do {
    if (ch === 0) return undefined;
    if (ch === 0x5c) {
      ch = at(++k);
      if (ch === 0) return undefined;
      members[ch] = 1;
    } else if (ch === 0x2d && prev !== 0 && at(k + 1) !== 0 && at(k + 1) !== 0x5d) {
      ch = at(++k);
      if (ch === 0x5c) {
        ch = at(++k);
        if (ch === 0) return undefined;
      }
      for (let b = prev; b <= ch; b++) {
        members[b] = 1;
        if (casefold && isUpper(b)) members[b + 0x20] = 1;
      }
      ch = 0;
    } else if (ch === 0x5b && at(k + 1) === 0x3a) {
      const s = k + 2;
      let q = s;
      while (q < pattern.length && pattern[q] !== 0x5d) q++;
      if (q >= pattern.length) return undefined;
      if (q - s - 1 < 0 || pattern[q - 1] !== 0x3a) {
        // No `:]`: the `[` is an ordinary member.
        k = s - 2;
        ch = 0x5b;
        members[ch] = 1;
      } else {
        const name = String.fromCharCode(...pattern.subarray(s, q - 1));
        if (!addClass(members, casefold && name === "upper" ? "alpha" : name)) return undefined;
        k = q;
        ch = 0;
      }
    } else members[ch] = 1;
    prev = ch;
    ch = at(++k);
  } while (ch !== 0x5d);
  let source = "";
  let any = false;
  for (let b = 0; b < 256; ) {
    if ((members[b] === 1) === negated || b === 0x2f) {
      b++;
      continue;
    }
    let e = b;
    while (e + 1 < 256 && (members[e + 1] === 1) !== negated && e + 1 !== 0x2f) e++;
    source += e === b ? hexByte(b) : `${hexByte(b)}-${hexByte(e)}`;
    any = true;
    b = e + 1;
  }
  return { source: any ? `[${source}]` : "(?!)", next: k + 1 };
}

/** wildmatch's character classes, ASCII only as git's own ctype is. */
function addClass(members: Uint8Array, name: string): boolean {
  const test = CLASSES[name];
  if (!test) return false;
  for (let b = 0; b < 128; b++) if (test(b)) members[b] = 1;
  return true;
}

const isDigit = (b: number): boolean => b >= 0x30 && b <= 0x39;
const isUpper = (b: number): boolean => b >= 0x41 && b <= 0x5a;
const isLower = (b: number): boolean => b >= 0x61 && b <= 0x7a;
const isGraph = (b: number): boolean => b >= 0x21 && b <= 0x7e;
const CLASSES: Record<string, (b: number) => boolean> = {
  alnum: (b) => isDigit(b) || isUpper(b) || isLower(b),
  alpha: (b) => isUpper(b) || isLower(b),
  blank: (b) => b === 0x20 || b === 0x09,
  cntrl: (b) => b < 0x20 || b === 0x7f,
  digit: isDigit,
  graph: isGraph,
  lower: isLower,
  print: (b) => b >= 0x20 && b <= 0x7e,
  punct: (b) => isGraph(b) && !isDigit(b) && !isUpper(b) && !isLower(b),
  space: (b) => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d,
  upper: isUpper,
  xdigit: (b) => isDigit(b) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66),
};

/**
 * Bytes `from..to` as literal regular-expression source (letters, digits, `/`, `-`, `_` as they
 * are, the rest as `\xNN`); `casefold` lower-cases ASCII capitals.
 */
export function literalBytes(bytes: Uint8Array, from: number, to: number, casefold = false): string {
  let out = "";
  for (let i = from; i < to; i++) {
    const b = casefold && isUpper(bytes[i] as number) ? (bytes[i] as number) + 0x20 : (bytes[i] as number);
    out += isDigit(b) || isUpper(b) || isLower(b) || b === 0x2f || b === 0x2d || b === 0x5f ? String.fromCharCode(b) : hexByte(b);
  }
  return out;
}

function hexByte(b: number): string {
  return `\\x${b.toString(16).padStart(2, "0")}`;
}

/** True for the bytes that make a pattern a wildcard: `*`, `?`, `[`, `\`. */
export function isGlobSpecial(byte: number): boolean {
  return byte === 0x2a || byte === 0x3f || byte === 0x5b || byte === 0x5c;
}

const UPPER = /[A-Z]/;

/**
 * `text` with its ASCII capitals lower-cased and nothing else changed: git folds case byte by
 * byte in the C locale (`strcasecmp`, wildmatch's `tolower`), so `É` stays `É`.
 */
export function foldCase(text: string): string {
  if (!UPPER.test(text)) return text;
  // `toLowerCase` alone would also fold `É`, and the Kelvin sign to `k`.
  return NOT_ASCII.test(text) ? text.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x20)) : text.toLowerCase();
}
