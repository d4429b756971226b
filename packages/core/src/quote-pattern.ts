/** How many characters of a trigger pattern a diagnostic or a reason quotes. */
export const MAX_QUOTED_PATTERN = 200;

/**
 * A stream-trigger pattern as messages quote it: `/source/`, cut at {@link MAX_QUOTED_PATTERN}
 * characters with `…` and the full length, so an 8 KB pattern is never repeated whole.
 */
export function quotePattern(source: string): string {
  if (source.length <= MAX_QUOTED_PATTERN) return `/${source}/`;
  // Cut between code points, so the message never ends with half a surrogate pair.
  let cut = MAX_QUOTED_PATTERN;
  const unit = source.charCodeAt(cut - 1);
  if (unit >= 0xd800 && unit <= 0xdbff) cut--;
  return `/${source.slice(0, cut)}…/ (${source.length} characters)`;
}
