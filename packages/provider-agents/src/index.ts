import { join, resolve } from "node:path";
import { type Provider, type RuleSourceSpec, defineProvider } from "@rulebook/core/provider";
import { applyTrigger } from "./trigger.js";
import { writeAgentsRules } from "./write.js";

export { applyTrigger } from "./trigger.js";

export { writeAgentsRules } from "./write.js";

/** Options of {@link createAgentsProvider}; the defaults follow the agents standard. */
export interface AgentsProviderOptions {
  /** Folder names looked for, in precedence order. Default `[".agent", ".agents"]`. */
  folders?: readonly string[];
  /** Rule file extensions, matched case-sensitively. Default `[".md", ".mdc"]`. */
  extensions?: readonly string[];
  /** Default 70: after native rules (100), before Cursor and Windsurf (50). */
  priority?: number;
}

/**
 * Makes a provider for the `.agent/rules` and `.agents/rules` folders: at any depth of the
 * project (each scoped to the folder that holds it), then the same folders in `home` as user
 * rules. Antigravity's `trigger:` key is read as Windsurf's.
 */
export function createAgentsProvider(options: AgentsProviderOptions = {}): Provider {
  const folders = options.folders ?? [".agent", ".agents"];
  const shared = { extensions: options.extensions ?? [".md", ".mdc"], mapFields: applyTrigger };
  return defineProvider({
    id: "agents",
    displayName: "Agents",
    priority: options.priority ?? 70,
    write: writeAgentsRules,
    sources: ({ root, home }) => [
      // With the project root at home, home's own folders are the user's rules, not a project's.
      ...(resolve(root) === resolve(home)
        ? []
        : folders.map((name): RuleSourceSpec => ({ kind: "pattern", folder: `${name}/rules`, level: "project", ...shared }))),
      ...folders.map((name): RuleSourceSpec => ({ kind: "folder", path: join(home, name, "rules"), level: "user", ...shared })),
      // Agent Skills bundles (agentskills.io; Codex, Amp, OpenCode) and Antigravity's workflows are not rules: counted, never read.
      { kind: "not-rules", what: "skill", folder: ".agents/skills", file: "SKILL.md" },
      { kind: "not-rules", what: "command", folder: ".agent/workflows", extensions: [".md"] },
    ],
  });
}

/** The agents provider with its default options. */
export const agentsProvider: Provider = createAgentsProvider();
