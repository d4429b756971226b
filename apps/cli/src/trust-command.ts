import { findProjectRoot } from "@rulebook/core";
import { nodeFs } from "@rulebook/core";
import { readTrustList, trustListPath, trustProject, untrustProject } from "@rulebook/config";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { CliError } from "./cli-error.js";
import { asCliError } from "./config.js";
import { printable } from "./display.js";
import type { Io } from "./runtime/io.js";
import type { Locations } from "./session.js";

/** Options of `rulebook trust` / `rulebook untrust`. */
export interface TrustCommandOptions {
  /** Print the list instead of changing it. */
  list?: boolean;
  json?: boolean;
}

/**
 * Runs `rulebook trust [path]` (or `untrust`): adds the real path of the project root found
 * from `path` (default: the current project's root) to the user's trust list, or removes it;
 * with `--list`, prints the list (docs/behaviour.md#trust).
 */
export async function runTrust(
  action: "trust" | "untrust",
  path: string | undefined,
  locations: Locations,
  options: TrustCommandOptions,
  io: Io,
): Promise<number> {
  const file = trustListPath(locations.trustInput);
  if (options.list) return listTrusted(file, options, io);
  const root = path === undefined ? locations.root : await rootOf(resolve(locations.cwd, path), locations, action);
  const result = await asCliError(() => (action === "trust" ? trustProject(root, file) : untrustProject(root, file)));
  if (options.json) {
    io.stdout.write(`${JSON.stringify({ action, path: result.path, changed: result.changed, list: file }, null, 2)}\n`);
    return 0;
  }
  const where = printable(result.path);
  const text =
    action === "trust"
      ? result.changed
        ? `trusted ${where}: its JavaScript configuration and providers will run (list: ${printable(file)})`
        : `${where} was already trusted (list: ${printable(file)})`
      : result.changed
        ? `no longer trusted: ${where} (list: ${printable(file)})`
        : `${where} was not in the trust list (${printable(file)})`;
  io.stdout.write(`${text}\n`);
  return 0;
}

/** The project root a path given to `trust` stands for, as `rulebook --cwd <path>` would find it. */
async function rootOf(folder: string, locations: Locations, action: "trust" | "untrust"): Promise<string> {
  if (!existsSync(folder)) {
    // A project that was deleted or moved can still be taken off the list, by the path it had.
    if (action === "untrust") return folder;
    throw new CliError("trust", `${folder}: no such folder`);
  }
  return findProjectRoot({ cwd: folder, home: locations.home, fs: nodeFs });
}

async function listTrusted(file: string, options: TrustCommandOptions, io: Io): Promise<number> {
  const { list, problem } = await readTrustList(file);
  if (problem !== undefined) throw new CliError("trust", problem);
  if (options.json) {
    io.stdout.write(`${JSON.stringify({ list: file, trusted: list.trusted, protectedRules: list.protectedRules }, null, 2)}\n`);
  } else if (list.trusted.length === 0) {
    io.stdout.write(`no project is trusted (list: ${printable(file)})\n`);
  } else {
    io.stdout.write(`${list.trusted.map((p) => `${printable(p)}\n`).join("")}`);
  }
  return 0;
}
