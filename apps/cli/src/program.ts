import { Command, CommanderError } from "commander";
import packageJson from "../package.json" with { type: "json" };
import { CliError, EXIT } from "./cli-error.js";
import type { CommandContext, SessionNeeds } from "./commands/definition.js";
import { COMMANDS } from "./commands/table.js";
import { printable } from "./display.js";
import type { Io } from "./runtime/io.js";
import type { CommonOptions, Locations, Session } from "./session.js";

export { EXIT } from "./cli-error.js";

/**
 * Parses `argv` (without `node` and the script) and runs the command; resolves to the exit
 * code. Usage errors give 2, failures the user caused 1; with `--json` either is printed
 * on stdout as `{"error": {"code", "message"}}`, otherwise as one line on stderr.
 */
export async function run(argv: readonly string[], io: Io): Promise<number> {
  const json = wantsJson(argv);
  let code: number = EXIT.ok;
  let usage = "";
  const program = createProgram(
    io,
    json,
    (text) => {
      usage += text;
    },
    (result) => {
      code = result;
    },
  );
  try {
    await program.parseAsync(argv, { from: "user" });
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.exitCode === 0) return EXIT.ok;
      if (json) writeJsonError(io, "usage", error.message.replace(/^error: /, ""));
      else io.stderr.write(usage);
      return EXIT.usage;
    }
    if (!(error instanceof CliError)) throw error;
    if (json) writeJsonError(io, error.code, error.message);
    else io.stderr.write(`rulebook: ${printable(error.message)}\n`);
    return error.exitCode;
  }
  return code;
}

function wantsJson(argv: readonly string[]): boolean {
  const end = argv.indexOf("--");
  return (end === -1 ? argv : argv.slice(0, end)).includes("--json");
}

function writeJsonError(io: Io, code: string, message: string): void {
  io.stdout.write(`${JSON.stringify({ error: { code, message: message.trim() } }, null, 2)}\n`);
}

function createProgram(io: Io, json: boolean, writeUsage: (text: string) => void, done: (code: number) => void): Command {
  const program = new Command("rulebook")
    .description("See what a coding agent sees: the rules of a repository, its system prompt, rule:// lookups and stream triggers.")
    .version(packageJson.version, "-V, --version")
    .option("--cwd <dir>", "the folder the agent works in (default: the current folder)")
    .option("--root <dir>", "the project root (default: the nearest folder with .git at or above --cwd, else --cwd)")
    .option("--home <dir>", "home folder for user-level rules (default: your home folder)")
    .option("--mode <name>", "the agent mode rules are selected for (default: the configuration's mode)")
    .option("--trust", "trust the project for this run: load its JavaScript configuration and its own providers (see `rulebook trust`)")
    .exitOverride()
    .showHelpAfterError(!json)
    .configureHelp({ showGlobalOptions: true })
    .configureOutput({ writeOut: (text) => io.stdout.write(text), writeErr: writeUsage })
    .addHelpText("after", "\nExit codes: 0 success, 1 a failure you caused (unknown rule, lint errors, bad configuration), 2 bad usage.");

  // The common options belong to the program, which recognises them before or after the command.
  // The core loads with the first command that needs a project: `--help` and `--version` never do.
  for (const definition of COMMANDS) {
    const command = program.command(definition.name).description(definition.description);
    definition.define?.(command);
    command.action(async (...parts: unknown[]) => {
      // commander passes the positional arguments, then the options, then the command itself.
      const self = parts.at(-1) as Command;
      const options = parts.at(-2) as Record<string, unknown>;
      const args = parts.slice(0, -2).map((arg) => arg as string);
      done(await definition.run(commandContext(self, io), args, options));
    });
  }
  return program;
}

/** What a command runs with: the common options as this command saw them, and the project loaded on demand. */
function commandContext(command: Command, io: Io): CommandContext {
  const common = command.optsWithGlobals<CommonOptions>();
  const locations = async (): Promise<Locations> => {
    const { resolveLocations } = await import("./session.js");
    return resolveLocations(common, io.cwd, io.home, io.env);
  };
  // Commands that do not list every diagnostic still say what an untrusted project did not get.
  const session = async ({ listsDiagnostics = false, listProjectFiles = false }: SessionNeeds = {}): Promise<Session> => {
    const { loadSession, writeSetupWarnings } = await import("./session.js");
    const loaded = await loadSession(await locations(), { ...(common.mode !== undefined && { mode: common.mode }), listProjectFiles });
    if (!listsDiagnostics) writeSetupWarnings(loaded, io.stderr);
    return loaded;
  };
  return { io, common, locations, session };
}
