import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { printable, writeDiagnostics } from "./display.js";
import type { Io } from "./io.js";
import type { Session } from "./session.js";
import { type StreamReplay, replayStream } from "./stream-replay.js";

/** Options of `rulebook ttsr`. */
export interface TtsrOptions {
  /** Recorded stream, relative to the folder the app runs in; standard input when absent or `-`. */
  input?: string;
  /** Delta size in characters. */
  chunk: number;
}

/**
 * Runs `rulebook ttsr`: replays a recorded model stream through the ttsr rules, prints one
 * JSON line per firing, then what the agent would do at the first one.
 */
export async function runTtsr(session: Session, options: TtsrOptions, io: Io): Promise<number> {
  writeDiagnostics(io.stderr, session.diagnostics);
  let text: string;
  try {
    if (options.input === undefined || options.input === "-") {
      if (io.stdinIsTerminal) io.stderr.write("rulebook: reading the stream from standard input (end it with Ctrl-D)\n");
      text = await io.readStdin();
    } else {
      text = await readFile(resolve(io.cwd, options.input), "utf8");
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    io.stderr.write(`rulebook: cannot read the stream: ${printable(reason)}\n`);
    return 1;
  }
  const replay = replayStream(session.partition.ttsr, text, options.chunk);
  // The partition already ran the engine's own check, so its refusals are printed once.
  const known = new Set(session.diagnostics.map((d) => JSON.stringify(d)));
  writeDiagnostics(io.stderr, replay.diagnostics.filter((d) => !known.has(JSON.stringify(d))));
  for (const f of replay.firings) {
    io.stdout.write(`${JSON.stringify({ rule: f.rule.name, offset: f.offset, match: f.match })}\n`);
  }
  io.stdout.write(`\n${narrate(replay, text.length, io)}\n`);
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
