import { homedir } from "node:os";
import { outputState, processIo } from "./runtime/io.js";
import { run } from "./program.js";

run(process.argv.slice(2), processIo(homedir)).then(
  (code) => {
    // A failed write of the output already set exit code 1 (a closed pipe sets nothing).
    process.exitCode = outputState.failed && process.exitCode === 1 ? 1 : code;
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
  // stderr is flushed only if it was made (making it now would cost more than the wait saved);
  // the bin's cache report writes to it.
  const exit = () => {
    if (outputState.made.stderr || process.env.RULEBOOK_CODE_CACHE !== undefined) process.stderr.write("", () => process.exit());
    else process.exit();
  };
  // Output written straight to the descriptor has left already; through the stream, once its
  // callback comes. A failed write's error is emitted on a later tick: its handler sets the
  // exit code and writes its line first.
  if (!outputState.made.stdout) exit();
  else process.stdout.write("", () => setImmediate(exit));
}
