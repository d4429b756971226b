import { type Rule, type RuleCategory, type RulePartition, normalizeScope } from "@rulebook/core";

/** Counts the tokens of a text; inject a real tokenizer (the CLI uses `@rulebook/tokenizer-o200k`, exact o200k counts). */
export type TokenCounter = (text: string) => number;

/** Above this many tokens, the always-apply rules of the root scope deserve a `lint` warning (docs/behaviour.md#the-system-prompt). */
export const ROOT_ALWAYS_APPLY_TOKEN_THRESHOLD = 8_000;

/**
 * The default counter: one token per four UTF-16 code units, rounded up. English prose and
 * code average about four characters per token with today's BPE vocabularies; it needs no
 * vocabulary, and it never splits a rule. Pass a real tokenizer when the count matters.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** One rule's size in tokens. */
export interface RuleTokens {
  name: string;
  category: RuleCategory;
  /** The rule's folder, when it is limited to one. */
  scope?: string;
  /** Tokens of the rule's content, as `rule://` returns it. */
  tokens: number;
}

/** Every winning rule's content size in tokens, in precedence order (for `inspect`). */
export function tokenReport(partition: Pick<RulePartition, "all">, countTokens: TokenCounter = estimateTokens): RuleTokens[] {
  return partition.all.map(({ rule, category }) => {
    const scope = normalizeScope(rule.scope);
    return { name: rule.name, category, ...(scope !== undefined && { scope }), tokens: countTokens(rule.content) };
  });
}

/** What the root scope's always-apply rules cost in every prompt. */
export interface RootAlwaysApplyTokens {
  /** The sum over `rules`. */
  tokens: number;
  /** Each unscoped always-apply rule (project and user level), in precedence order. */
  rules: Array<{ name: string; tokens: number }>;
  /** The threshold compared against. */
  threshold: number;
  /** True when `tokens` is above `threshold`: what `lint` warns about. */
  exceeded: boolean;
}

/** The always-apply rules that have no scope (project and user level), which every prompt carries, in precedence order. */
export function rootScopeAlwaysApply(partition: Pick<RulePartition, "alwaysApply">): Rule[] {
  return partition.alwaysApply.filter((rule) => normalizeScope(rule.scope) === undefined);
}

/**
 * Sums the tokens of {@link rootScopeAlwaysApply}'s rules and compares them with a threshold
 * (default {@link ROOT_ALWAYS_APPLY_TOKEN_THRESHOLD}).
 */
export function rootScopeAlwaysApplyTokens(
  partition: Pick<RulePartition, "alwaysApply">,
  options: { countTokens?: TokenCounter; threshold?: number } = {},
): RootAlwaysApplyTokens {
  const count = options.countTokens ?? estimateTokens;
  const threshold = options.threshold ?? ROOT_ALWAYS_APPLY_TOKEN_THRESHOLD;
  const rules = rootScopeAlwaysApply(partition).map((rule) => ({ name: rule.name, tokens: count(rule.content) }));
  const tokens = rules.reduce((sum, rule) => sum + rule.tokens, 0);
  return { tokens, rules, threshold, exceeded: tokens > threshold };
}
