import { createDiagnostic } from "../rule/diagnostics.js";
import type { Diagnostic, Rule } from "../rule/types.js";
import { isTrigger } from "./same-text.js";

/** The share of a shadowed rule's non-blank lines its winner must carry for nothing to be lost (docs/behaviour.md#precedence). */
export const SHADOW_KEEPS_TEXT = 0.8;

/** True when a rule would be used in some category (before trigger checks and modes). */
export function isActive(rule: Rule): boolean {
  return activationRank(rule) > 0;
}

/**
 * How broadly a rule applies, for choosing among copies of one text: always-apply 4 >
 * auto-attach 3 > rulebook 2 > stream trigger 1 > inactive 0 (docs/behaviour.md#precedence).
 * As the partition sorts them: a rule with a `condition` is a stream trigger, whatever else it says.
 */
export function activationRank(rule: Rule): number {
  if (isTrigger(rule)) return 1;
  if (rule.alwaysApply === true) return 4;
  if (rule.globs !== undefined) return 3;
  if (rule.description !== undefined) return 2;
  return 0;
}

/**
 * Says what a winner's name costs the rule it hides, in one warning naming both files (docs/behaviour.md#precedence):
 * `shadow-hides-active` when the winner is never used but the hidden rule would be,
 * `shadow-narrows` when the hidden rule would apply more broadly, otherwise `shadow-drops-text`
 * when the hidden rule is another tool's and fewer than 80% of its non-blank lines are in the
 * winner (`.kilocode/rules/rules.md` hidden by a different `.roo/rules/rules.md`).
 */
export function warnShadow(winner: Rule, hidden: Rule, diagnostics: Diagnostic[]): void {
  const where = { provider: winner.source.provider, path: winner.path };
  if (!isActive(winner) && isActive(hidden)) {
    const message = `rule "${hidden.name}" in ${winner.path} is never applied on its own (a manual rule at most), yet it hides the rule of the same name in ${hidden.path}, which would apply; rename one of them`;
    diagnostics.push(createDiagnostic("shadow-hides-active", message, where));
  } else if (activationRank(hidden) > activationRank(winner)) {
    const message = `rule "${hidden.name}" in ${winner.path} applies ${activationWords(winner)}, yet it hides the rule of the same name in ${hidden.path}, which applies ${activationWords(hidden)}; rename one of them`;
    diagnostics.push(createDiagnostic("shadow-narrows", message, where));
  } else if (hidden.source.provider !== winner.source.provider) {
    const { carried, total } = linesCarried(hidden.content, winner.content);
    if (carried >= SHADOW_KEEPS_TEXT * total) return;
    const message = `rule "${hidden.name}" of ${hidden.source.providerName} in ${hidden.path} is hidden by the rule of the same name in ${winner.path}, which carries ${carried} of its ${total} lines; the rest reaches no prompt: rename one of them, or merge their text`;
    diagnostics.push(createDiagnostic("shadow-drops-text", message, { provider: hidden.source.provider, path: hidden.path }));
  }
}

/** How many of `text`'s non-blank lines (trimmed) are lines of `winner`, of how many; linear in both. */
export function linesCarried(text: string, winner: string): { carried: number; total: number } {
  // A blank line of the winner is kept too: blank lines of `text` are never looked up.
  const kept = new Set(winner.split("\n").map((line) => line.trim()));
  let carried = 0;
  let total = 0;
  for (const line of text.split("\n")) {
    const trimmed = line.trim();
    if (trimmed === "") continue;
    total++;
    if (kept.has(trimmed)) carried++;
  }
  return { carried, total };
}

function activationWords(rule: Rule): string {
  if (isTrigger(rule)) return "only as a stream trigger";
  if (rule.alwaysApply === true) return "always";
  if (rule.globs !== undefined) return `only to files matching ${rule.globs.join(", ")}`;
  if (rule.description !== undefined) return "only when the agent reads it on demand";
  return "never";
}
