import { stripHiddenCharacters } from "../text/hidden-characters.js";
import { isHighSurrogate, isLowSurrogate } from "../text/text-cut.js";

/** What every rule address starts with. */
export const RULE_URL_PREFIX = "rule://";
const PREFIX = RULE_URL_PREFIX;

/**
 * The `rule://` address printed for a rule, which resolves to exactly that rule (docs/behaviour.md#safety):
 * the name as written, unless it holds a line break, a control or a hidden character; then
 * those characters and `%` are percent-encoded, and the resolver, finding no rule with the
 * literal text, decodes it back to the name. Never throws (a lone surrogate becomes U+FFFD).
 */
export function ruleAddress(name: string): string {
  const chars = Array.from(name);
  if (!chars.some(mustEncode)) return `${PREFIX}${name}`;
  return `${PREFIX}${chars.map((c) => (mustEncode(c) || c === "%" ? percentEncode(c) : c)).join("")}`;
}

function mustEncode(char: string): boolean {
  const cp = char.codePointAt(0) ?? 0;
  if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || cp === 0x2028 || cp === 0x2029) return true;
  if (isLoneSurrogate(cp)) return true;
  return stripHiddenCharacters(char) === "";
}

function percentEncode(char: string): string {
  const cp = char.codePointAt(0) ?? 0;
  return encodeURIComponent(isLoneSurrogate(cp) ? "\uFFFD" : char);
}

/** A code point of a lone surrogate, as `Array.from` yields for half a pair. */
function isLoneSurrogate(cp: number): boolean {
  return isHighSurrogate(cp) || isLowSurrogate(cp);
}
