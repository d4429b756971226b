import { hasErrors } from "@rulebook/core";
import { diagnosticJson, formatDiagnosticLine, plural } from "./display.js";
import type { Io } from "./io.js";
import type { Session } from "./session.js";

/**
 * Runs `rulebook lint`: every diagnostic of loading and partitioning on stdout (one line
 * each, or `{ "diagnostics": [...] }` with `--json`); exit code 1 when any is an error.
 */
export function runLint(session: Session, options: { json?: boolean }, io: Io): number {
  const { diagnostics } = session;
  if (options.json) {
    io.stdout.write(`${JSON.stringify({ diagnostics: diagnostics.map(diagnosticJson) }, null, 2)}\n`);
  } else {
    for (const d of diagnostics) io.stdout.write(`${formatDiagnosticLine(d, io.stdout.color)}\n`);
    const counts = { error: 0, warning: 0, info: 0 };
    for (const d of diagnostics) counts[d.severity]++;
    const rules = plural(session.partition.all.length + session.load.shadowed.length, "rule file");
    const found = diagnostics.length === 0 ? "no problems" : `${plural(counts.error, "error")}, ${plural(counts.warning, "warning")}, ${counts.info} info`;
    io.stderr.write(`${rules} loaded: ${found}\n`);
  }
  return hasErrors(diagnostics) ? 1 : 0;
}
