import type { Rule } from "../rule/types.js";

/** A rule's content as copies are compared: line endings normalised, trimmed (the string itself when it already is, as read files' are). */
export function comparableContent(content: string): string {
  return (content.includes("\r") ? content.replace(/\r\n?/g, "\n") : content).trim();
}

/** True for a rule the partition sorts as a stream trigger: one with a `condition`, whatever else it says. */
export function isTrigger(rule: Rule): boolean {
  return rule.condition !== undefined;
}
