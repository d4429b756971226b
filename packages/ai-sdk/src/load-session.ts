import { type Diagnostic, type LoadResult, type RulePartition, findProjectRoot, partitionRules } from "@rulebook/core";
import { nodeFs } from "@rulebook/core";
import { type LoadedConfig, type SkippedItem, type TrustDecision, loadProject } from "@rulebook/config";
import { type TriggerEngine, createTriggerEngine } from "@rulebook/ttsr";
import type { ResolvedOptions } from "./options.js";

/** One load of the project's rules, as every call made while it is current sees them. */
export interface RulebookSession {
  cwd: string;
  home: string;
  /** The project root, absolute. */
  root: string;
  /** The configuration in effect, when there is one (an untrusted project's JavaScript configuration never is). */
  config?: LoadedConfig;
  /** Whether the project is trusted, and why. */
  trust: TrustDecision;
  /** What an untrusted project asked for and did not get (its code was not run). */
  skipped: SkippedItem[];
  /** The agent mode (the option, else the configuration's). */
  mode?: string;
  /** The token budget of the rules part (the option, else the configuration's). */
  maxTokens?: number;
  load: LoadResult;
  partition: RulePartition;
  /** The stream-trigger engine that checked this load's triggers; the calls' managers reuse its compilations. */
  triggers: TriggerEngine;
  /** Configuration warnings (what was skipped and how to trust the project), then the load's, then the partition's. */
  diagnostics: Diagnostic[];
}

/**
 * Loads the project as the `rulebook` CLI does: the configuration and its providers through
 * `@rulebook/config` (an untrusted project runs none of its code), the user's protected rules from
 * their own trust list, the rules, and the partition checked by a stream-trigger engine.
 * A broken configuration rejects with `@rulebook/config`'s `ConfigError`, naming the file.
 */
export async function loadSession(options: ResolvedOptions): Promise<RulebookSession> {
  const { cwd, home } = options;
  const root = await findProjectRoot({ cwd, home, fs: nodeFs, ...(options.root !== undefined && { root: options.root }) });
  const project = await loadProject(root, { home, homeGiven: options.homeGiven, env: options.env, trust: options.trust, bundled: options.providers });
  const protectedRules = project.trust.list.protectedRules;
  const load = await project.host.registry.load({ cwd, home, root, ...(protectedRules.length > 0 && { protectedRules }) });
  const triggers = createTriggerEngine();
  const mode = options.mode ?? project.config?.config.mode;
  const maxTokens = options.maxTokens ?? project.config?.config.maxTokens;
  const partition = partitionRules(load.rules, { checkTrigger: triggers.check, ...(mode !== undefined && { mode }) });
  return {
    cwd,
    home,
    root,
    ...(project.config && { config: project.config }),
    trust: project.trust,
    skipped: project.skipped,
    ...(mode !== undefined && { mode }),
    ...(maxTokens !== undefined && { maxTokens }),
    load,
    partition,
    triggers,
    diagnostics: [...project.diagnostics, ...load.diagnostics, ...partition.diagnostics],
  };
}
