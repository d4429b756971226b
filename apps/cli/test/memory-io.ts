import { createColors } from "../src/runtime/ansi.js";
import type { Io } from "../src/runtime/io.js";
import { run } from "../src/program.js";

/** What an in-process run of the app wrote, and its exit code. */
export interface MemoryResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs the app in this process with streams held in memory; `isTTY` says whether stdout
 * and stderr pretend to be a terminal (colours stay off either way).
 */
export async function runInProcess(
  args: readonly string[],
  options: { cwd?: string; home?: string; isTTY?: boolean; stdin?: string } = {},
): Promise<MemoryResult> {
  let stdout = "";
  let stderr = "";
  const isTTY = options.isTTY ?? false;
  const io: Io = {
    stdout: {
      write: (text) => {
        stdout += text;
      },
      color: createColors(false),
      isTTY,
    },
    stderr: {
      write: (text) => {
        stderr += text;
      },
      color: createColors(false),
      isTTY,
    },
    cwd: options.cwd ?? process.cwd(),
    home: options.home ?? "/nonexistent-home",
    stdinIsTerminal: false,
    readStdin: async () => options.stdin ?? "",
  };
  const code = await run(args, io);
  return { code, stdout, stderr };
}
