import { writeSync } from "node:fs";
import { createColors, shouldUseColor, type Colors } from "./ansi.js";

/** One output stream of the app, with the colours it may use. */
export interface Output {
  write(text: string): void;
  color: Colors;
  /** True when the stream is a terminal: text from rule files is then neutralised (docs/behaviour.md#safety). */
  isTTY: boolean;
}

/** What commands read from and write to; tests and hosts can pass their own. */
export interface Io {
  stdout: Output;
  stderr: Output;
  /** The folder relative `--cwd`, `--home` and `--input` paths are resolved against. */
  cwd: string;
  /** The default of `--home`. */
  home: string;
  /** The environment the app reads (`RULEBOOK_TRUST`, `XDG_CONFIG_HOME`); absent means an empty one. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Reads standard input to the end. */
  readStdin(): Promise<string>;
  /** True when standard input is a terminal (nothing piped in). */
  stdinIsTerminal: boolean;
}

/**
 * How the process's outputs went: which of Node's streams {@link processIo} made (for a write
 * that had to wait, or to ask whether the output is a terminal), and whether writing stdout failed.
 */
export const outputState = { made: { stdout: false, stderr: false }, failed: false };

let failedNow: () => void = () => undefined;
/** Settles when writing the process's stdout fails (its reader went away, the disk is full). */
export const stdoutFailure = new Promise<void>((resolve) => {
  failedNow = resolve;
});

// Text is written straight to the descriptor where that is safe: Windows consoles want Node's
// conversion to UTF-16.
const direct = process.platform !== "win32";

/**
 * The process's real streams, working folder and home. Output goes straight to file
 * descriptors 1 and 2 (`writeSync`, the whole text before the call returns): Node's
 * `process.stdout` and `process.stderr` are made on first use, and making one loads the code of
 * its kind of stream (a pipe or a terminal loads Node's network module, 3-6 ms of every run), so
 * one is made only to ask whether it is a terminal, or when a descriptor will not take more
 * without waiting (a non-blocking pipe another process shares): that write and every later one
 * then go through the stream, in order.
 */
export function processIo(home: () => string): Io {
  const output = (name: "stdout" | "stderr"): Output => {
    const stream = () => processStream(name);
    const failed = name === "stdout" ? stdoutFailed : () => undefined; // a failed stderr has nowhere to be reported
    const write = direct ? descriptorWriter(name === "stdout" ? 1 : 2, writeSync, stream, failed) : (text: string) => stream().write(text);
    let color: Colors | undefined;
    return {
      write: (text) => {
        if (name !== "stdout" || !outputState.failed) write(text);
      },
      get color() {
        color ??= createColors(shouldUseColor(stream(), process.env));
        return color;
      },
      get isTTY() {
        return stream().isTTY === true;
      },
    };
  };
  return {
    stdout: output("stdout"),
    stderr: output("stderr"),
    cwd: process.cwd(),
    get home() {
      return home();
    },
    env: process.env,
    get stdinIsTerminal() {
      return process.stdin.isTTY === true;
    },
    readStdin: async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString("utf8");
    },
  };
}

/**
 * How many UTF-16 units of a text are encoded at a time, into one buffer the writer reuses: a long
 * output (5 MB of `inspect --json` on 10,000 rule files) is not copied whole into new memory first.
 */
const CHUNK = 64 * 1024;

/**
 * Writes each text whole to descriptor `fd` before returning; when the descriptor would block
 * (`EAGAIN`: a non-blocking pipe that is full), the rest of that text and every later one go to
 * `stream()`, in order. Any other failure goes to `failed`, and the text is dropped.
 */
export function descriptorWriter(
  fd: number,
  write: (fd: number, data: Uint8Array, offset: number) => number,
  stream: () => { write(data: Uint8Array | string): unknown },
  failed: (error: NodeJS.ErrnoException) => void,
): (text: string) => void {
  let queued = false;
  let buffer: Buffer | undefined;
  return (text) => {
    if (queued) {
      stream().write(text);
      return;
    }
    for (let start = 0; start < text.length; ) {
      let end = Math.min(text.length, start + CHUNK);
      // A surrogate pair is one character: its halves are never encoded apart.
      if (end < text.length && (text.charCodeAt(end - 1) & 0xfc00) === 0xd800) end--;
      // At most 3 bytes per UTF-16 unit (4 for a pair of them): a piece always fits.
      buffer ??= Buffer.allocUnsafeSlow(3 * CHUNK);
      const data = buffer.subarray(0, buffer.write(start === 0 && end === text.length ? text : text.slice(start, end), "utf8"));
      let at = 0;
      try {
        while (at < data.length) at += write(fd, data, at);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EAGAIN") failed(error as NodeJS.ErrnoException);
        else {
          queued = true;
          // A copy: the stream writes it later, and owns what it writes.
          stream().write(Buffer.from(data.subarray(at)));
          if (end < text.length) stream().write(text.slice(end));
        }
        return;
      }
      start = end;
    }
  };
}

/**
 * Node's `process.stdout` or `process.stderr`, for code that writes to the stream itself (the
 * MCP server, `watch`): noted as made, so the process waits for it before it exits, with the
 * handler of a failed write on stdout.
 */
export function processStream(name: "stdout" | "stderr"): NodeJS.WriteStream {
  if (!outputState.made[name]) {
    outputState.made[name] = true;
    if (name === "stdout") process.stdout.on("error", stdoutFailed);
  }
  return process[name];
}

/**
 * `rulebook prompt | head` closes the pipe early: nothing more to say, nor to write. A full disk
 * or `> /dev/full` is worth one line, never a stack trace, and exit code 1.
 */
function stdoutFailed(error: NodeJS.ErrnoException): void {
  if (outputState.failed) return;
  outputState.failed = true;
  failedNow();
  if (error.code === "EPIPE") return;
  processStream("stderr").write(`rulebook: cannot write the output: ${error.code ?? error.message}\n`);
  process.exitCode = 1;
}
