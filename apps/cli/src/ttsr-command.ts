import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { errorText } from "@rulebook/core/text";
import { CliError } from "./cli-error.js";
import { countLine, isSetupWarning, printable, writeDiagnostics, writeProblemCount } from "./display.js";
import type { Io } from "./runtime/io.js";
import type { Session } from "./session.js";
import { type StreamReplay, replayStream } from "./stream-replay.js";
import { terminalText } from "./runtime/terminal-text.js";

/** Options of `rulebook ttsr`. */
export interface TtsrOptions {
  /** Recorded stream, relative to the folder the app runs in; standard input when absent or `-`. */
  input?: string;
  /** Delta size in characters. */
  chunk: number;
  /** Print `{ "firings": [...] }` instead of JSON lines and the narration. */
  json?: boolean;
}

/**
 * Runs `rulebook ttsr`: replays a recorded model stream through the ttsr rules, prints one
 * JSON line per firing, then what the agent would do at the first one (control sequences
 * from rules and stream neutralised on a terminal); `--json` prints `{ "firings": [...] }`.
 */
export async function runTtsr(session: Session, options: TtsrOptions, io: Io): Promise<number> {
  let text: string;
  try {
    if (options.input === undefined || options.input === "-") {
      if (io.stdinIsTerminal) io.stderr.write("rulebook: reading the stream from standard input (end it with Ctrl-D)\n");
      text = await io.readStdin();
    } else {
      text = await readFile(resolve(io.cwd, options.input), "utf8");
    }
  } catch (error) {
    throw new CliError("bad-input", `cannot read the stream: ${errorText(error)}`);
  }
  const replay = replayStream(session.partition.ttsr, text, options.chunk, session.triggers);
  const firings = replay.firings.map((f) => ({ rule: f.rule.name, offset: f.offset, match: f.match }));
  if (options.json) {
    io.stdout.write(`${JSON.stringify({ firings }, null, 2)}\n`);
    return 0;
  }
  // What bears on the replay: the problems of the files with triggers (a refused pattern is
  // one the stream is not watched for), then what the replay found, each once.
  const triggerFiles = new Set(session.partition.all.filter((e) => e.rule.condition).map((e) => e.rule.path));
  const shown = session.diagnostics.filter((d) => d.path !== undefined && triggerFiles.has(d.path));
  writeDiagnostics(io.stderr, [...shown, ...replay.diagnostics], session);
  const elsewhere = session.diagnostics.filter((d) => !shown.includes(d) && !isSetupWarning(d));
  if (shown.length === 0) writeProblemCount(io.stderr, elsewhere);
  else if (elsewhere.length > 0) io.stderr.write(`rulebook: other rule files have ${countLine(elsewhere)}; \`rulebook lint\` lists them\n`);
  for (const firing of firings) io.stdout.write(`${JSON.stringify(firing)}\n`);
  io.stdout.write(terminalText(`\n${narrate(replay, text.length, io)}\n`, io.stdout));
  return 0;
}

function narrate(replay: StreamReplay, length: number, io: Io): string {
  const c = io.stdout.color;
  if (replay.watched.length === 0) return "No ttsr rule to watch the stream with: it goes through untouched.";
  const names = replay.watched.map((r) => printable(r.name)).join(", ");
  const { interruption } = replay;
  if (!interruption) return `No stream trigger fired in ${length} characters (watched: ${names}); the answer goes through untouched.`;
  const which = interruption.firings.map((f) => `${printable(f.rule.name)} (${JSON.stringify(f.match)} at ${f.offset})`).join(", ");
  return [
    c.bold(`The agent stops the stream after ${interruption.streamed} of ${length} characters: ${which} fired.`),
    `It rewinds to offset ${interruption.cut}, keeps the output before it, injects the reminder${interruption.reminders.length === 1 ? "" : "s"} below and lets the model try again.`,
    "",
    c.dim(`--- kept output (${interruption.cut} characters) ---`),
    interruption.kept,
    c.dim("--- injected ---"),
    interruption.reminders.join("\n\n"),
  ].join("\n");
}
