import { RuleUrlError, resolveRuleUrl } from "@rulebook/core";
import { printable, writeDiagnostics } from "./display.js";
import type { Io } from "./io.js";
import type { Session } from "./session.js";

/**
 * Runs `rulebook read rule://NAME`: the rule's raw content on stdout, or the resolver's
 * error on stderr and exit code 1.
 */
export function runRead(session: Session, url: string, io: Io): number {
  writeDiagnostics(io.stderr, session.diagnostics);
  try {
    const { content } = resolveRuleUrl(url, session.partition);
    io.stdout.write(content.endsWith("\n") ? content : `${content}\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof RuleUrlError)) throw error;
    io.stderr.write(`rulebook: ${printable(error.message)}\n`);
    return 1;
  }
}
