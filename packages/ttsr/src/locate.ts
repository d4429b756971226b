import { RE2JS } from "re2js";
import type { TriggerPattern } from "./compile-pattern.js";

/** The tail of a stream that is kept: `text` starts at absolute offset `start`. */
export interface RetainedText {
  text: string;
  start: number;
}

const locators = new WeakMap<TriggerPattern, Map<string, RE2JS>>();

/**
 * The leftmost start, no earlier than `end - maxLength`, of a match of `pattern` ending exactly at
 * `end`, or undefined when there is none that short. One search over at most `maxLength` characters
 * plus one character of context on each side, so the assertions see the real neighbours.
 */
export function locateMatchStart(pattern: TriggerPattern, retained: RetainedText, end: number, maxLength: number): number | undefined {
  const { text, start } = retained;
  const at = (offset: number) => text.charCodeAt(offset - start);
  const from = windowStart(retained, end, maxLength);
  const lead = from > 0;
  const regionStart = lead ? from - (from > 1 && isLow(at(from - 1)) && isHigh(at(from - 2)) ? 2 : 1) : from;
  const trail = pattern.endSensitive && end < start + text.length;
  const regionEnd = trail ? end + (isHigh(at(end)) && isLow(at(end + 1)) ? 2 : 1) : end;
  const matcher = locator(pattern, lead, trail).matcher(text.slice(regionStart - start, regionEnd - start));
  return matcher.find() ? regionStart + matcher.start(1) : undefined;
}

/** The earliest start a located match may have: `end - maxLength`, moved off the middle of a surrogate pair. */
export function windowStart(retained: RetainedText, end: number, maxLength: number): number {
  const from = Math.max(0, end - maxLength);
  const at = (offset: number) => retained.text.charCodeAt(offset - retained.start);
  return from > 0 && isLow(at(from)) && isHigh(at(from - 1)) ? from + 1 : from;
}

// `(?s:.)` before and after the pattern consume the neighbouring characters, and `$` pins the end:
// the leftmost match of the whole is the leftmost start of a pattern match ending at `end`.
function locator(pattern: TriggerPattern, lead: boolean, trail: boolean): RE2JS {
  let byShape = locators.get(pattern);
  if (!byShape) {
    byShape = new Map();
    locators.set(pattern, byShape);
  }
  const shape = `${lead}/${trail}`;
  let regex = byShape.get(shape);
  if (!regex) {
    const source = `${lead ? "(?s:.)" : ""}((?:${pattern.re2Source}))${trail ? "(?s:.)" : ""}$`;
    regex = RE2JS.compile(source);
    byShape.set(shape, regex);
  }
  return regex;
}

/** True for a UTF-16 high (leading) surrogate. */
export function isHigh(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}

/** True for a UTF-16 low (trailing) surrogate. */
export function isLow(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}
