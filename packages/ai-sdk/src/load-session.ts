import { findProjectRoot, nodeFs, partitionRules } from "@rulebook/core";
import { loadProject } from "@rulebook/config";
import { createTriggerEngine } from "@rulebook/ttsr";
import type { ResolvedOptions } from "./options.js";
import type { RulebookSession } from "./session.js";

export type { RulebookSession } from "./session.js";


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
  const partition = partitionRules(load.rules, { checkTrigger: triggers.check, ...(mode !== undefined && { mode }), fileDiagnostics: load.diagnostics });
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
