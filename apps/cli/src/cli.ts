import { homedir } from "node:os";
import { processIo } from "./io.js";
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
  },
  (error: unknown) => {
    process.stderr.write(`rulebook: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);
