import { type GlobSelection, type Rule, normalizeScope, projectPathLabel, ruleAddress, toProjectPath } from "@rulebook/core";
import { stripHiddenCharacters } from "@rulebook/core/text";
import { escapeContent, escapeInline, escapeProse, escapeXml } from "./escape.js";

/** The sentence that introduces the folder instructions (the AGENTS.md convention). */
export const FOLDER_PRECEDENCE_SENTENCE =
  "The instructions below apply only to files inside the folder named in their `scope` attribute, from the broadest folder to the most specific; where they conflict, follow the more specific folder.";

/** An always-apply rule's text as the prompt shows it: its content, hidden characters removed; `""` when nothing is left. */
export function alwaysText(rule: Rule): string {
  return stripHiddenCharacters(rule.content).trim();
}

/**
 * An always-apply rule delimited with its name and its file under the root (`level="user"` for a
 * user's own file) and its folder when scoped, its
 * content escaped like an attached rule's, so twelve files of three tools read apart and no
 * text can close the tag (docs/behaviour.md#the-system-prompt).
 */
export function instructionsBlock(rule: Rule, root: string): string {
  // A user's own file is named by its level, not by a home path the prompt has no need of.
  // A project folder named `~` is shown as what it is (`./~/…`), never as the user's home.
  const file = toProjectPath(rule.path, root);
  const where = file !== undefined ? ` file="${escapeInline(projectPathLabel(file))}"` : rule.source.level === "user" ? ' level="user"' : "";
  const open = `<instructions name="${nameAttribute(rule)}"${where}${scopeAttribute(rule)}>`;
  return `${open}\n${escapeContent(alwaysText(rule))}\n</instructions>`;
}

/** The heading and sentence before the folder blocks. */
export function folderHeader(): string {
  return `# Folder instructions\n\n${FOLDER_PRECEDENCE_SENTENCE}`;
}

/**
 * `# Rules`: how to read a rule, then the rendered `<rule>` entries ({@link rulebookEntry}): each rulebook rule with its description,
 * one `<glob>` per glob, `scope` for a scoped rule and `applies-to` when a file matches.
 */
export function rulebookSection(entries: ReadonlyArray<{ rule: Rule; block: string }>, selected: ReadonlyMap<Rule, GlobSelection>): string {
  const lines = [
    "# Rules",
    "",
    "The rules below hold this project's conventions for specific domains. When you work in a domain a rule describes, first read the whole rule at `rule://<name>` and follow it.",
  ];
  if (entries.some(({ rule }) => selected.has(rule))) {
    lines.push("Rules with an `applies-to` attribute match a file you are working on: read those first.");
  }
  lines.push("", "<rules>", ...entries.map(({ block }) => block), "</rules>");
  return lines.join("\n");
}

/** One `<rule>` entry of the rulebook. */
export function rulebookEntry(rule: Rule, selection: GlobSelection | undefined): string {
  const lines = [
    `<rule name="${nameAttribute(rule)}"${scopeAttribute(rule)}${selection ? ` applies-to="${escapeInline(projectPathLabel(selection.file))}"` : ""}>`,
  ];
  lines.push(`<description>${escapeProse(rule.description ?? "")}</description>`);
  for (const glob of rule.globs ?? []) lines.push(`<glob>${escapeInline(glob)}</glob>`);
  lines.push("</rule>");
  return lines.join("\n");
}

/** The heading before attached rules. */
export const ATTACHED_HEADER = "# Attached rules\n\nThese rules apply to the files you are working on; follow them.";

/** An auto-attach rule selected by a file in play, its content escaped inside the tag. */
export function attachedBlock(rule: Rule, selection: GlobSelection): string {
  const glob = selection.glob !== undefined ? ` glob="${escapeInline(selection.glob)}"` : "";
  const open = `<attached-rule name="${nameAttribute(rule)}"${scopeAttribute(rule)} file="${escapeInline(projectPathLabel(selection.file))}"${glob}>`;
  return `${open}\n${escapeContent(rule.content)}\n</attached-rule>`;
}

/** The words of the omission line before its entries. */
export const OMISSION_PREFIX = "Left out to fit the token budget, but in effect: read each of these before working where it applies: ";

/** One rule's entry in the omission line: its `rule://` address and folder. */
export function omissionEntry(rule: Rule): string {
  const scope = normalizeScope(rule.scope);
  return `${ruleAddress(rule.name)}${scope !== undefined ? ` (in ${escapeInline(projectPathLabel(scope))}/)` : ""}`;
}

/** The last line when rules were left out for the budget: each one's `rule://` address. */
export function omissionLine(rules: readonly Rule[]): string {
  return `${OMISSION_PREFIX}${rules.map(omissionEntry).join(", ")}.`;
}

function nameAttribute(rule: Rule): string {
  return escapeXml(ruleAddress(rule.name).slice("rule://".length));
}

function scopeAttribute(rule: Rule): string {
  const scope = normalizeScope(rule.scope);
  return scope !== undefined ? ` scope="${escapeInline(projectPathLabel(scope))}"` : "";
}
