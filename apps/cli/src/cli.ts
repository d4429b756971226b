import { homedir } from "node:os";
import { madeOutputs, processIo } from "./io.js";
import { run } from "./program.js";

// `rulebook prompt | head` closes the pipe early: nothing more to say. A full disk or
// `> /dev/full` is worth one line, never a stack trace.
let outputFailed = false;
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (outputFailed) return;
  outputFailed = true;
  if (error.code === "EPIPE") return;
  process.stderr.write(`rulebook: cannot write the output: ${error.code ?? error.message}\n`);
  process.exitCode = 1;
});

run(process.argv.slice(2), processIo(homedir)).then(
  (code) => {
    process.exitCode = outputFailed && process.exitCode === 1 ? 1 : code;
    exitWhenWritten();
  },
  (error: unknown) => {
    process.stderr.write(`rulebook: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);

/**
 * Ends the process once what was written to stdout and stderr has left, rather than when the
 * event loop empties: at a natural exit Node first waits for the JIT compiles V8 still has
 * queued on its worker threads (they are worth nothing now), 4–10 ms at the end of a
 * `lint` or `inspect`. Every command's work is done when `run` resolves (`watch` and `mcp`
 * resolve when they stop). A write's callback comes after the writes before it, also where
 * pipes are asynchronous (macOS); if one never comes, the process ends as before.
 */
function exitWhenWritten(): void {
  process.stdout.write("", () => {
    // A failed write's error is emitted on a later tick: its handler above sets the exit code
    // and writes its line first. stderr is flushed only if it was made (making it now would
    // cost more than the wait saved); the bin's cache report writes to it.
    setImmediate(() => {
      if (madeOutputs.stderr || outputFailed || process.env.RULEBOOK_CODE_CACHE !== undefined) process.stderr.write("", () => process.exit());
      else process.exit();
    });
  });
}
