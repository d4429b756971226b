import { Command, CommanderError, InvalidArgumentError, Option } from "commander";
import packageJson from "../package.json" with { type: "json" };
import { runExplain } from "./explain.js";
import { runInspect } from "./inspect.js";
import type { Io } from "./io.js";
import { runLint } from "./lint-command.js";
import { runPrompt } from "./prompt-command.js";
import { runRead } from "./read-command.js";
import { LocationError, type Session, loadSession, resolveLocations } from "./session.js";

/** Characters per streamed delta in `rulebook ttsr` (SPEC §12). */
const DEFAULT_CHUNK = 64;

/** Exit codes: success, a failure the user caused, bad usage. */
export const EXIT = { ok: 0, failure: 1, usage: 2 } as const;

/**
 * Parses `argv` (without `node` and the script) and runs the command; resolves to the exit
 * code. Usage errors print a usage message to stderr and give 2.
 */
export async function run(argv: readonly string[], io: Io): Promise<number> {
  let code: number = EXIT.ok;
  const program = createProgram(io, (result) => {
    code = result;
  });
  try {
    await program.parseAsync(argv, { from: "user" });
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    if (error instanceof LocationError) {
      io.stderr.write(`rulebook: ${error.message}\n`);
      return EXIT.failure;
    }
    throw error;
  }
  return code;
}

function createProgram(io: Io, done: (code: number) => void): Command {
  const program = new Command("rulebook")
    .description("See what a coding agent sees: the rules of a repository, its system prompt, rule:// lookups and stream triggers.")
    .version(packageJson.version, "-V, --version")
    .option("--cwd <dir>", "project folder (default: the current folder)")
    .option("--home <dir>", "home folder for user-level rules (default: your home folder)")
    .exitOverride()
    .showHelpAfterError()
    .configureHelp({ showGlobalOptions: true })
    .configureOutput({ writeOut: (text) => io.stdout.write(text), writeErr: (text) => io.stderr.write(text) })
    .addHelpText("after", "\nExit codes: 0 success, 1 a failure you caused (unknown rule, lint errors), 2 bad usage.");

  // `--cwd`/`--home` belong to the program, which recognises them before or after the command.
  const session = async (command: Command): Promise<Session> =>
    loadSession(resolveLocations(command.optsWithGlobals<{ cwd?: string; home?: string }>(), io.cwd, io.home));

  program
    .command("inspect")
    .description("list the rules found, by category, with shadowed rules and diagnostics")
    .option("--json", "print the machine-readable report")
    .action(async (options: { json?: boolean }, command: Command) => done(runInspect(await session(command), options, io)));

  program
    .command("prompt")
    .description("print the rules part of the system prompt")
    .option("--file <path>", "a file in play (relative to --cwd); repeatable", (value: string, previous?: string[]) => [...(previous ?? []), value])
    .action(async (options: { file?: string[] }, command: Command) => done(runPrompt(await session(command), options, io)));

  program
    .command("read")
    .description("print the content of a rule, as the model reads it")
    .argument("<url>", "rule://NAME", parseRuleUrl)
    .action(async (url: string, _options: unknown, command: Command) => done(runRead(await session(command), url, io)));

  program
    .command("lint")
    .description("print every diagnostic; exit 1 when one is an error")
    .option("--json", 'print { "diagnostics": [...] }')
    .action(async (options: { json?: boolean }, command: Command) => done(runLint(await session(command), options, io)));

  program
    .command("explain")
    .description("explain which rules apply to a file (relative to --cwd), or everything about one rule")
    .argument("<target>", "PATH or rule://NAME")
    .option("--json", "print the machine-readable explanation")
    .action(async (target: string, options: { json?: boolean }, command: Command) =>
      done(runExplain(await session(command), target, options, io)),
    );

  program
    .command("ttsr")
    .description("replay a recorded model stream through the stream-trigger rules")
    .option("--input <file>", "the recorded stream, relative to the current folder (default or -: standard input)")
    .addOption(new Option("--chunk <n>", "characters per streamed delta").default(DEFAULT_CHUNK).argParser(parseChunk))
    .action(async (options: { input?: string; chunk: number }, command: Command) => {
      // The stream-trigger engine (and its regex engine) loads only for this command.
      const { runTtsr } = await import("./ttsr-command.js");
      done(await runTtsr(await session(command), options, io));
    });

  return program;
}

function parseRuleUrl(value: string): string {
  if (!value.startsWith("rule://")) throw new InvalidArgumentError("expected rule://NAME.");
  return value;
}

function parseChunk(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < 1) {
    throw new InvalidArgumentError("expected a whole number of characters, 1 or more.");
  }
  return n;
}
