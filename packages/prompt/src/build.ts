import { type GlobSelection, type Rule, type RulePartition, selectRulesForFiles } from "@rulebook/core";
import { ruleAddress } from "./escape.js";
import { depth, modeAllows, normalizeFolder, resolvePlay, scopeInPlay } from "./play.js";
import {
  ATTACHED_HEADER,
  alwaysText,
  attachedBlock,
  folderBlock,
  folderHeader,
  omissionLine,
  rulebookEntry,
  rulebookSection,
} from "./sections.js";
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
  /** The budget for the whole text; always-apply rules that do not fit are left out and named. */
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

interface Candidate {
  rule: Rule;
  section: "always" | "folder";
  block: string;
}

/**
 * Builds the rules part of the system prompt (SPEC §9, §15): the unscoped always-apply
 * rules, raw, in precedence order; then the always-apply rules of the folders that contain
 * `cwd` or a file in play, broad to specific, each under its folder; then `# Rules` with the
 * rulebook; then the auto-attach rules the files select. ttsr and inactive rules never
 * appear. With `maxTokens`, always-apply rules are kept nearest folder first, then in
 * precedence order, each whole or not at all, and the text ends naming what was left out.
 */
export function buildSystemPrompt(options: BuildSystemPromptOptions): SystemPrompt {
  const count = options.countTokens ?? estimateTokens;
  const { partition, root, mode } = options;
  const play = resolvePlay(root, options.cwd, options.files ?? []);
  const allowed = (rule: Rule) => modeAllows(rule, mode);
  const inPlay = (rule: Rule) => {
    const scope = normalizeFolder(rule.scope);
    return scope === undefined || scopeInPlay(scope, play);
  };
  const always = partition.alwaysApply.filter((r) => allowed(r) && normalizeFolder(r.scope) === undefined);
  const folders = stableSortByDepth(partition.alwaysApply.filter((r) => allowed(r) && normalizeFolder(r.scope) !== undefined && inPlay(r)));
  const candidates: Candidate[] = [
    ...always.map((rule): Candidate => ({ rule, section: "always", block: alwaysText(rule) })),
    ...folders.map((rule): Candidate => ({ rule, section: "folder", block: folderBlock(rule) })),
  ].filter((c) => c.rule.content.trim() !== "" && c.block.trim() !== "");

  const rulebook = partition.rulebook.filter((r) => allowed(r) && inPlay(r));
  const autoAttach = partition.autoAttach.filter(allowed);
  const selected = new Map<Rule, GlobSelection>();
  for (const s of selectRulesForFiles([...rulebook, ...autoAttach], play.files, root)) selected.set(s.rule, s);
  const attached = autoAttach.filter((rule) => selected.has(rule));

  const render = (kept: ReadonlySet<Candidate>, omitted: readonly Candidate[]) => {
    const shown = candidates.filter((c) => kept.has(c));
    const parts = shown.filter((c) => c.section === "always").map((c) => c.block);
    const folderParts = shown.filter((c) => c.section === "folder").map((c) => c.block);
    if (folderParts.length > 0) parts.push(folderHeader(), ...folderParts);
    if (rulebook.length > 0) parts.push(rulebookSection(rulebook, selected));
    if (attached.length > 0) parts.push(ATTACHED_HEADER, ...attached.map((rule) => attachedBlock(rule, selected.get(rule) as GlobSelection)));
    if (omitted.length > 0) parts.push(omissionLine(omitted.map((c) => c.rule)));
    return parts.join("\n\n");
  };

  const { kept, omitted } = fitBudget(candidates, render, count, options.maxTokens);
  const text = render(kept, omitted);
  const scopeOf = (rule: Rule) => {
    const scope = normalizeFolder(rule.scope);
    return scope !== undefined ? { scope } : {};
  };
  const included: IncludedRule[] = [
    ...candidates.filter((c) => kept.has(c)).map((c) => ({ name: c.rule.name, rule: c.rule, section: c.section, ...scopeOf(c.rule), tokens: count(c.block) })),
    ...rulebook.map((rule) => ({ name: rule.name, rule, section: "rulebook" as const, ...scopeOf(rule), tokens: count(rulebookEntry(rule, selected.get(rule))) })),
    ...attached.map((rule) => ({ name: rule.name, rule, section: "attached" as const, ...scopeOf(rule), tokens: count(attachedBlock(rule, selected.get(rule) as GlobSelection)) })),
  ];
  return {
    text,
    included,
    omitted: omitted.map((c) => ({ name: c.rule.name, rule: c.rule, address: ruleAddress(c.rule.name), ...scopeOf(c.rule), tokens: count(c.block) })),
    tokens: count(text),
  };
}

/**
 * Chooses the always-apply rules to keep under `maxTokens`. Candidates are tried nearest
 * folder first, then in precedence order; each is kept when the whole text, with every
 * rule not yet kept named as left out, still fits. Checking the whole rendered text (not a
 * sum of parts) keeps an exact fit exact whatever the tokenizer does at the joins.
 */
function fitBudget(
  candidates: readonly Candidate[],
  render: (kept: ReadonlySet<Candidate>, omitted: readonly Candidate[]) => string,
  count: TokenCounter,
  maxTokens: number | undefined,
): { kept: Set<Candidate>; omitted: Candidate[] } {
  const all = new Set(candidates);
  if (maxTokens === undefined || count(render(all, [])) <= maxTokens) return { kept: all, omitted: [] };
  const order = [...candidates].sort((a, b) => depth(normalizeFolder(b.rule.scope)) - depth(normalizeFolder(a.rule.scope)));
  const kept = new Set<Candidate>();
  const omitted: Candidate[] = [];
  for (const [i, candidate] of order.entries()) {
    // A rule larger than the whole budget cannot fit: skip rendering for it.
    if (count(candidate.block) <= maxTokens) {
      const trial = new Set(kept).add(candidate);
      const rest = [...omitted, ...order.slice(i + 1)];
      if (count(render(trial, rest)) <= maxTokens) {
        kept.add(candidate);
        continue;
      }
    }
    omitted.push(candidate);
  }
  return { kept, omitted };
}

function stableSortByDepth(rules: readonly Rule[]): Rule[] {
  return [...rules].sort((a, b) => depth(normalizeFolder(a.scope)) - depth(normalizeFolder(b.scope)));
}
