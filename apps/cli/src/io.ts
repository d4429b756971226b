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

/** Which of the process's output streams {@link processIo} has made (written to or asked about). */
export const madeOutputs = { stdout: false, stderr: false };

/**
 * The process's real streams, working folder and home. Each of Node's `process.stdout`,
 * `process.stderr` and `process.stdin` is made on first use, and making one loads the code of
 * its kind of stream (a pipe or a terminal loads Node's network module, a few milliseconds):
 * they are touched only when a command writes to, or asks about, that stream.
 */
export function processIo(home: () => string): Io {
  const output = (name: "stdout" | "stderr"): Output => {
    const stream = () => {
      madeOutputs[name] = true;
      return process[name];
    };
    let color: Colors | undefined;
    return {
      write: (text) => {
        stream().write(text);
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
