import type { Diagnostic } from "@rulebook/core";
import { type LoadedConfig, type ProjectTrustOptions, type SkippedItem, loadProjectConfig } from "./project-config.js";
import { type BundledProvider, type PluginHost, loadProviders } from "./providers.js";
import type { TrustDecision } from "./trust.js";

/** What {@link loadProject} gives: the configuration, the providers it asks for, and what was skipped. */
export interface LoadedProject {
  config?: LoadedConfig;
  host: PluginHost;
  trust: TrustDecision;
  /** Every warning of the configuration and the providers (what was skipped, and how to trust the project). */
  diagnostics: Diagnostic[];
  skipped: SkippedItem[];
}

/**
 * Loads a project's configuration and its providers as the `rulebook` CLI does, in one call:
 * `const { host } = await loadProject(root, { home, bundled })`, then `host.registry.load(...)`.
 * An untrusted project runs none of its own code, and no project's configuration silences the
 * user's own rules: the registry's loads let only the providers it lists read the project
 * (docs/behaviour.md#trust).
 */
export async function loadProject(
  root: string,
  options: ProjectTrustOptions & { bundled: Readonly<Record<string, BundledProvider>> },
): Promise<LoadedProject> {
  const project = await loadProjectConfig(root, options);
  const host = await loadProviders(project.config, {
    root,
    bundled: options.bundled,
    trusted: project.trust.trusted,
    home: options.home,
    ...(options.trustCommand !== undefined && { trustCommand: options.trustCommand }),
  });
  return {
    ...(project.config && { config: project.config }),
    host,
    trust: project.trust,
    diagnostics: [...project.diagnostics, ...host.diagnostics],
    skipped: [...project.skipped, ...host.skipped],
  };
}
