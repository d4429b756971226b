import { type Provider, defineProvider, loadRuleFolder } from "@rulebook/core";
import { agentsRuleFolders } from "./rule-folders.js";

export { type RuleFolder, agentsRuleFolders, projectLevels } from "./rule-folders.js";

/** Options of {@link createAgentsProvider}; the defaults follow the agents standard. */
export interface AgentsProviderOptions {
  /** Folder names looked for at each level, in precedence order. Default `[".agent", ".agents"]`. */
  folders?: readonly string[];
  /** Rule file extensions, matched case-sensitively. Default `[".md", ".mdc"]`. */
  extensions?: readonly string[];
  /** Default 70: after native rules (100), before Cursor and Windsurf (50). */
  priority?: number;
}

/**
 * Makes a provider for the `.agent/rules` and `.agents/rules` folders: every level from `cwd`
 * up to the repository root (nearest first, `.agent` before `.agents`), then the same folders
 * in `home` as user rules.
 */
export function createAgentsProvider(options: AgentsProviderOptions = {}): Provider {
  const folders = options.folders ?? [".agent", ".agents"];
  const extensions = options.extensions ?? [".md", ".mdc"];
  return defineProvider({
    id: "agents",
    displayName: "Agents",
    priority: options.priority ?? 70,
    async load(context) {
      const targets = await agentsRuleFolders(context, folders);
      const results = await Promise.all(
        targets.map(({ path, level }) =>
          loadRuleFolder(context, path, { extensions, source: { provider: "agents", providerName: "Agents", level } }),
        ),
      );
      return {
        rules: results.flatMap((r) => r.rules),
        diagnostics: results.flatMap((r) => r.diagnostics),
      };
    },
  });
}

/** The agents provider with its default options. */
export const agentsProvider: Provider = createAgentsProvider();
