import { ruleAddress } from "./rule-address.js";
import { createDiagnostic } from "./diagnostics.js";
import { quotePattern } from "../text/quote-pattern.js";
import { ruleShapeProblem } from "./rule-shape.js";
import { errorText } from "../text/error-text.js";
import type { Diagnostic, Rule } from "./types.js";

/** The categories of docs/behaviour.md ("Categories"), in the order they are checked. */
export type RuleCategory = "ttsr" | "always-apply" | "rulebook" | "auto-attach" | "inactive";

/** Why a rule landed in its category, as data: a stable code, the detail, and the diagnostics behind it. */
export interface CategoryReason {
  code: "trigger" | "always-apply" | "description" | "globs" | "manual" | "other-mode" | "trigger-refused" | "trigger-unchecked";
  /** One sentence a user can read. */
  detail: string;
  /** The diagnostics that explain it (a refused pattern, an unchecked trigger). */
  diagnostics: Diagnostic[];
}

/** A rule with the category it landed in and why. */
export interface CategorizedRule {
  rule: Rule;
  category: RuleCategory;
  /** Why this category; for `inactive`, why the rule is not used (the text of `why`). */
  reason: string;
  /** The same, as data; `notes` add what fell through (a trigger that did not compile). */
  why: CategoryReason & { notes?: CategoryReason[] };
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
   * The stream-trigger engine's check (e.g. `@rulebook/ttsr`'s). Without one no rule is a
   * stream trigger: its condition was never checked against an engine, so it falls through
   * to the other categories with a `condition-unchecked` diagnostic.
   */
  checkTrigger?: TriggerChecker;
  /** The agent mode; a rule with `modes` is inactive unless they include it. */
  mode?: string;
  /**
   * The load's diagnostics (`LoadResult.diagnostics`). Given, an inactive rule's reason also names
   * the problems found in its file (a string `alwaysApply: "true"`, Windsurf's `trigger: manual`…):
   * they are usually why a rule the user expected to apply does not.
   */
  fileDiagnostics?: readonly Diagnostic[];
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
 * Puts each rule into exactly one category, checked in order: ttsr (a condition the engine
 * accepts), always-apply, auto-attach (globs, with or without a description), rulebook (a
 * description, no globs), inactive: a manual rule (none of these; used when a person names it, its
 * reason code `manual`) or one limited to other modes (`other-mode`). A value that is not a well-formed
 * rule (a host built it by hand: `condition` a string, `globs` a number, no `source`, a
 * throwing getter) is in no category: it is skipped with a `rule-malformed` diagnostic.
 */
export function partitionRules(rules: readonly Rule[], options: PartitionOptions = {}): RulePartition {
  const partition: RulePartition = { ttsr: [], alwaysApply: [], rulebook: [], autoAttach: [], inactive: [], all: [], diagnostics: [] };
  const lists: Record<RuleCategory, Rule[]> = {
    ttsr: partition.ttsr,
    "always-apply": partition.alwaysApply,
    rulebook: partition.rulebook,
    "auto-attach": partition.autoAttach,
    inactive: partition.inactive,
  };
  for (let index = 0; index < rules.length; index++) {
    const rule = rules[index] as Rule;
    const skip = (message: string) =>
      partition.diagnostics.push(createDiagnostic("rule-malformed", `rule ${index} passed to partitionRules ${message}; skipped`));
    const problem = ruleShapeProblem(rule);
    if (problem !== undefined) {
      skip(`is malformed: ${problem}`);
      continue;
    }
    let categorized: Pick<CategorizedRule, "category" | "why">;
    try {
      categorized = categorize(rule, options, partition.diagnostics);
    } catch (error) {
      // A getter that changed its answer, or a trigger checker that threw on this rule.
      skip(`could not be categorized (${errorText(error)})`);
      continue;
    }
    const { category, why } = categorized;
    lists[category].push(rule);
    const notes = why.notes === undefined ? "" : why.notes.map((n) => `; ${n.detail}`).join("");
    partition.all.push({ rule, category, reason: notes === "" ? why.detail : why.detail + notes, why });
  }
  if (options.fileDiagnostics) addFileProblems(partition, options.fileDiagnostics);
  return partition;
}

