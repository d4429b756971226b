import { type Candidate, type PromptPlan, renderPrompt, scopeDepth } from "./layout.js";
import type { TokenCounter } from "./tokens.js";

/** The always-apply rules a budget keeps, and those it leaves out in the order it gave up on them. */
export interface BudgetChoice {
  kept: Set<Candidate>;
  omitted: Candidate[];
}

/**
 * Chooses the always-apply rules to keep under `maxTokens` (docs/behaviour.md#the-system-prompt). Candidates are tried
 * nearest folder first, then in precedence order; each is kept, whole, when the whole text
 * still fits with it and with the notice naming every rule not kept yet, so the final text
 * fits whenever anything is kept. Counting the rendered text (not a sum of parts) keeps an
 * exact fit exact whatever the tokenizer does where parts join.
 */
export function fitBudget(plan: PromptPlan, count: TokenCounter, maxTokens: number | undefined): BudgetChoice {
  const all = new Set(plan.candidates);
  if (maxTokens === undefined || count(renderPrompt(plan, all, [])) <= maxTokens) return { kept: all, omitted: [] };
  const order = [...plan.candidates].sort((a, b) => scopeDepth(b.rule) - scopeDepth(a.rule));
  const kept = new Set<Candidate>();
  const omitted: Candidate[] = [];
  for (const [i, candidate] of order.entries()) {
    // A rule larger than the whole budget cannot fit: no need to render the text with it.
    if (count(candidate.block) <= maxTokens) {
      const trial = new Set(kept).add(candidate);
      if (count(renderPrompt(plan, trial, [...omitted, ...order.slice(i + 1)])) <= maxTokens) {
        kept.add(candidate);
        continue;
      }
    }
    omitted.push(candidate);
  }
  return { kept, omitted };
}
