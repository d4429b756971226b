import { type Diagnostic, type Rule, createDiagnostic } from "@rulebook/core";
import { type TriggerPattern, compilePattern } from "./compile-pattern.js";
import type { TtsrRuleCheck } from "./types.js";

/** A rule's usable patterns, with a diagnostic for each refused one. */
export interface CompiledRuleTrigger extends TtsrRuleCheck {
  patterns: TriggerPattern[];
}

/** Compiles every `condition` pattern of a rule; the rule is accepted when at least one is usable. */
export function compileRuleTrigger(rule: Rule): CompiledRuleTrigger {
  const patterns: TriggerPattern[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const source of rule.condition ?? []) {
    const result = compilePattern(source);
    if (result.ok) {
      patterns.push(result.pattern);
      continue;
    }
    diagnostics.push(
      createDiagnostic("condition-pattern-invalid", `rule "${rule.name}": pattern /${source}/ ${result.reason}; skipped`, {
        provider: rule.source.provider,
        path: rule.path,
      }),
    );
  }
  return { accepted: patterns.length > 0, diagnostics, patterns };
}

/**
 * The engine's trigger check, to plug into the core's `partitionRules({ checkTrigger })` so that a
 * rule is categorised as ttsr exactly when the manager would accept it.
 */
export function createTriggerChecker(): (rule: Rule) => TtsrRuleCheck {
  return (rule) => {
    const { accepted, diagnostics } = compileRuleTrigger(rule);
    return { accepted, diagnostics };
  };
}
