/** True for a UTF-16 high (leading) surrogate code unit. */
export function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}

/** True for a UTF-16 low (trailing) surrogate code unit. */
export function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}

/** The first `max` UTF-16 units of `text`, one fewer when the cut would split a surrogate pair. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  return text.slice(0, isHighSurrogate(text.charCodeAt(max - 1)) ? max - 1 : max);
}

/** `text` as messages quote it: at most `max` UTF-16 units, cut between code points, with `…` when cut. */
export function shortenText(text: string, max: number): string {
  return text.length <= max ? text : `${cutText(text, max)}…`;
}