function categorize(rule: Rule, options: PartitionOptions, diagnostics: Diagnostic[]): Pick<CategorizedRule, "category" | "why"> {
  if (rule.modes && !(options.mode !== undefined && rule.modes.includes(options.mode))) {
    const detail = `only in mode ${rule.modes.join(", ")}${options.mode === undefined ? " (no mode chosen)" : ` (mode is ${options.mode})`}`;
    return { category: "inactive", why: { code: "other-mode", detail, diagnostics: [] } };
  }
  const notes: CategoryReason[] = [];
  if (rule.condition && rule.condition.length > 0) {
    const where = { provider: rule.source.provider, path: rule.path };
    if (!options.checkTrigger) {
      const d = createDiagnostic(
        "condition-unchecked",
        `rule "${rule.name}" has a stream trigger, but no trigger engine checked it, so it is not used as one`,
        where,
      );
      diagnostics.push(d);
      notes.push({ code: "trigger-unchecked", detail: "its trigger was not checked by an engine", diagnostics: [d] });
    } else {
      const check = options.checkTrigger(rule);
      const refused = check.diagnostics ?? [];
      diagnostics.push(...refused);
      if (check.accepted) {
        const detail = `stream trigger on ${rule.condition.map(quotePattern).join(", ")}`;
        return { category: "ttsr", why: { code: "trigger", detail, diagnostics: refused } };
      }
      const d = createDiagnostic(
        "condition-no-valid-pattern",
        `rule "${rule.name}": no condition pattern compiles, so it is not a stream trigger`,
        where,
      );
      diagnostics.push(d);
      notes.push({ code: "trigger-refused", detail: "its condition has no usable pattern", diagnostics: [...refused, d] });
    }
  }
  if (rule.alwaysApply === true) return { category: "always-apply", why: reasonOf("always-apply", "alwaysApply: true", notes) };
  if (rule.globs) {
    // Cursor's "Apply to specific files" and Continue's `alwaysApply: false` attach by globs and
    // also offer the rule by its description; both kinds are auto-attach (docs/behaviour.md#categories).
    const detail = rule.description
      ? `globs and a description; attached when a file matches ${rule.globs.join(", ")}, otherwise listed in the rulebook (${ruleAddress(rule.name)})`
      : `globs without a description; attached when a file matches ${rule.globs.join(", ")}`;
    return { category: "auto-attach", why: reasonOf("globs", detail, notes) };
  }
  if (rule.description)
    return { category: "rulebook", why: reasonOf("description", `has a description; read on demand via ${ruleAddress(rule.name)}`, notes) };
  // Cursor's "Manual" rules (and Windsurf's, Kiro's, Augment's `manual`): no agent applies them on
  // their own, a person names them (`@rule`), and `rule://` reads them (docs/behaviour.md#categories).
  const detail = `manual: no alwaysApply, description, globs or usable condition; no agent applies it on its own, a person names it (@${lastSegment(rule.name)}) and ${ruleAddress(rule.name)} reads it`;
  diagnostics.push(createDiagnostic("rule-inactive", `rule "${rule.name}" is ${detail}`, { provider: rule.source.provider, path: rule.path }));
  return { category: "inactive", why: reasonOf("manual", detail, notes) };
}

function lastSegment(name: string): string {
  return name.slice(name.lastIndexOf("/") + 1);
}

function reasonOf(code: CategoryReason["code"], detail: string, notes: CategoryReason[]): CategorizedRule["why"] {
  const why: CategorizedRule["why"] = { code, detail, diagnostics: [] };
  if (notes.length > 0) why.notes = notes;
  return why;
}

/** Each inactive rule's reason followed by the problems its file has ({@link PartitionOptions.fileDiagnostics}). */
function addFileProblems(partition: RulePartition, diagnostics: readonly Diagnostic[]): void {
  const byPath = new Map<string, Diagnostic[]>();
  for (const d of diagnostics) {
    if (d.path === undefined) continue;
    const list = byPath.get(d.path);
    if (list) list.push(d);
    else byPath.set(d.path, [d]);
  }
  for (const entry of partition.all) {
    if (entry.category !== "inactive") continue;
    const found = byPath.get(entry.rule.path);
    if (found) entry.reason += `; ${found.map((d) => `${d.code}: ${d.message}`).join("; ")}`;
  }
}
