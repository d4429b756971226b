import { RuleUrlError, resolveRuleUrl } from "@rulebook/core";
import { CliError } from "./cli-error.js";
import { diagnosticJson, writeDiagnostics } from "./display.js";
import type { Io } from "./runtime/io.js";
import type { Session } from "./session.js";
import { terminalText } from "./runtime/terminal-text.js";

/**
 * Runs `rulebook read rule://NAME`: the rule's raw content on stdout (control sequences
 * neutralised on a terminal) and the diagnostics of its file only on stderr; with `--json`,
 * `{ name, path, content, diagnostics }`. An unknown name is a {@link CliError}.
 */
export function runRead(session: Session, url: string, options: { json?: boolean }, io: Io): number {
  let resolved: ReturnType<typeof resolveRuleUrl>;
  try {
    resolved = resolveRuleUrl(url, session.partition);
  } catch (error) {
    if (!(error instanceof RuleUrlError)) throw error;
    throw new CliError("unknown-rule", error.message);
  }
  const { rule, content } = resolved;
  const diagnostics = session.diagnostics.filter((d) => d.path === rule.path);
  if (options.json) {
    const report = { name: rule.name, path: rule.path, content, diagnostics: diagnostics.map(diagnosticJson) };
    io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return 0;
  }
  writeDiagnostics(io.stderr, diagnostics, session);
  io.stdout.write(terminalText(content.endsWith("\n") ? content : `${content}\n`, io.stdout));
  return 0;
}
