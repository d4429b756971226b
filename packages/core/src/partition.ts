import { createDiagnostic } from "./diagnostics.js";
import type { Diagnostic, Rule } from "./types.js";

/** The categories of SPEC §6, in the order they are checked. */
export type RuleCategory = "ttsr" | "always-apply" | "rulebook" | "auto-attach" | "inactive";

/** A rule with the category it landed in and why. */
export interface CategorizedRule {
  rule: Rule;
  category: RuleCategory;
  /** Why this category; for `inactive`, why the rule is not used. */
  reason: string;
}

/** What a trigger checker says about a rule's stream-trigger patterns. */
export interface TriggerCheck {
  /** True when at least one pattern is usable. */
  accepted: boolean;
  /** One diagnostic per pattern that was refused. */
  diagnostics?: Diagnostic[];
}

/** Decides whether a rule's `condition` patterns can be used as stream triggers. */
export type TriggerChecker = (rule: Rule) => TriggerCheck;

/** Options of {@link partitionRules}. */
export interface PartitionOptions {
  /**
   * Decides whether a rule's trigger compiles. Defaults to {@link checkTriggerPatterns};
   * `@rulebook/ttsr` provides the engine's own check.
   */
  checkTrigger?: TriggerChecker;
}

/** Winning rules split into categories, each list in precedence order. */
export interface RulePartition {
  ttsr: Rule[];
  alwaysApply: Rule[];
  rulebook: Rule[];
  autoAttach: Rule[];
  inactive: Rule[];
  /** Every rule with its category and reason, in precedence order. */
  all: CategorizedRule[];
  diagnostics: Diagnostic[];
}

/**
 * Puts each rule into exactly one category (SPEC §6), checked in order: ttsr (a condition
 * that compiles), always-apply, rulebook (has a description), auto-attach (globs, no
 * description), inactive.
 */
export function partitionRules(rules: readonly Rule[], options: PartitionOptions = {}): RulePartition {
  const checkTrigger = options.checkTrigger ?? checkTriggerPatterns;
  const partition: RulePartition = { ttsr: [], alwaysApply: [], rulebook: [], autoAttach: [], inactive: [], all: [], diagnostics: [] };
  const lists: Record<RuleCategory, Rule[]> = {
    ttsr: partition.ttsr,
    "always-apply": partition.alwaysApply,
    rulebook: partition.rulebook,
    "auto-attach": partition.autoAttach,
    inactive: partition.inactive,
  };
  for (const rule of rules) {
    const { category, reason } = categorize(rule, checkTrigger, partition.diagnostics);
    lists[category].push(rule);
    partition.all.push({ rule, category, reason });
  }
  return partition;
}

function categorize(rule: Rule, checkTrigger: TriggerChecker, diagnostics: Diagnostic[]): Omit<CategorizedRule, "rule"> {
  let triggerNote = "";
  if (rule.condition && rule.condition.length > 0) {
    const check = checkTrigger(rule);
    diagnostics.push(...(check.diagnostics ?? []));
    if (check.accepted) {
      return { category: "ttsr", reason: `stream trigger on ${rule.condition.map((c) => `/${c}/`).join(", ")}` };
    }
    triggerNote = "; its condition has no usable pattern";
    diagnostics.push(
      createDiagnostic("condition-no-valid-pattern", `rule "${rule.name}": no condition pattern compiles, so it is not a stream trigger`, {
        provider: rule.source.provider,
        path: rule.path,
      }),
    );
  }
  if (rule.alwaysApply === true) return { category: "always-apply", reason: `alwaysApply: true${triggerNote}` };
  if (rule.description) return { category: "rulebook", reason: `has a description; read on demand via rule://${rule.name}${triggerNote}` };
  if (rule.globs) {
    return { category: "auto-attach", reason: `globs without a description; attached when a file matches ${rule.globs.join(", ")}${triggerNote}` };
  }
  const reason = `no alwaysApply, description, globs or usable condition${triggerNote}`;
  diagnostics.push(
    createDiagnostic("rule-inactive", `rule "${rule.name}" is never used: ${reason}`, { provider: rule.source.provider, path: rule.path }),
  );
  return { category: "inactive", reason };
}

/**
 * Compiles a stream-trigger pattern source: a JavaScript regular expression with no flags,
 * where a leading `(?i)` means case-insensitive. Throws a SyntaxError when it does not compile.
 */
export function compileTriggerPattern(source: string): RegExp {
  return source.startsWith("(?i)") ? new RegExp(source.slice(4), "i") : new RegExp(source);
}

/** The default trigger check: a rule is accepted when at least one pattern compiles as a RegExp. */
export function checkTriggerPatterns(rule: Rule): TriggerCheck {
  const diagnostics: Diagnostic[] = [];
  let accepted = false;
  for (const pattern of rule.condition ?? []) {
    try {
      compileTriggerPattern(pattern);
      accepted = true;
    } catch (error) {
      diagnostics.push(
        createDiagnostic(
          "condition-pattern-invalid",
          `rule "${rule.name}": pattern /${pattern}/ does not compile (${error instanceof Error ? error.message : error}); skipped`,
          { provider: rule.source.provider, path: rule.path },
        ),
      );
    }
  }
  return { accepted, diagnostics };
}
