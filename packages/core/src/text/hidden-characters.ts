import { isLowSurrogate } from "./text-cut.js";
import {
  type HiddenKind,
  NOT_ASCII,
  classifyRun,
  codePointAt,
  codePointBefore,
  formatCodePoint,
  hasInvisible,
  invisibleRun,
  severityOf,
} from "./unicode-invisible.js";

export type { HiddenKind } from "./unicode-invisible.js";

/** One hidden character found in a text. */
export interface HiddenCharacter {
  /** 1-based line. */
  line: number;
  /** 1-based column, counted in Unicode code points. */
  column: number;
  /** The code point, e.g. `U+202E`. */
  codePoint: string;
  /** `error` for bidi controls, tag characters and runs; `warning` for a lone character. */
  severity: "error" | "warning";
}

/** A run of consecutive hidden characters, reported as one finding. */
export interface HiddenRun {
  /** 1-based line of its first character. */
  line: number;
  /** 1-based column of its first character, counted in code points. */
  column: number;
  /** UTF-16 offset of its first character in the text. */
  index: number;
  /** Number of code points in the run. */
  length: number;
  /** Its distinct code points (`U+200B`), at most four, in order of appearance. */
  codePoints: string[];
  /** True when the run holds more distinct code points than {@link HiddenRun.codePoints} lists. */
  moreCodePoints: boolean;
  kind: HiddenKind;
  severity: "error" | "warning";
}

/** What {@link findHiddenRuns} returns. */
export interface HiddenRunScan {
  /** The first `max` runs, in text order. */
  runs: HiddenRun[];
  /** Number of runs in the whole text. */
  total: number;
  /** The worst severity among the runs past `max`, if any. */
  omittedSeverity?: "error" | "warning";
}

const DISTINCT_LISTED = 4;

/**
 * False when `text` cannot hold a hidden character: every one is outside ASCII. A cheap test
 * before the scans, for the short values (names, globs) that are nearly always ASCII.
 */
export function mayHide(text: string): boolean {
  return NOT_ASCII.test(text);
}

/** True when `text` contains a hidden character that is reported (and stripped). */
export function hasHiddenCharacters(text: string): boolean {
  if (!hasInvisible(text)) return false;
  let found = false;
  forEachHiddenRun(text, () => {
    found = true;
    return false;
  });
  return found;
}

/**
 * Lists the runs of hidden characters in `text` in one linear pass: positions only for the
 * first `max`, a count and a worst severity for the rest.
 */
export function findHiddenRuns(text: string, options: { max?: number } = {}): HiddenRunScan {
  const max = options.max ?? Number.POSITIVE_INFINITY;
  const scan: HiddenRunScan = { runs: [], total: 0 };
  if (!hasInvisible(text)) return scan;
  const positionOf = positionTracker(text);
  forEachHiddenRun(text, (run, index, kind) => {
    scan.total++;
    const severity = severityOf(kind);
    if (scan.runs.length >= max) {
      if (scan.omittedSeverity !== "error") scan.omittedSeverity = severity;
      return true;
    }
    scan.runs.push({ ...positionOf(index), index, ...describeRun(run), kind, severity });
    return true;
  });
  return scan;
}

/** Lists every hidden character of `text` with its line and column, in one linear pass. */
export function findHiddenCharacters(text: string): HiddenCharacter[] {
  const found: HiddenCharacter[] = [];
  if (!hasInvisible(text)) return found;
  const positionOf = positionTracker(text);
  forEachHiddenRun(text, (run, index, kind) => {
    const { line, column } = positionOf(index);
    const severity = severityOf(kind);
    let offset = 0;
    for (const char of run) {
      found.push({ line, column: column + offset++, codePoint: formatCodePoint(char.codePointAt(0) ?? 0), severity });
    }
    return true;
  });
  return found;
}

/**
 * Removes every hidden character from `text`, keeping only the joiners and selectors that
 * emoji, ideographs and non-Latin scripts are made of (docs/text.md).
 */
export function stripHiddenCharacters(text: string): string {
  if (!hasInvisible(text)) return text;
  return text.replace(invisibleRun(), (run: string, index: number) =>
    classifyRun(run, codePointBefore(text, index), codePointAt(text, index + run.length)) === undefined ? run : "",
  );
}

/** Calls `visit` for each reported run in text order; `visit` returns false to stop. */
function forEachHiddenRun(text: string, visit: (run: string, index: number, kind: HiddenKind) => boolean): void {
  for (const match of text.matchAll(invisibleRun())) {
    const run = match[0];
    const kind = classifyRun(run, codePointBefore(text, match.index), codePointAt(text, match.index + run.length));
    if (kind !== undefined && !visit(run, match.index, kind)) return;
  }
}

/** Line and column of increasing offsets, walking the text once in total. */
function positionTracker(text: string): (index: number) => { line: number; column: number } {
  let cursor = 0;
  let line = 1;
  let column = 1;
  return (index) => {
    for (; cursor < index; cursor++) {
      const c = text.charCodeAt(cursor);
      if (c === 10) {
        line++;
        column = 1;
      } else if (!isLowSurrogate(c)) column++;
    }
    return { line, column };
  };
}

function describeRun(run: string): Pick<HiddenRun, "codePoints" | "moreCodePoints" | "length"> {
  const codePoints: string[] = [];
  let moreCodePoints = false;
  let length = 0;
  for (const char of run) {
    length++;
    if (moreCodePoints) continue;
    const name = formatCodePoint(char.codePointAt(0) ?? 0);
    if (codePoints.includes(name)) continue;
    if (codePoints.length === DISTINCT_LISTED) moreCodePoints = true;
    else codePoints.push(name);
  }
  return { codePoints, moreCodePoints, length };
}
