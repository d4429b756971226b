import { hasErrors } from "@rulebook/core";
import { countLine, diagnosticJson, formatDiagnosticGroups, plural } from "./display.js";
import type { Io } from "./io.js";
import type { Session } from "./session.js";

/**
 * Runs `rulebook lint`: every diagnostic of loading and partitioning on stdout, grouped by
 * file with a count line (or `{ "diagnostics": [...] }` with `--json`); exit code 1 when
 * any is an error.
 */
export function runLint(session: Session, options: { json?: boolean }, io: Io): number {
  const { diagnostics } = session;
  if (options.json) {
    io.stdout.write(`${JSON.stringify({ diagnostics: diagnostics.map(diagnosticJson) }, null, 2)}\n`);
  } else if (diagnostics.length === 0) {
    const files = plural(session.partition.all.length + session.load.shadowed.length, "rule file");
    io.stdout.write(`${files}: ${countLine(diagnostics)}\n`);
  } else {
    io.stdout.write(formatDiagnosticGroups(diagnostics, session, io.stdout.color));
  }
  return hasErrors(diagnostics) ? 1 : 0;
}
