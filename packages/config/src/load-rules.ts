import {
  type Diagnostic,
  type LoadResult,
  type Rule,
  type RulePartition,
  type TriggerChecker,
  createDiagnostic,
  partitionRules,
} from "@rulebook/core";
import type { LoadedProject } from "./load-project.js";
import type { LoadedConfig, SkippedItem } from "./project-config.js";
import type { TrustDecision } from "./trust.js";

/** Where and how {@link loadRules} reads: the folders, the agent mode and the trigger check. */
export interface LoadRulesOptions {
  cwd: string;
  home: string;
  /** The project root, absolute. */
  root: string;
  /** The agent mode asked for; else the configuration's `mode`. */
  mode?: string;
  /**
   * The stream-trigger check (`@rulebook/ttsr`'s engine), asked for only when some rule has a
   * condition, so a caller can load the engine then. Without it no rule is a stream trigger.
   */
  triggerCheck?: () => TriggerChecker | Promise<TriggerChecker>;
  /** Collect the project's walked file list (`LoadResult.projectFiles`, for dead-glob lint). */
  listProjectFiles?: boolean;
}

/** One load of a project's rules, partitioned, as every reader of the rules sees them. */
export interface LoadedRules {
  /** The agent mode the rules were partitioned for (the option, else the configuration's). */
  mode?: string;
  /** The configuration's `maxTokens`, when it gives one. */
  maxTokens?: number;
  load: LoadResult;
  partition: RulePartition;
  /** The project's (configuration, trust, providers), then the load's, the partition's and the mode's. */
  diagnostics: Diagnostic[];
}

/**
 * What every reader of a project's rules holds after a load (the CLI's session, `@rulebook/ai-sdk`'s):
 * the configuration and the trust decision behind the load, and the rules.
 */
export interface ProjectRules extends LoadedRules {
  /** The configuration in effect, when there is one (an untrusted project's JavaScript configuration never is). */
  config?: LoadedConfig;
  /** Whether the project is trusted, and why. */
  trust: TrustDecision;
  /** What an untrusted project asked for and did not get (its code was not run). */
  skipped: SkippedItem[];
}

/**
 * Loads and partitions a project's rules as the `rulebook` CLI does, from
 * `loadProject(root, …)`: the user's protected rules from their own trust list (never from the
 * project), imports followed only when the project is trusted, the mode from the option or the
 * configuration, inactive rules' reasons naming their files' problems, and a `mode-unknown`
 * warning for a mode no rule declares (docs/behaviour.md#trust, #modes).
 */
export async function loadRules(project: LoadedProject, options: LoadRulesOptions): Promise<LoadedRules> {
  const protectedRules = project.trust.list.protectedRules;
  const load = await project.host.registry.load({
    cwd: options.cwd,
    home: options.home,
    root: options.root,
    trusted: project.trust.trusted,
    ...(protectedRules.length > 0 && { protectedRules }),
    ...(options.listProjectFiles && { listProjectFiles: true }),
  });
  const checkTrigger = options.triggerCheck && load.rules.some((rule) => rule.condition) ? await options.triggerCheck() : undefined;
  const mode = options.mode ?? project.config?.config.mode;
  const maxTokens = project.config?.config.maxTokens;
  const partition = partitionRules(load.rules, {
    ...(checkTrigger && { checkTrigger }),
    ...(mode !== undefined && { mode }),
    fileDiagnostics: load.diagnostics,
  });
  return {
    ...(mode !== undefined && { mode }),
    ...(maxTokens !== undefined && { maxTokens }),
    load,
    partition,
    diagnostics: [...project.diagnostics, ...load.diagnostics, ...partition.diagnostics, ...modeDiagnostics(mode, load.rules)],
  };
}

/** A mode no rule declares (`--mode achitect`) changes nothing: say so, naming the modes there are. */
function modeDiagnostics(mode: string | undefined, rules: readonly Rule[]): Diagnostic[] {
  if (mode === undefined) return [];
  const declared = [...new Set(rules.flatMap((rule) => rule.modes ?? []))].sort();
  if (declared.includes(mode)) return [];
  const known = declared.length > 0 ? `the modes rules declare are ${declared.join(", ")}` : "no rule is limited to a mode";
  return [createDiagnostic("mode-unknown", `no rule declares mode "${mode}" (${known}); only rules for every mode apply`)];
}
