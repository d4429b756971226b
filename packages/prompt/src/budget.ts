import { scopeDepth } from "@rulebook/core";
import { type Candidate, type PromptPlan, renderPrompt } from "./layout.js";
import { OMISSION_PREFIX, folderHeader, omissionEntry } from "./sections.js";
import type { TokenCounter } from "./tokens.js";

/** The always-apply rules a budget keeps, and those it leaves out in the order it gave up on them. */
export interface BudgetChoice {
  kept: Set<Candidate>;
  omitted: Candidate[];
  /** The rendered text for this choice. */
  text: string;
}

/**
 * Chooses the always-apply rules to keep under `maxTokens` (docs/behaviour.md#the-system-prompt). Candidates are tried
 * nearest folder first, then in precedence order; each is kept, whole, when the text still
 * fits with it and with the notice naming every rule not kept yet. Each block is counted once
 * and the choice is made on the sum of the parts, joins and separators included, which is the
 * text's count for a tokenizer that never merges across them; the chosen text is then counted
 * whole, and while a tokenizer's merges where parts join push it over, the last rule kept is
 * left out, so the final text fits whenever anything is kept.
 */
export function fitBudget(plan: PromptPlan, fixed: readonly string[], count: TokenCounter, maxTokens: number | undefined): BudgetChoice {
  const all = new Set(plan.candidates);
  const whole = renderPrompt(plan, fixed, all, []);
  if (maxTokens === undefined || count(whole) <= maxTokens) return { kept: all, omitted: [], text: whole };
  // The text is its parts joined by "\n\n": each part is charged its join, and the text one join less.
  const join = count("\n\n");
  const cost = new Map(plan.candidates.map((c) => [c, count(c.block) + join]));
  // The notice is a part too: its opening words, then each entry with the ", " after it, the last one's "." instead.
  const separator = count(", ");
  const entry = new Map(plan.candidates.map((c) => [c, count(omissionEntry(c.rule)) + separator]));
  const notice = count(OMISSION_PREFIX) + join + count(".") - separator;
  const base = fixed.reduce((sum, part) => sum + count(part) + join, -join);
  const header = count(folderHeader()) + join;
  const order = [...plan.candidates].sort((a, b) => scopeDepth(b.rule.scope) - scopeDepth(a.rule.scope));
  const kept: Candidate[] = [];
  let used = base;
  // The notice naming every other rule not kept so far. It is charged even when no other rule is
  // left: then the candidate is the last and every other was kept, and the whole text did not fit.
  let pending = order.reduce((sum, c) => sum + (entry.get(c) ?? 0), notice);
  let folderShown = false;
  for (const candidate of order) {
    pending -= entry.get(candidate) ?? 0;
    const extra = (cost.get(candidate) ?? 0) + (candidate.section === "folder" && !folderShown ? header : 0);
    if (used + extra + pending <= maxTokens) {
      kept.push(candidate);
      used += extra;
      if (candidate.section === "folder") folderShown = true;
    } else {
      pending += entry.get(candidate) ?? 0;
    }
  }
  for (;;) {
    const keptSet = new Set(kept);
    const omitted = order.filter((c) => !keptSet.has(c));
    const text = renderPrompt(plan, fixed, keptSet, omitted);
    if (kept.length === 0 || count(text) <= maxTokens) return { kept: keptSet, omitted, text };
    kept.pop();
  }
}
