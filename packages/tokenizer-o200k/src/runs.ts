import { SPACE } from "./classes.js";
import { o200kPieces } from "./pieces.js";

/** o200k's pre-tokenizer: calls `onPiece` with each piece of `text`, in order. */
export type SplitPieces = (text: string, onPiece: (piece: string) => void) => void;

// The pre-tokenizer's pattern for text that is all ASCII, where the Unicode classes are exactly
// these ranges (Lt, Lm, Lo and M have no ASCII member). V8 compiles it in well under a
// millisecond, the Unicode one in 5-15.
const CONTRACTION = "(?:'(?:[sS]|[dD]|[mM]|[tT]|[lL][lL]|[vV][eE]|[rR][eE]))?";
/** The pre-tokenizer's pattern for runs of ASCII lines (global: `match` gives every piece of a run in one call). */
export const SPLIT_ASCII = new RegExp(
  String.raw`[^\r\nA-Za-z0-9]?[A-Z]*[a-z]+${CONTRACTION}|[^\r\nA-Za-z0-9]?[A-Z]+[a-z]*${CONTRACTION}|[0-9]{1,3}| ?[^\sA-Za-z0-9]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+`,
  "g",
);
const NON_ASCII = /[^\0-\x7f]/g;

/** True when a piece surely starts at `p` of `text`: after a newline, before neither whitespace nor `/`. */
export type Cut = (text: string, p: number) => boolean;

/** {@link Cut} over the table's classes. */
export function cutter(classes: Uint8Array): Cut {
  return (text, p) => {
    if (p >= text.length || text.charCodeAt(p - 1) !== 10) return false;
    const c = text.charCodeAt(p);
    return c !== 47 && ((classes[c] as number) & SPACE) === 0;
  };
}

/**
 * Where the run of `text` from `at` ends: lines that are all ASCII up to the last cut before the
 * next other character (returned as is), or the lines around that character up to the next cut
 * (returned as `~end`, below zero: no array to destructure per run). A run ends after a `\n`
 * followed by something other than whitespace or `/`: no piece of the pattern goes on across
 * such a place, so each run is split as the whole text would be.
 */
export function nextRun(text: string, at: number, cut: Cut): number {
  const length = text.length;
  NON_ASCII.lastIndex = at;
  // `test`, not `exec`: no match array per run.
  const other = NON_ASCII.test(text) ? NON_ASCII.lastIndex - 1 : length;
  let end = other === length ? length : at;
  for (let nl = other === length ? -1 : text.lastIndexOf("\n", other - 1); nl >= at; nl = nl === 0 ? -1 : text.lastIndexOf("\n", nl - 1)) {
    if (cut(text, nl + 1)) {
      end = nl + 1;
      break;
    }
  }
  if (end > at) return end;
  end = length;
  for (let nl = text.indexOf("\n", other); nl !== -1; nl = text.indexOf("\n", nl + 1)) {
    if (cut(text, nl + 1)) {
      end = nl + 1;
      break;
    }
  }
  return ~end;
}

/**
 * o200k's pre-tokenizer over the classes of the table: runs of lines that are all ASCII go
 * through the ASCII pattern (native code, compiled in well under a millisecond), the lines
 * around other characters through {@link o200kPieces}, so no Unicode regular expression is
 * compiled. The counter splits text this way, without a call per piece.
 */
export function o200kSplit(classes: Uint8Array, runStarts: Uint32Array, runFlags: Uint32Array): SplitPieces {
  const pieces = o200kPieces(classes, runStarts, runFlags);
  const cut = cutter(classes);
  return (text, onPiece) => {
    for (let at = 0; at < text.length; ) {
      const run = nextRun(text, at, cut);
      if (run >= 0) {
        SPLIT_ASCII.lastIndex = at;
        while (SPLIT_ASCII.lastIndex < run) onPiece((SPLIT_ASCII.exec(text) as RegExpExecArray)[0]);
        at = run;
      } else {
        for (const end = ~run; at < end; ) {
          const next = pieces.next(text, at);
          onPiece(text.slice(at, next));
          at = next;
        }
      }
    }
  };
}
