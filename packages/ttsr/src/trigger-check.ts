import { type Diagnostic, type Rule, createDiagnostic } from "@rulebook/core";
import { MAX_PATTERNS_PER_RULE } from "./bounds.js";
import { type TriggerPattern, compilePattern } from "./compile-pattern.js";
import { quotePattern } from "./quote.js";
import type { TtsrRuleCheck } from "./types.js";

/** A rule's usable patterns, with a diagnostic for each refused one. */
export interface CompiledRuleTrigger extends TtsrRuleCheck {
  patterns: TriggerPattern[];
}

/**
 * Compiles the `condition` patterns of a rule; the rule is accepted when at least one is usable.
 * At most `room` patterns are compiled (by default {@link MAX_PATTERNS_PER_RULE}): the rest are
 * refused together, with one diagnostic.
 */
export function compileRuleTrigger(rule: Rule, room = MAX_PATTERNS_PER_RULE): CompiledRuleTrigger {
  const patterns: TriggerPattern[] = [];
  const diagnostics: Diagnostic[] = [];
  // A rule comes from a provider: a condition that is not a list of text is data to report, not a crash.
  const sources: unknown[] = Array.isArray(rule.condition) ? rule.condition : [];
  if (rule.condition !== undefined && !Array.isArray(rule.condition))
    diagnostics.push(triggerDiagnostic(rule, "condition is not a list of patterns; skipped"));
  const limit = Math.min(room, MAX_PATTERNS_PER_RULE);
  for (const [index, source] of sources.slice(0, limit).entries()) {
    if (typeof source !== "string") {
      diagnostics.push(triggerDiagnostic(rule, `pattern ${index + 1} is not text (${typeof source}); skipped`));
      continue;
    }
    const result = compilePattern(source);
    if (result.ok) patterns.push(result.pattern);
    else diagnostics.push(triggerDiagnostic(rule, `pattern ${quotePattern(source)} ${result.reason}; skipped`));
  }
  if (sources.length > limit) {
    const why =
      limit === MAX_PATTERNS_PER_RULE
        ? `a rule may have at most ${MAX_PATTERNS_PER_RULE} trigger patterns`
        : "the trigger engine already watches as many patterns as it may in all";
    diagnostics.push(triggerDiagnostic(rule, `${sources.length - limit} of its ${sources.length} patterns are not watched (${why}); skipped`));
  }
  return { accepted: patterns.length > 0, diagnostics, patterns };
}

/** A `condition-pattern-invalid` warning about a rule. */
export function triggerDiagnostic(rule: Rule, what: string): Diagnostic {
  return createDiagnostic("condition-pattern-invalid", `rule "${rule.name}": ${what}`, { provider: rule.source.provider, path: rule.path });
}
