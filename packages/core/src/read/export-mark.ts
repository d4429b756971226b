import type { Rule } from "../rule/types.js";

// The sources a rule file's export marker names, kept beside the rule rather than on it: the
// Rule is the public shape every channel prints, and the marker is a fact about the file.
const marks = new WeakMap<Rule, readonly string[]>();

/** Notes that `rule` was read from a file carrying the export marker, which names `sources`. */
export function markExportedRule(rule: Rule, sources: readonly string[]): void {
  marks.set(rule, sources);
}

/** The sources named by the export marker of the file `rule` was read from, or `undefined` when it has none. */
export function exportSourcesOf(rule: Rule): readonly string[] | undefined {
  return marks.get(rule);
}

/** Carries the mark of `from` to `to`, a copy of the same rule (validated, or with imports inlined). */
export function carryExportMark(from: Rule, to: Rule): void {
  const sources = marks.get(from);
  if (sources !== undefined && from !== to) marks.set(to, sources);
}
