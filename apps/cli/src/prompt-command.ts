import { resolve } from "node:path";
import { toProjectPath } from "@rulebook/core";
import { type PromptSection, buildSystemPrompt } from "@rulebook/prompt";
import { printable, writeProblemCount } from "./display.js";
import type { Io } from "./runtime/io.js";
import type { Session } from "./session.js";
import { terminalText } from "./runtime/terminal-text.js";
import { loadTokenCounter } from "./tokens.js";

/** Options of `rulebook prompt`. */
export interface PromptOptions {
  /** Files in play, relative to `--cwd`. */
  file?: string[];
  /** Token budget; default the configuration's `maxTokens`. */
  maxTokens?: number;
  json?: boolean;
}

/** `prompt --json`: the text, what it carries and what the budget left out. */
export interface PromptReport {
  text: string;
  tokens: number;
  included: Array<{ name: string; section: PromptSection; scope?: string; tokens: number }>;
  omitted: Array<{ name: string; address: string; scope?: string; tokens: number }>;
}

/**
 * Runs `rulebook prompt [--file PATH]… [--max-tokens N]`: the rules part of the system
 * prompt built by `@rulebook/prompt` (tokens counted with o200k), on stdout with control
 * sequences neutralised on a terminal, or `{ text, tokens, included, omitted }` with `--json`.
 */
export async function runPrompt(session: Session, options: PromptOptions, io: Io): Promise<number> {
  const files = (options.file ?? []).map((file) => resolve(session.cwd, file));
  const maxTokens = options.maxTokens ?? session.maxTokens;
  // The tokenizer takes about half a second to load: only when counts are shown or budgeted.
  const countTokens = maxTokens !== undefined || options.json ? await loadTokenCounter() : undefined;
  const prompt = buildSystemPrompt({
    partition: session.partition,
    root: session.root,
    cwd: session.cwd,
    files,
    ...(session.mode !== undefined && { mode: session.mode }),
    ...(maxTokens !== undefined && { maxTokens }),
    ...(countTokens && { countTokens }),
  });
  if (options.json) {
    const report: PromptReport = {
      text: prompt.text,
      tokens: prompt.tokens,
      included: prompt.included.map(({ name, section, scope, tokens }) => ({ name, section, ...(scope !== undefined && { scope }), tokens })),
      omitted: prompt.omitted.map(({ name, address, scope, tokens }) => ({ name, address, ...(scope !== undefined && { scope }), tokens })),
    };
    io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return 0;
  }
  writeProblemCount(io.stderr, session.diagnostics);
  for (const file of files) {
    if (toProjectPath(file, session.root) === undefined) {
      io.stderr.write(`rulebook: --file ${printable(file)} is outside the project root; no rule matches it\n`);
    }
  }
  if (prompt.omitted.length > 0) {
    const names = prompt.omitted.map((o) => printable(o.name)).join(", ");
    io.stderr.write(
      `rulebook: ${prompt.omitted.length} always-apply rule${prompt.omitted.length === 1 ? "" : "s"} left out to fit ${maxTokens} tokens: ${names}\n`,
    );
  }
  if (prompt.text === "") io.stderr.write("rulebook: no always-apply, rulebook or attached rule: the prompt is empty\n");
  else io.stdout.write(terminalText(`${prompt.text}\n`, io.stdout));
  return 0;
}
