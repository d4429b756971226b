import { statSync } from "node:fs";
import { resolve } from "node:path";
import {
  type Diagnostic,
  type LoadResult,
  type RulePartition,
  createRegistry,
  partitionRules,
} from "@rulebook/core";
import { clineProvider } from "@rulebook/provider-cline";
import { cursorProvider } from "@rulebook/provider-cursor";
import { nativeProvider } from "@rulebook/provider-native";
import { windsurfProvider } from "@rulebook/provider-windsurf";

/** The two folders every command works on, as absolute paths. */
export interface Locations {
  cwd: string;
  home: string;
}

/** Everything a command needs: where, what was loaded, and how it was partitioned. */
export interface Session extends Locations {
  load: LoadResult;
  partition: RulePartition;
  /** Diagnostics from loading, then from partitioning. */
  diagnostics: Diagnostic[];
}

/** Thrown for a `--cwd` that is not a folder; the app turns it into exit code 1. */
export class LocationError extends Error {
  override name = "LocationError";
}

/**
 * Resolves `--cwd` and `--home` against the folder the app was started in; `--cwd` must
 * be an existing folder, while a missing home simply holds no rules.
 */
export function resolveLocations(options: { cwd?: string; home?: string }, base: string, defaultHome: string): Locations {
  const cwd = resolve(base, options.cwd ?? ".");
  const home = resolve(base, options.home ?? defaultHome);
  let isFolder = false;
  try {
    isFolder = statSync(cwd).isDirectory();
  } catch {
    // Missing or unreadable: reported below.
  }
  if (!isFolder) throw new LocationError(`--cwd ${cwd}: no such folder`);
  return { cwd, home };
}

/**
 * Loads the rules with the app's explicit registry (native, cursor, windsurf, cline) and
 * partitions them with the stream-trigger engine's own pattern check.
 */
export async function loadSession(locations: Locations): Promise<Session> {
  const registry = createRegistry([nativeProvider, cursorProvider, windsurfProvider, clineProvider]);
  const load = await registry.load(locations);
  // The engine (a regex compiler) loads only when some rule has a trigger: start-up stays short.
  const checkTrigger = load.rules.some((rule) => rule.condition)
    ? (await import("@rulebook/ttsr")).createTriggerChecker()
    : undefined;
  const partition = partitionRules(load.rules, checkTrigger && { checkTrigger });
  explainInactive(partition, load.diagnostics);
  return { ...locations, load, partition, diagnostics: [...load.diagnostics, ...partition.diagnostics] };
}

/**
 * An inactive rule's reason also names the problems found in its file (a string
 * `alwaysApply: "true"`, Windsurf's `trigger: manual`…): they are usually why a rule the
 * user expected to apply does not.
 */
function explainInactive(partition: RulePartition, diagnostics: readonly Diagnostic[]): void {
  const byPath = new Map<string, Diagnostic[]>();
  for (const d of diagnostics) {
    if (d.path === undefined) continue;
    const list = byPath.get(d.path);
    if (list) list.push(d);
    else byPath.set(d.path, [d]);
  }
  for (const entry of partition.all) {
    if (entry.category !== "inactive") continue;
    const found = byPath.get(entry.rule.path);
    if (found) entry.reason += `; ${found.map((d) => `${d.code}: ${d.message}`).join("; ")}`;
  }
}
