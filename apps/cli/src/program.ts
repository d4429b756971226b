import { Command, CommanderError, InvalidArgumentError, Option } from "commander";
import packageJson from "../package.json" with { type: "json" };
import { CliError, EXIT } from "./cli-error.js";
import { printable } from "./display.js";
import type { Io } from "./io.js";
import type { LintFormat } from "./lint-formats.js";
import type { CommonOptions, Locations, Session } from "./session.js";

export { EXIT } from "./cli-error.js";

/** Characters per streamed delta in `rulebook ttsr` (docs/behaviour.md#the-command-line-app). */
const DEFAULT_CHUNK = 64;

/**
 * Parses `argv` (without `node` and the script) and runs the command; resolves to the exit
 * code. Usage errors give 2, failures the user caused 1; with `--json` either is printed
 * on stdout as `{"error": {"code", "message"}}`, otherwise as one line on stderr.
 */
export async function run(argv: readonly string[], io: Io): Promise<number> {
  const json = wantsJson(argv);
  let code: number = EXIT.ok;
  let usage = "";
  const program = createProgram(io, json, (text) => {
    usage += text;
  }, (result) => {
    code = result;
  });
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
  const locations = async (options: CommonOptions): Promise<Locations> => {
    const { resolveLocations } = await import("./session.js");
    return resolveLocations(options, io.cwd, io.home, io.env);
  };
  // Commands that do not list every diagnostic still say what an untrusted project did not get.
  const session = async (command: Command, { listsDiagnostics = false, listProjectFiles = false } = {}): Promise<Session> => {
    const options = command.optsWithGlobals<CommonOptions>();
    const { loadSession, writeSkipped } = await import("./session.js");
    const loaded = await loadSession(await locations(options), { ...(options.mode !== undefined && { mode: options.mode }), listProjectFiles });
    if (!listsDiagnostics) writeSkipped(loaded, io.stderr);
    return loaded;
  };
  const jsonOption = (what: string) => new Option("--json", what);

  program
    .command("inspect")
    .description("list the rules found, by category, with shadowed rules, token counts and diagnostics")
    .addOption(jsonOption("print the machine-readable report"))
    .action(async (options: { json?: boolean }, command: Command) => {
      // inspect shows token counts: the counter's table is read while the project loads.
      (await import("./tokens.js")).preloadTokenCounter();
      const { runInspect } = await import("./inspect.js");
      done(await runInspect(await session(command, { listsDiagnostics: true }), options, io));
    });

  program
    .command("providers")
    .description("list the providers that run, where each looks, and how many rules each found")
    .addOption(jsonOption("print the machine-readable list"))
    .action(async (options: { json?: boolean }, command: Command) => {
      const { runProviders } = await import("./providers-command.js");
      done(runProviders(await session(command), options, io));
    });

  program
    .command("prompt")
    .description("print the rules part of the system prompt")
    .option("--file <path>", "a file in play (relative to --cwd); repeatable", (value: string, previous?: string[]) => [...(previous ?? []), value])
    .addOption(new Option("--max-tokens <n>", "token budget: always-apply rules that do not fit are left out, and named (default: the configuration's maxTokens)"))
    .addOption(jsonOption('print { "text", "tokens", "included", "omitted" }'))
    .hook("preAction", checkMaxTokens)
    .action(async (options: { file?: string[]; maxTokens?: number; json?: boolean }, command: Command) => {
      const { runPrompt } = await import("./prompt-command.js");
      done(await runPrompt(await session(command), options, io));
    });

  program
    .command("read")
    .description("print the content of a rule, as the model reads it")
    .argument("<url>", "rule://NAME")
    .hook("preAction", checkRuleUrl)
    .addOption(jsonOption('print { "name", "path", "content", "diagnostics" }'))
    .action(async (url: string, options: { json?: boolean }, command: Command) => {
      const { runRead } = await import("./read-command.js");
      done(runRead(await session(command), url, options, io));
    });

  program
    .command("lint")
    .description("print every diagnostic, grouped by file; exit 1 when one is an error")
    .addOption(jsonOption('print { "diagnostics": [...] } (the same as --format json)'))
    .addOption(
      new Option("--format <format>", "text, json, github (GitHub Actions annotations) or sarif (a SARIF 2.1.0 log for code scanning)").choices(["text", "json", "github", "sarif"]),
    )
    .action(async (options: { json?: boolean; format?: LintFormat }, command: Command) => {
      // Most real projects' always-apply rules pass the size check's byte bound, and lint then
      // counts them: the table is read while the project loads (on a quiet machine 5-11 ms less
      // where it counts, nothing more where it does not).
      (await import("./tokens.js")).preloadTokenCounter();
      const { runLint } = await import("./lint-command.js");
      if (options.json && options.format !== undefined && options.format !== "json") {
        throw new CliError("usage", `--json and --format ${options.format} ask for different outputs; give one`, EXIT.usage);
      }
      const format = options.format ?? (options.json ? "json" : "text");
      done(await runLint(await session(command, { listsDiagnostics: true, listProjectFiles: true }), { format }, io));
    });

  program
    .command("explain")
    .description("explain which rules apply to a file (relative to --cwd), or everything about one rule")
    .argument("<target>", "PATH or rule://NAME")
    .addOption(jsonOption("print the machine-readable explanation"))
    .action(async (target: string, options: { json?: boolean }, command: Command) => {
      const { runExplain } = await import("./explain.js");
      done(runExplain(await session(command), target, options, io));
    });

  program
    .command("ttsr")
    .description("replay a recorded model stream through the stream-trigger rules")
    .option("--input <file>", "the recorded stream, relative to the current folder (default or -: standard input)")
    .addOption(new Option("--chunk <n>", "characters per streamed delta").default(DEFAULT_CHUNK).argParser(parseChunk))
    .addOption(jsonOption('print { "firings": [...] } instead of JSON lines and the narration'))
    .action(async (options: { input?: string; chunk: number; json?: boolean }, command: Command) => {
      // The stream-trigger engine (and its regex engine) loads only for this command.
      const { runTtsr } = await import("./ttsr-command.js");
      done(await runTtsr(await session(command), options, io));
    });

  program
    .command("export")
    .description("write the rules in other tools' formats under the project root; --check for a CI drift check")
    .requiredOption("--to <ids>", "target provider id(s), comma-separated", (value: string) => value.split(",").map((id) => id.trim()))
    .option("--from <id>", "export one provider's rules instead of the rules in effect")
    .option("--dry-run", "print a unified diff of what would change; write nothing")
    .option("--check", "write nothing; exit 1 when a file differs from what export would write, is missing or is stale")
    .option("--force", "take over files export did not write")
    .addOption(jsonOption('print { "mode", "files", "losses" }'))
    .action(async (options: import("./export-command.js").ExportOptions, command: Command) => {
      const { runExport } = await import("./export-command.js");
      done(await runExport(await session(command), options, io));
    });

  program
    .command("watch")
    .description("print what changes in the rules as files change, until Ctrl-C")
    .addOption(jsonOption("print one JSON line per change"))
    .action(async (options: { json?: boolean }, command: Command) => {
      const { runWatch } = await import("./watch-command.js");
      const common = command.optsWithGlobals<CommonOptions>();
      done(await runWatch(await locations(common), { ...options, ...(common.mode !== undefined && { mode: common.mode }) }, io));
    });

  program
    .command("mcp")
    .description("serve the rules to agents over the Model Context Protocol, on standard input and output")
    .action(async (_options: unknown, command: Command) => {
      const { runMcp } = await import("./mcp/mcp-command.js");
      const common = command.optsWithGlobals<CommonOptions>();
      done(await runMcp(() => locations(common), common.mode === undefined ? {} : { mode: common.mode }, io));
    });

  for (const action of ["trust", "untrust"] as const) {
    program
      .command(action)
      .description(
        action === "trust"
          ? "trust a project (default: this one): its JavaScript configuration and its own providers may run"
          : "stop trusting a project (default: this one)",
      )
      .argument("[path]", "a folder of the project (default: the current project)")
      .option("--list", "print the trusted projects instead")
      .addOption(jsonOption("print the result as JSON"))
      .action(async (path: string | undefined, options: { list?: boolean; json?: boolean }, command: Command) => {
        const { runTrust } = await import("./trust-command.js");
        done(await runTrust(action, path, await locations(command.optsWithGlobals<CommonOptions>()), options, io));
      });
  }

  return program;
}

