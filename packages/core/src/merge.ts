import { createDiagnostic } from "./diagnostics.js";
import type { Diagnostic, Rule } from "./types.js";

/** A rule that lost a name collision, with the rule that won. */
export interface ShadowedRule {
  rule: Rule;
  shadowedBy: Rule;
}

/** A winner whose content repeats a higher-precedence winner's (a mirrored or symlinked file). */
export interface DuplicateRule {
  rule: Rule;
  duplicateOf: Rule;
}

/** The outcome of {@link mergeRules}. */
export interface MergedRules {
  rules: Rule[];
  shadowed: ShadowedRule[];
  duplicates: DuplicateRule[];
}

/**
 * Merges rules already in precedence order (docs/behaviour.md#precedence): empty rules are
 * dropped first, the first rule of a name wins and the others are shadowed, then a winner whose
 * content (line endings normalised, trimmed) equals an earlier winner's with the same scope
 * and modes is a duplicate of it. Warns when an inactive winner hides an active rule.
 */
export function mergeRules(candidates: readonly Rule[], diagnostics: Diagnostic[]): MergedRules {
  const winners = new Map<string, Rule>();
  const shadowed: ShadowedRule[] = [];
  const named: Rule[] = [];
  for (const rule of candidates) {
    if (rule.content.trim() === "") {
      const message = `rule "${rule.name}" has no content; dropped (it shadows nothing)`;
      diagnostics.push(createDiagnostic("rule-empty", message, { provider: rule.source.provider, path: rule.path }));
      continue;
    }
    const winner = winners.get(rule.name);
    if (!winner) {
      winners.set(rule.name, rule);
      named.push(rule);
      continue;
    }
    // One file reached by two sources (a fixed file that a pattern also finds) is one rule;
    // another provider's copy of it (Zed reading `.cursorrules`) is listed as shadowed by it.
    if (winner.path === rule.path) {
      if (winner.source.provider !== rule.source.provider) shadowed.push({ rule, shadowedBy: winner });
      continue;
    }
    shadowed.push({ rule, shadowedBy: winner });
    if (!isActive(winner) && isActive(rule)) {
      const message = `rule "${rule.name}" in ${winner.path} is never used, yet it hides the rule of the same name in ${rule.path}, which would apply; rename one of them`;
      diagnostics.push(createDiagnostic("shadow-hides-active", message, { provider: winner.source.provider, path: winner.path }));
    }
  }

  const rules: Rule[] = [];
  const duplicates: DuplicateRule[] = [];
  const byContent = new Map<string, Rule>();
  for (const rule of named) {
    const key = `${rule.scope ?? ""}\u0000${(rule.modes ?? []).join(",")}\u0000${rule.content.replace(/\r\n?/g, "\n").trim()}`;
    const first = byContent.get(key);
    if (!first) {
      byContent.set(key, rule);
      rules.push(rule);
      continue;
    }
    duplicates.push({ rule, duplicateOf: first });
    const message = `rule "${rule.name}" has the same content as "${first.name}" (${first.path}); it is used once, as "${first.name}"`;
    diagnostics.push(createDiagnostic("rule-duplicate", message, { provider: rule.source.provider, path: rule.path }));
  }
  return { rules, shadowed, duplicates };
}

/** True when a rule would be used in some category (before trigger checks and modes). */
export function isActive(rule: Rule): boolean {
  return rule.alwaysApply === true || rule.description !== undefined || rule.globs !== undefined || rule.condition !== undefined;
}
