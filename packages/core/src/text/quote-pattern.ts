import { shortenText } from "./text-cut.js";

/** How many characters of a trigger pattern a diagnostic or a reason quotes. */
export const MAX_QUOTED_PATTERN = 200;

/**
 * A stream-trigger pattern as messages quote it: `/source/`, cut at {@link MAX_QUOTED_PATTERN}
 * characters with `…` and the full length, so an 8 KB pattern is never repeated whole.
 */
export function quotePattern(source: string): string {
  if (source.length <= MAX_QUOTED_PATTERN) return `/${source}/`;
  return `/${shortenText(source, MAX_QUOTED_PATTERN)}/ (${source.length} characters)`;
}