/**
 * Checks `read`'s argument before the command runs, with the core's rule:// parser, imported
 * here rather than at the top so that `--help`, `--version` and the commands that need no core
 * never load it; the message is the one commander gives a failing argument parser.
 */
async function checkRuleUrl(command: Command): Promise<void> {
  const value = command.args[0] ?? "";
  const { parseRuleUrl } = await import("@rulebook/core");
  if (parseRuleUrl(value) !== undefined) return;
  command.error(`error: command-argument value '${value}' is invalid for argument 'url'. expected rule://NAME.`, { code: "commander.invalidArgument" });
}

function parseChunk(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < 1) {
    throw new InvalidArgumentError("expected a whole number of characters, 1 or more.");
  }
  return n;
}

/**
 * Checks `--max-tokens` before the prompt command runs, replacing the text with the number.
 * One rule for every front end: @rulebook/prompt's (the configuration and MCP use it too). It is
 * imported here, not as an argument parser, so that `--help` and the other commands never load it
 * (and the core it brings); the message is the one commander gives a failing argument parser.
 */
async function checkMaxTokens(command: Command): Promise<void> {
  const value: unknown = command.getOptionValue("maxTokens");
  if (typeof value !== "string") return;
  const { validateMaxTokens } = await import("@rulebook/prompt");
  const checked = validateMaxTokens(value);
  if (checked.ok) {
    command.setOptionValue("maxTokens", checked.value);
    return;
  }
  command.error(`error: option '--max-tokens <n>' argument '${value}' is invalid. ${checked.problem}.`, { code: "commander.invalidArgument" });
}
