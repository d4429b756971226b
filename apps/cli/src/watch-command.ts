import type { Diagnostic } from "@rulebook/core";
import { errorLine } from "@rulebook/core/text";
import { diagnosticJson, formatDiagnosticGroups, plural, printable } from "./display.js";
import { type Io, stdoutFailure } from "./runtime/io.js";
import { type SessionChange, startLiveSession } from "./mcp/live-session.js";
import { untilStopSignal } from "./mcp/stop-signal.js";
import { type Locations, writeSetupWarnings } from "./session.js";

/** One line of `rulebook watch --json`: what one reload changed. */
export interface WatchEvent {
  added: string[];
  removed: string[];
  changed: string[];
  /** Every diagnostic of the new load. */
  diagnostics: Diagnostic[];
}

/**
 * Runs `rulebook watch`: loads the rules, then prints what changes as rule files and the
 * configuration change (one JSON line per change with `--json`), until SIGINT or SIGTERM,
 * which closes the watchers and gives exit code 0; output that can no longer be written
 * (`rulebook watch | head -3`) stops it too. `stop` replaces both (tests, hosts).
 */
export async function runWatch(locations: Locations, options: { json?: boolean; mode?: string }, io: Io, stop?: Promise<unknown>): Promise<number> {
  const signals = stop ? undefined : untilStopSignal();
  const live = await startLiveSession(locations, {
    ...(options.mode !== undefined && { mode: options.mode }),
    onChange: (change) => io.stdout.write(options.json ? `${JSON.stringify(watchEvent(change))}\n` : describeChange(change, io)),
    onError: (error) => io.stderr.write(`rulebook watch: reloading failed; still watching: ${printable(errorLine(error))}\n`),
  });
  try {
    const session = live.current();
    io.stderr.write(
      `rulebook watch: ${plural(session.partition.all.length, "rule")} in ${printable(session.root)}; watching for changes (Ctrl-C to stop)\n`,
    );
    writeSetupWarnings(session, io.stderr);
    // Until a stop signal, or stdout fails (the reader went away): nobody reads the changes any more.
    await (stop ?? Promise.race([signals?.stopped, stdoutFailure]));
  } finally {
    signals?.dispose();
    await live.close();
  }
  return 0;
}

function watchEvent({ added, removed, changed, diagnostics }: SessionChange): WatchEvent {
  return { added, removed, changed, diagnostics: diagnostics.map(diagnosticJson) };
}

function describeChange(change: SessionChange, io: Io): string {
  const c = io.stdout.color;
  const lines = [c.dim(new Date().toLocaleTimeString())];
  const categories = new Map(change.session.partition.all.map((e) => [e.rule.name, e.category]));
  const row = (mark: string, name: string, category?: string) => `  ${mark} ${c.cyan(printable(name))}${category ? c.dim(`  [${category}]`) : ""}`;
  for (const name of change.added) lines.push(row(c.green("+"), name, categories.get(name)));
  for (const name of change.removed) lines.push(row(c.red("-"), name));
  for (const name of change.changed) lines.push(row(c.yellow("~"), name, categories.get(name)));
  const fresh = newDiagnostics(change);
  if (fresh.length > 0) lines.push(formatDiagnosticGroups(fresh, change.session, c).trimEnd());
  else if (lines.length === 1)
    lines.push(`  ${plural(change.diagnostics.length, "problem")} now (was ${plural(change.previous.diagnostics.length, "problem")})`);
  return `${lines.join("\n")}\n`;
}

/** The diagnostics the previous load did not have: what this change broke. */
function newDiagnostics(change: SessionChange): Diagnostic[] {
  const before = new Set(change.previous.diagnostics.map((d) => JSON.stringify(d)));
  return change.diagnostics.filter((d) => !before.has(JSON.stringify(d)));
}
