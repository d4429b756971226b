import { type GlobSelection, type Rule, stripHiddenCharacters } from "@rulebook/core";
import { escapeInline, escapeProse, escapeXml, ruleAddress } from "./escape.js";
import { normalizeFolder } from "./play.js";

/** The sentence that introduces the folder instructions (the AGENTS.md convention). */
export const FOLDER_PRECEDENCE_SENTENCE =
  "The instructions below apply only to files inside the folder named in their heading, from the broadest folder to the most specific; where they conflict, follow the more specific folder.";

/** An always-apply rule's text as the prompt shows it: raw content, hidden characters removed. */
export function alwaysText(rule: Rule): string {
  return stripHiddenCharacters(rule.content).trim();
}

/** A scoped always-apply rule under a heading naming its folder. */
export function folderBlock(rule: Rule): string {
  return `## ${escapeInline(normalizeFolder(rule.scope) ?? "")}/\n\n${alwaysText(rule)}`;
}

/** The heading and sentence before the folder blocks. */
export function folderHeader(): string {
  return `# Folder instructions\n\n${FOLDER_PRECEDENCE_SENTENCE}`;
}

/**
 * `# Rules`: how to read a rule, then one `<rule>` per rulebook rule with its description,
 * one `<glob>` per glob, `scope` for a scoped rule and `applies-to` when a file matches.
 */
export function rulebookSection(rulebook: readonly Rule[], selected: ReadonlyMap<Rule, GlobSelection>): string {
  const lines = [
    "# Rules",
    "",
    "The rules below hold this project's conventions for specific domains. When you work in a domain a rule describes, first read the whole rule at `rule://<name>` and follow it.",
  ];
  if (rulebook.some((rule) => selected.has(rule))) {
    lines.push("Rules with an `applies-to` attribute match a file you are working on: read those first.");
  }
  lines.push("", "<rules>", ...rulebook.map((rule) => rulebookEntry(rule, selected.get(rule))), "</rules>");
  return lines.join("\n");
}

/** One `<rule>` entry of the rulebook. */
export function rulebookEntry(rule: Rule, selection: GlobSelection | undefined): string {
  const lines = [`<rule name="${nameAttribute(rule)}"${scopeAttribute(rule)}${selection ? ` applies-to="${escapeInline(selection.file)}"` : ""}>`];
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
  const open = `<attached-rule name="${nameAttribute(rule)}"${scopeAttribute(rule)} file="${escapeInline(selection.file)}"${glob}>`;
  return `${open}\n${escapeXml(rule.content)}\n</attached-rule>`;
}

/** The last line when rules were left out for the budget: each one's `rule://` address. */
export function omissionLine(rules: readonly Rule[]): string {
  const entries = rules.map((rule) => {
    const scope = normalizeFolder(rule.scope);
    return `${ruleAddress(rule.name)}${scope !== undefined ? ` (in ${escapeInline(scope)}/)` : ""}`;
  });
  return `Left out to fit the token budget, but in effect: read each of these before working where it applies: ${entries.join(", ")}.`;
}

function nameAttribute(rule: Rule): string {
  return escapeXml(ruleAddress(rule.name).slice("rule://".length));
}

function scopeAttribute(rule: Rule): string {
  const scope = normalizeFolder(rule.scope);
  return scope !== undefined ? ` scope="${escapeInline(scope)}"` : "";
}
