import { type GlobSelection, type Rule, type RulePartition, normalizeScope, scopeDepth, selectRulesForFiles } from "@rulebook/core";
import { modeAllows, resolvePlay, scopeInPlay } from "./play.js";
import {
  ATTACHED_HEADER,
  alwaysText,
  attachedBlock,
  folderHeader,
  instructionsBlock,
  omissionLine,
  rulebookEntry,
  rulebookSection,
} from "./sections.js";

/** An always-apply rule the budget may keep or leave out, with the block it would print. */
export interface Candidate {
  rule: Rule;
  section: "always" | "folder";
  block: string;
}

/** A rulebook entry or an attached rule, rendered once. */
export interface Shown {
  rule: Rule;
  block: string;
}

/** What the prompt can show for one place in the project, before the budget decides. */
export interface PromptPlan {
  /** Project-wide always-apply rules in precedence order, then folder rules broad to specific. */
  candidates: Candidate[];
  /** Rulebook rules, then rules with globs and a description that no file in play selects, each rendered once. */
  rulebook: Shown[];
  attached: Shown[];
  /** The first file (and glob) that selected each rulebook or attached rule. */
  selected: Map<Rule, GlobSelection>;
}

/** Where the prompt is built for. */
export interface PlanInput {
  partition: Pick<RulePartition, "alwaysApply" | "rulebook" | "autoAttach">;
  root: string;
  cwd?: string;
  files?: readonly string[];
  mode?: string;
}

/**
 * Decides which rules belong in the prompt (docs/behaviour.md#the-system-prompt): every project-wide always-apply rule,
 * the always-apply and rulebook rules of the folders that contain `cwd` or a file in play,
 * the project-wide rulebook, the auto-attach rules a file in play selects, and, listed in the
 * rulebook, the auto-attach rules with a description that no file selects.
 */
export function planPrompt({ partition, root, cwd, files = [], mode }: PlanInput): PromptPlan {
  const play = resolvePlay(root, cwd, files);
  const usable = (rule: Rule) => {
    const scope = normalizeScope(rule.scope);
    return modeAllows(rule, mode) && (scope === undefined || scopeInPlay(scope, play));
  };
  const inPlay = partition.alwaysApply.filter((rule) => usable(rule) && alwaysText(rule) !== "");
  const always = inPlay.filter((rule) => normalizeScope(rule.scope) === undefined);
  // Array.prototype.sort is stable: sibling folders keep their precedence order.
  const folders = inPlay.filter((rule) => normalizeScope(rule.scope) !== undefined).sort((a, b) => scopeDepth(a.scope) - scopeDepth(b.scope));
  const candidates = [
    ...always.map((rule): Candidate => ({ rule, section: "always", block: instructionsBlock(rule, root) })),
    ...folders.map((rule): Candidate => ({ rule, section: "folder", block: instructionsBlock(rule, root) })),
  ];
  const autoAttach = partition.autoAttach.filter((rule) => modeAllows(rule, mode));
  const listed = partition.rulebook.filter(usable);
  const selected = new Map(selectRulesForFiles([...listed, ...autoAttach], play.files, root).map((s) => [s.rule, s]));
  const attached = autoAttach.flatMap((rule) => {
    const selection = selected.get(rule);
    return selection ? [{ rule, block: attachedBlock(rule, selection) }] : [];
  });
  // Cursor's "Apply to specific files": attached when a file matches, otherwise offered by its description.
  const offered = autoAttach.filter((rule) => rule.description !== undefined && !selected.has(rule) && usable(rule));
  return {
    candidates,
    rulebook: [...listed, ...offered].map((rule) => ({ rule, block: rulebookEntry(rule, selected.get(rule)) })),
    attached,
    selected,
  };
}

/** The parts of the prompt that do not depend on the budget: the rulebook and the attached rules. */
export function fixedParts(plan: PromptPlan): string[] {
  const parts: string[] = [];
  if (plan.rulebook.length > 0) parts.push(rulebookSection(plan.rulebook, plan.selected));
  if (plan.attached.length > 0) parts.push(ATTACHED_HEADER, ...plan.attached.map((shown) => shown.block));
  return parts;
}

/** The prompt text with the `kept` candidates, ending with the notice for the `omitted` ones. */
export function renderPrompt(plan: PromptPlan, fixed: readonly string[], kept: ReadonlySet<Candidate>, omitted: readonly Candidate[]): string {
  const shown = plan.candidates.filter((c) => kept.has(c));
  const parts = shown.filter((c) => c.section === "always").map((c) => c.block);
  const folders = shown.filter((c) => c.section === "folder").map((c) => c.block);
  if (folders.length > 0) parts.push(folderHeader(), ...folders);
  parts.push(...fixed);
  if (omitted.length > 0) parts.push(omissionLine(omitted.map((c) => c.rule)));
  return parts.join("\n\n");
}
