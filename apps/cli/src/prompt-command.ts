import { resolve } from "node:path";
import { toProjectPath } from "@rulebook/core";
import { printable, writeProblemCount } from "./display.js";
import type { Io } from "./io.js";
import { buildPrompt, selectPromptRules } from "./prompt.js";
import type { Session } from "./session.js";
import { terminalText } from "./terminal-text.js";

/** A rule the prompt carries, and how. */
export interface IncludedRule {
  name: string;
  /** `always-apply` (content), `rulebook` (listed), `auto-attach` (content, selected by a file). */
  category: "always-apply" | "rulebook" | "auto-attach";
}

/** `prompt --json`: the text and what it carries; `omitted` lists rules left out for the budget. */
export interface PromptReport {
  text: string;
  included: IncludedRule[];
  omitted: IncludedRule[];
}

/**
 * Runs `rulebook prompt [--file PATH]…`: the rules part of the system prompt on stdout
 * (control sequences neutralised on a terminal), or `{ text, included, omitted }` with
 * `--json`. File paths are relative to `--cwd`.
 */
export function runPrompt(session: Session, options: { file?: string[]; json?: boolean }, io: Io): number {
  const files = (options.file ?? []).map((file) => resolve(session.cwd, file));
  const outside = files.filter((file) => toProjectPath(file, session.root) === undefined);
  const selections = selectPromptRules(session.partition, files, session.root);
  const text = buildPrompt(session.partition, selections);
  if (options.json) {
    const attached = new Set(selections.map((s) => s.rule.name));
    const included: IncludedRule[] = [
      ...session.partition.alwaysApply.map((r) => ({ name: r.name, category: "always-apply" as const })),
      ...session.partition.rulebook.map((r) => ({ name: r.name, category: "rulebook" as const })),
      ...session.partition.autoAttach.filter((r) => attached.has(r.name)).map((r) => ({ name: r.name, category: "auto-attach" as const })),
    ];
    const report: PromptReport = { text, included, omitted: [] };
    io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return 0;
  }
  writeProblemCount(io.stderr, session.diagnostics);
  for (const file of outside) {
    io.stderr.write(`rulebook: --file ${printable(file)} is outside the project root; no rule matches it\n`);
  }
  if (text === "") io.stderr.write("rulebook: no always-apply, rulebook or attached rule: the prompt is empty\n");
  else io.stdout.write(terminalText(`${text}\n`, io.stdout));
  return 0;
}
