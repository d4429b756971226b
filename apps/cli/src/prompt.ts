import { type GlobSelection, type Rule, type RulePartition, selectRulesForFiles, stripHiddenCharacters } from "@rulebook/core";

/** The parts of a partition the system prompt is made of. */
export type PromptRules = Pick<RulePartition, "alwaysApply" | "rulebook" | "autoAttach">;

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

/**
 * Makes rule text safe inside a tag or an attribute value: hidden characters removed,
 * then `& < > "` escaped, so it cannot close the tag or open a new one.
 */
export function escapeXml(text: string): string {
  return stripHiddenCharacters(text).replace(/[&<>"]/g, (c) => XML_ESCAPES[c] ?? c);
}

/**
 * Which rulebook and auto-attach rules the given files select (first matching file and
 * glob per rule). Paths are relative to `root`, or absolute inside it.
 */
export function selectPromptRules(rules: PromptRules, files: readonly string[], root: string): GlobSelection[] {
  return selectRulesForFiles([...rules.rulebook, ...rules.autoAttach], files, root);
}

/**
 * Builds the rules part of the system prompt (SPEC §9): always-apply contents first, raw,
 * in precedence order; then `# Rules`, listing the rulebook rules (marked when a file in
 * play matches their globs); then the content of the auto-attach rules the files selected.
 * ttsr and inactive rules never appear. Returns "" when there is nothing to say.
 */
export function buildPrompt(rules: PromptRules, selections: readonly GlobSelection[] = []): string {
  const selected = new Map(selections.map((s) => [s.rule.name, s]));
  const sections = rules.alwaysApply.map((rule) => stripHiddenCharacters(rule.content).trim()).filter((text) => text !== "");
  if (rules.rulebook.length > 0) sections.push(rulebookSection(rules.rulebook, selected));
  const attached = rules.autoAttach.flatMap((rule) => {
    const selection = selected.get(rule.name);
    return selection ? [attachedRule(rule, selection)] : [];
  });
  if (attached.length > 0) {
    sections.push("# Attached rules\n\nThese rules apply to the files you are working on; follow them.", ...attached);
  }
  return sections.join("\n\n");
}

function rulebookSection(rulebook: readonly Rule[], selected: ReadonlyMap<string, GlobSelection>): string {
  const marked = rulebook.some((rule) => selected.has(rule.name));
  const lines = [
    "# Rules",
    "",
    "The rules below hold this project's conventions for specific domains. When you work in a domain a rule describes, first read the whole rule at `rule://<name>` and follow it.",
  ];
  if (marked) lines.push('Rules with an `applies-to` attribute match a file you are working on: read those first.');
  lines.push("", "<rules>");
  for (const rule of rulebook) {
    const selection = selected.get(rule.name);
    const appliesTo = selection ? ` applies-to="${escapeXml(selection.file)}"` : "";
    lines.push(`<rule name="${escapeXml(rule.name)}"${appliesTo}>`);
    lines.push(`<description>${escapeXml(rule.description ?? "")}</description>`);
    for (const glob of rule.globs ?? []) lines.push(`<glob>${escapeXml(glob)}</glob>`);
    lines.push("</rule>");
  }
  lines.push("</rules>");
  return lines.join("\n");
}

function attachedRule(rule: Rule, selection: GlobSelection): string {
  const glob = selection.glob !== undefined ? ` glob="${escapeXml(selection.glob)}"` : "";
  const open = `<attached-rule name="${escapeXml(rule.name)}" file="${escapeXml(selection.file)}"${glob}>`;
  return `${open}\n${escapeXml(rule.content)}\n</attached-rule>`;
}
