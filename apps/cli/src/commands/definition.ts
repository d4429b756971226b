import { type Command, Option } from "commander";
import type { Io } from "../runtime/io.js";
import type { CommonOptions, Locations, Session } from "../session.js";

/** How a command loads the project: whether it prints every diagnostic itself, and whether it needs the project's file list. */
export interface SessionNeeds {
  /** The command prints every diagnostic (inspect, lint): no separate line about what an untrusted project did not get. */
  listsDiagnostics?: boolean;
  /** The load also lists every file of the project (lint's dead globs). */
  listProjectFiles?: boolean;
}

/** What a command runs with: the process's input and output, and the project, loaded on demand. */
export interface CommandContext {
  io: Io;
  /** The options every command takes (`--cwd`, `--root`, `--home`, `--mode`, `--trust`). */
  common: CommonOptions;
  /** The folders the command works on. */
  locations(): Promise<Locations>;
  /** The loaded project. */
  session(needs?: SessionNeeds): Promise<Session>;
}

/**
 * One `rulebook` command (docs/architecture.md, "Where a change goes"): its name, help, arguments
 * and options, and what it runs. The program registers every command of `table.ts`; a command's
 * work is imported when it runs, so `--help` and the other commands never load it.
 */
export interface CommandDefinition<Options = Record<string, unknown>> {
  name: string;
  description: string;
  /** Adds the command's arguments, options and checks to its commander command. */
  define?(command: Command): void;
  /** Runs the command with its positional arguments and options; resolves to the exit code. */
  run(context: CommandContext, args: string[], options: Options): Promise<number> | number;
}

/** A command whose options parse to `Options` (what its `define` declares), as the table holds it. */
export function defineCommand<Options>(definition: CommandDefinition<Options>): CommandDefinition {
  return definition as unknown as CommandDefinition;
}

/** The `--json` option, with what it prints. */
export function jsonOption(what: string): Option {
  return new Option("--json", what);
}
