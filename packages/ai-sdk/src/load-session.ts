import { findProjectRoot, nodeFs } from "@rulebook/core";
import { loadProject, loadRules } from "@rulebook/config";
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
  const triggers = createTriggerEngine();
  const rules = await loadRules(project, {
    cwd,
    home,
    root,
    ...(options.mode !== undefined && { mode: options.mode }),
    triggerCheck: () => triggers.check,
  });
  const maxTokens = options.maxTokens ?? rules.maxTokens;
  return {
    cwd,
    home,
    root,
    ...(project.config && { config: project.config }),
    trust: project.trust,
    skipped: project.skipped,
    ...(rules.mode !== undefined && { mode: rules.mode }),
    ...(maxTokens !== undefined && { maxTokens }),
    load: rules.load,
    partition: rules.partition,
    triggers,
    diagnostics: rules.diagnostics,
  };
}
