import { statSync } from "node:fs";
import { isAbsolute, relative, resolve } from "node:path";
import { type Diagnostic, findProjectRoot } from "@rulebook/core";
import { nodeFs } from "@rulebook/core";
import type { TriggerEngine } from "@rulebook/ttsr";
import { type ProjectRules, loadRules, shellWord } from "@rulebook/config";
import { CliError } from "./cli-error.js";
import { isSetupWarning, printable, shortPaths } from "./display.js";
import type { Locations } from "./locations.js";
import { type PluginHost, loadProjectProviders } from "./plugins.js";

export type { Locations } from "./locations.js";

/** The options every command takes (docs/behaviour.md#the-command-line-app). */
export interface CommonOptions {
  cwd?: string;
  home?: string;
  root?: string;
  mode?: string;
  /** `--trust`: run the project's own configuration code and providers this once. */
  trust?: boolean;
}

/**
 * A loaded snapshot of the project, all a command needs: where, which providers, what was
 * loaded and how it was partitioned. It does not follow later changes to the files; the MCP
 * server's live session (`mcp/live-session.ts`) replaces it on every reload.
 */
export interface Session extends Locations, ProjectRules {
  host: PluginHost;
  /**
   * The stream-trigger engine that checked this load's triggers, when a rule has one: replays
   * (`ttsr`, MCP `check_stream`) take their managers from it, so each trigger compiles once.
   */
  triggers?: TriggerEngine;
}

/**
 * Resolves `--cwd`, `--home` and `--root` against the folder the app was started in;
 * `--cwd` and `--root` must be existing folders, while a missing home simply holds no rules.
 * With `--root` and no `--cwd`, the agent works in the current folder when it is inside
 * that root, otherwise in the root itself (`rulebook --root ../other inspect` means that project).
 */
export async function resolveLocations(
  options: CommonOptions,
  base: string,
  defaultHome: string,
  env: Readonly<Record<string, string | undefined>> = {},
): Promise<Locations> {
  const home = resolve(base, options.home ?? defaultHome);
  const root = options.root === undefined ? undefined : resolve(base, options.root);
  if (root !== undefined) requireFolder(root, "--root");
  const cwd = resolve(base, options.cwd ?? (root !== undefined && !isInside(base, root) ? root : "."));
  requireFolder(cwd, "--cwd");
  const projectRoot = root ?? (await findProjectRoot({ cwd, home, fs: nodeFs }));
  const trustCommand = trustCommandFor(options, { cwd, home, root: projectRoot });
  const trustInput = { home, homeGiven: options.home !== undefined, env, trust: options.trust === true, trustCommand };
  return { cwd, home, root: projectRoot, trustInput };
}

/**
 * The `rulebook trust` command line that trusts the project this run read, keeping the options
 * the user gave (absolute, so it works from any folder): `--home` decides which trust list is
 * written, `--root` and `--cwd` which project; with neither, the project root is named.
 */
function trustCommandFor(options: CommonOptions, where: { cwd: string; home: string; root: string }): string {
  const words = ["rulebook", "trust"];
  if (options.cwd === undefined && options.root === undefined) words.push(shellWord(where.root));
  if (options.cwd !== undefined) words.push("--cwd", shellWord(where.cwd));
  if (options.root !== undefined) words.push("--root", shellWord(where.root));
  if (options.home !== undefined) words.push("--home", shellWord(where.home));
  return words.join(" ");
}

function isInside(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
}

function requireFolder(path: string, option: string): void {
  let isFolder = false;
  try {
    isFolder = statSync(path).isDirectory();
  } catch {
    // Missing or unreadable: reported below.
  }
  if (!isFolder) throw new CliError("location", `${option} ${path}: no such folder`);
}

/**
 * Reads the project's configuration, loads the providers it lists (an untrusted project's
 * code is skipped, with a warning), loads the rules and partitions them with the
 * stream-trigger engine's own pattern check (each trigger compiled once).
 */
export async function loadSession(locations: Locations, options: { mode?: string; listProjectFiles?: boolean } = {}): Promise<Session> {
  const project = await loadProjectProviders(locations.root, locations.trustInput);
  const { config, host } = project;
  let triggers: TriggerEngine | undefined;
  const rules = await loadRules(project, {
    cwd: locations.cwd,
    home: locations.home,
    root: locations.root,
    ...(options.mode !== undefined && { mode: options.mode }),
    ...(options.listProjectFiles && { listProjectFiles: true }),
    // The engine (a regex compiler) loads only when some rule has a trigger: start-up stays short.
    triggerCheck: async () => {
      triggers = (await import("@rulebook/ttsr")).createTriggerEngine();
      return triggers.check;
    },
  });
  return {
    ...locations,
    ...(config && { config }),
    host,
    trust: project.trust,
    skipped: project.skipped,
    ...(rules.mode !== undefined && { mode: rules.mode }),
    ...(rules.maxTokens !== undefined && { maxTokens: rules.maxTokens }),
    load: rules.load,
    partition: rules.partition,
    ...(triggers && { triggers }),
    diagnostics: rules.diagnostics,
  };
}

/** What an untrusted project asked for and did not get: its `untrusted-*` warnings (docs/behaviour.md#trust). */
export function skipWarnings(session: Session): Diagnostic[] {
  return session.diagnostics.filter((d) => d.code === "untrusted-config-skipped" || d.code === "untrusted-plugin-skipped");
}

/**
 * Writes one `rulebook: warning: …` line per warning about the configuration, trust or the
 * options ({@link isSetupWarning}), each in its own words, for the commands whose output is not
 * the diagnostics: they are not problems of the rule files, which {@link writeProblemCount} counts.
 */
export function writeSetupWarnings(session: Session, output: { write(text: string): void }): void {
  for (const d of session.diagnostics) {
    if (isSetupWarning(d)) output.write(`rulebook: ${d.severity}: ${printable(shortPaths(d.message, session))}\n`);
  }
}
