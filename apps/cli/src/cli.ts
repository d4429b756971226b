import { homedir } from "node:os";
import { processIo } from "./io.js";
import { run } from "./program.js";

// `rulebook prompt | head` closes the pipe early: that is not an error worth a stack trace.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code !== "EPIPE") throw error;
});

run(process.argv.slice(2), processIo(homedir)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`rulebook: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);
