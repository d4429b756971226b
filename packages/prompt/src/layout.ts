import { type GlobSelection, type Rule, type RulePartition, selectRulesForFiles } from "@rulebook/core";
import { depth, modeAllows, normalizeFolder, resolvePlay, scopeInPlay } from "./play.js";
import { ATTACHED_HEADER, alwaysText, attachedBlock, folderBlock, folderHeader, omissionLine, rulebookSection } from "./sections.js";

/** An always-apply rule the budget may keep or leave out, with the block it would print. */
export interface Candidate {
  rule: Rule;
  section: "always" | "folder";
  block: string;
}

/** What the prompt can show for one place in the project, before the budget decides. */
export interface PromptPlan {
  /** Project-wide always-apply rules in precedence order, then folder rules broad to specific. */
  candidates: Candidate[];
  rulebook: Rule[];
  attached: Rule[];
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
 * the project-wide rulebook, and the auto-attach rules a file in play selects.
 */
export function planPrompt({ partition, root, cwd, files = [], mode }: PlanInput): PromptPlan {
  const play = resolvePlay(root, cwd, files);
  const usable = (rule: Rule) => {
    const scope = normalizeFolder(rule.scope);
    return modeAllows(rule, mode) && (scope === undefined || scopeInPlay(scope, play));
  };
  const inPlay = partition.alwaysApply.filter(usable);
  const always = inPlay.filter((rule) => normalizeFolder(rule.scope) === undefined);
  // Array.prototype.sort is stable: sibling folders keep their precedence order.
  const folders = inPlay.filter((rule) => normalizeFolder(rule.scope) !== undefined).sort((a, b) => scopeDepth(a) - scopeDepth(b));
  const candidates = [
    ...always.map((rule): Candidate => ({ rule, section: "always", block: alwaysText(rule) })),
    ...folders.map((rule): Candidate => ({ rule, section: "folder", block: folderBlock(rule) })),
  ].filter((candidate) => alwaysText(candidate.rule) !== "");
  const rulebook = partition.rulebook.filter(usable);
  const autoAttach = partition.autoAttach.filter((rule) => modeAllows(rule, mode));
  const selected = new Map(selectRulesForFiles([...rulebook, ...autoAttach], play.files, root).map((s) => [s.rule, s]));
  return { candidates, rulebook, attached: autoAttach.filter((rule) => selected.has(rule)), selected };
}

/** The prompt text with the `kept` candidates, ending with the notice for the `omitted` ones. */
export function renderPrompt(plan: PromptPlan, kept: ReadonlySet<Candidate>, omitted: readonly Candidate[]): string {
  const shown = plan.candidates.filter((c) => kept.has(c));
  const parts = shown.filter((c) => c.section === "always").map((c) => c.block);
  const folders = shown.filter((c) => c.section === "folder").map((c) => c.block);
  if (folders.length > 0) parts.push(folderHeader(), ...folders);
  if (plan.rulebook.length > 0) parts.push(rulebookSection(plan.rulebook, plan.selected));
  if (plan.attached.length > 0) parts.push(ATTACHED_HEADER, ...plan.attached.map((rule) => attachedBlock(rule, selectionOf(plan, rule))));
  if (omitted.length > 0) parts.push(omissionLine(omitted.map((c) => c.rule)));
  return parts.join("\n\n");
}

/** The selection of a rule the plan attached (always present for those). */
export function selectionOf(plan: PromptPlan, rule: Rule): GlobSelection {
  return plan.selected.get(rule) ?? { rule, file: "" };
}

/** How deep a rule's folder is: 0 for the whole project. */
export function scopeDepth(rule: Rule): number {
  return depth(normalizeFolder(rule.scope));
}
