import { join } from "node:path";
import { type Provider, defineProvider } from "@rulebook/core/provider";
import { writeAgentsMdRules } from "./write.js";

export { writeAgentsMdRules } from "./write.js";

/** Options of {@link createAgentsMdProvider}. */
export interface AgentsMdProviderOptions {
  /** Default 60. */
  priority?: number;
}

/**
 * Makes the AGENTS.md provider: in every folder of the project, `AGENTS.override.md`, else
 * `AGENTS.md` (both are the rule `AGENTS` of that folder, so the override wins and the other
 * is reported shadowed, as Codex reads them), and `AGENT.md` (the rule `AGENT`, Amp's older
 * name), always applied within the folder; then
 * `~/.codex/AGENTS.override.md`, else `~/.codex/AGENTS.md` (the user rule `~/.codex/AGENTS`), and
 * the cross-tool `~/.agents/AGENTS.md` (`~/.agents/AGENTS`) and OpenCode's global
 * `~/.config/opencode/AGENTS.md` (`~/.config/opencode/AGENTS`).
 */
export function createAgentsMdProvider(options: AgentsMdProviderOptions = {}): Provider {
  return defineProvider({
    id: "agents-md",
    displayName: "AGENTS.md",
    priority: options.priority ?? 60,
    write: writeAgentsMdRules,
    sources: ({ home }) => [
      { kind: "pattern", file: "AGENTS.override.md", name: "AGENTS", level: "project", activation: "always" },
      { kind: "pattern", file: "AGENTS.md", name: "AGENTS", level: "project", activation: "always" },
      // Amp's former name, which Amp and Zed still read: its own rule, never a shadow of AGENTS.md.
      { kind: "pattern", file: "AGENT.md", name: "AGENT", level: "project", activation: "always" },
      { kind: "file", path: join(home, ".codex", "AGENTS.override.md"), name: "~/.codex/AGENTS", level: "user", activation: "always" },
      { kind: "file", path: join(home, ".codex", "AGENTS.md"), name: "~/.codex/AGENTS", level: "user", activation: "always" },
      // The cross-tool user file Cline reads (its docs, "Global Rules Directory").
      { kind: "file", path: join(home, ".agents", "AGENTS.md"), name: "~/.agents/AGENTS", level: "user", activation: "always" },
      // OpenCode's global file (opencode.ai/docs/instructions, "Scope").
      { kind: "file", path: join(home, ".config", "opencode", "AGENTS.md"), name: "~/.config/opencode/AGENTS", level: "user", activation: "always" },
    ],
  });
}

/** The AGENTS.md provider with its default options. */
export const agentsMdProvider: Provider = createAgentsMdProvider();
