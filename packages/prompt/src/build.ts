import { type Rule, type RulePartition, normalizeScope, ruleAddress } from "@rulebook/core";
import { fitBudget } from "./budget.js";
import { fixedParts, planPrompt } from "./layout.js";
import { validateMaxTokens } from "./max-tokens.js";
import { type TokenCounter, estimateTokens } from "./tokens.js";

/** The parts of a partition the system prompt is made of. */
export type PromptPartition = Pick<RulePartition, "alwaysApply" | "rulebook" | "autoAttach">;

/** Options of {@link buildSystemPrompt}. */
export interface BuildSystemPromptOptions {
  partition: PromptPartition;
  /** The project root (absolute): scopes, globs and relative paths are read against it. */
  root: string;
  /** Where the agent works (absolute, or relative to `root`); default `root`. Brings in the instructions of the folders that contain it. */
  cwd?: string;
  /** The files in play, absolute or relative to `cwd`; they attach rules and bring in their folders' instructions. */
  files?: readonly string[];
  /** The agent mode: a rule limited to other modes never appears. */
  mode?: string;
  /** The budget for the whole text, a positive integer; always-apply rules that do not fit are left out and named. Anything else throws a `RangeError` (check user input with {@link validateMaxTokens}). */
  maxTokens?: number;
  /** Default {@link estimateTokens}. */
  countTokens?: TokenCounter;
}

/** Where a rule landed in the prompt. */
export type PromptSection = "always" | "folder" | "rulebook" | "attached";

/** A rule the prompt shows. */
export interface IncludedRule {
  name: string;
  rule: Rule;
  section: PromptSection;
  /** The rule's folder, when it is limited to one. */
  scope?: string;
  /** Tokens of what this rule puts in the prompt (its content, or its rulebook entry). */
  tokens: number;
}

/** An always-apply rule left out to fit `maxTokens`. */
export interface OmittedRule {
  name: string;
  rule: Rule;
  /** The `rule://` address printed for it. */
  address: string;
  scope?: string;
  /** Tokens its block would have taken. */
  tokens: number;
}

/** The rules part of the system prompt, and what went into it. */
export interface SystemPrompt {
  /** `""` when no rule belongs in the prompt. */
  text: string;
  /** In the order they appear. */
  included: IncludedRule[];
  /** In the order the budget gave up on them. */
  omitted: OmittedRule[];
  /** `countTokens(text)`; above `maxTokens` only when the rulebook and attached rules alone exceed it. */
  tokens: number;
}

/**
 * Builds the rules part of the system prompt (docs/behaviour.md#the-system-prompt): the project-wide always-apply
 * rules, raw, in precedence order; then the always-apply rules of the folders that contain
 * `cwd` or a file in play, broad to specific, each under its folder; then `# Rules` with the
 * rulebook; then the auto-attach rules the files select. ttsr and inactive rules never
 * appear. With `maxTokens`, always-apply rules are kept nearest folder first, then in
 * precedence order, each whole or not at all, and the text ends naming what was left out.
 */
export function buildSystemPrompt(options: BuildSystemPromptOptions): SystemPrompt {
  if (options.maxTokens !== undefined) {
    const checked = validateMaxTokens(options.maxTokens);
    if (!checked.ok) throw new RangeError(`buildSystemPrompt: maxTokens ${checked.problem}`);
  }
  const count = options.countTokens ?? estimateTokens;
  const plan = planPrompt(options);
  const fixed = fixedParts(plan);
  const { kept, omitted, text } = fitBudget(plan, fixed, count, options.maxTokens);
  // Each block is rendered once, in the plan; each rule's is counted here once, as it is shown or left out.
  const entry = (rule: Rule, section: PromptSection, block: string): IncludedRule => ({
    name: rule.name,
    rule,
    section,
    ...scopeOf(rule),
    tokens: count(block),
  });
  const included = [
    ...plan.candidates.filter((c) => kept.has(c)).map((c) => entry(c.rule, c.section, c.block)),
    ...plan.rulebook.map((shown) => entry(shown.rule, "rulebook", shown.block)),
    ...plan.attached.map((shown) => entry(shown.rule, "attached", shown.block)),
  ];
  return {
    text,
    included,
    omitted: omitted.map((c) => ({ name: c.rule.name, rule: c.rule, address: ruleAddress(c.rule.name), ...scopeOf(c.rule), tokens: count(c.block) })),
    tokens: count(text),
  };
}

function scopeOf(rule: Rule): { scope?: string } {
  const scope = normalizeScope(rule.scope);
  return scope !== undefined ? { scope } : {};
}
