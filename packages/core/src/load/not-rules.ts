import { createDiagnostic } from "../rule/diagnostics.js";
import type { Diagnostic } from "../rule/types.js";
import type { NotRulesFound } from "../sources/kind.js";

/** Skills, commands or subagents of one folder a load found and did not read (docs/behaviour.md#providers). */
export interface NotRulesGroup {
  what: NotRulesFound["what"];
  /** The folder as the providers declare it, e.g. `.claude/commands`. */
  folder: string;
  /** Project-relative paths. */
  files: string[];
}

const WORDS: Record<NotRulesFound["what"], [string, string]> = {
  skill: ["skill", "skills"],
  command: ["command", "commands"],
  subagent: ["subagent", "subagents"],
};

/** The groups of files that are not rules, each file once (two providers may name one folder), empty groups left out. */
export function notRulesGroups(found: readonly NotRulesFound[]): NotRulesGroup[] {
  const seen = new Set<string>();
  const groups: NotRulesGroup[] = [];
  for (const { what, folder, files } of found) {
    const fresh = files.filter((file) => !seen.has(file));
    for (const file of fresh) seen.add(file);
    const group = groups.find((g) => g.what === what && g.folder === folder);
    if (group) group.files.push(...fresh);
    else if (fresh.length > 0) groups.push({ what, folder, files: fresh });
  }
  return groups.filter((g) => g.files.length > 0);
}

/**
 * The one `not-rules` info of a load: how many skills, commands and subagents it found and did
 * not read, by folder (`17 skills and commands are not rules; not read: 12 skills in
 * .claude/skills, 5 commands in .claude/commands`); undefined when there are none.
 */
export function notRulesDiagnostic(groups: readonly NotRulesGroup[]): Diagnostic | undefined {
  const total = groups.reduce((n, g) => n + g.files.length, 0);
  if (total === 0) return undefined;
  const kinds = [...new Set(groups.map((g) => g.what))].map((what) => WORDS[what][1]);
  const named = kinds.length === 1 ? kinds[0] : `${kinds.slice(0, -1).join(", ")} and ${kinds.at(-1)}`;
  const parts = groups.map((g) => `${g.files.length} ${WORDS[g.what][g.files.length === 1 ? 0 : 1]} in ${g.folder}`);
  return createDiagnostic(
    "not-rules",
    `${total} ${total === 1 ? WORDS[groups[0]?.what ?? "skill"][0] : named} ${total === 1 ? "is not a rule" : "are not rules"}; not read: ${parts.join(", ")}`,
  );
}
