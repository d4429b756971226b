import { resolve } from "node:path";
import { toProjectPath } from "@rulebook/core";
import { printable, writeDiagnostics } from "./display.js";
import type { Io } from "./io.js";
import { buildPrompt, selectPromptRules } from "./prompt.js";
import type { Session } from "./session.js";

/**
 * Runs `rulebook prompt [--file PATH]…`: the rules part of the system prompt on stdout.
 * File paths are relative to the project root (`--cwd`), like globs.
 */
export function runPrompt(session: Session, options: { file?: string[] }, io: Io): number {
  writeDiagnostics(io.stderr, session.diagnostics);
  const files = (options.file ?? []).map((file) => resolve(session.cwd, file));
  for (const file of files) {
    if (toProjectPath(file, session.cwd) === undefined) {
      io.stderr.write(`rulebook: --file ${printable(file)} is outside the project root; no rule matches it\n`);
    }
  }
  const prompt = buildPrompt(session.partition, selectPromptRules(session.partition, files, session.cwd));
  if (prompt === "") io.stderr.write("rulebook: no always-apply, rulebook or attached rule: the prompt is empty\n");
  else io.stdout.write(`${prompt}\n`);
  return 0;
}
