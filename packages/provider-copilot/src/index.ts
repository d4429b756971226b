import { join } from "node:path";
import { type Provider, defineProvider } from "@rulebook/core/provider";
import { applyApplyTo } from "./apply-to.js";
import { writeCopilotRules } from "./write.js";

export { applyApplyTo, copilotGlob } from "./apply-to.js";

export { writeCopilotRules } from "./write.js";

/** Options of {@link createCopilotProvider}. */
export interface CopilotProviderOptions {
  /** Default 30. */
  priority?: number;
}

/**
 * Makes the GitHub Copilot provider: the repository-wide `.github/copilot-instructions.md`
 * (the rule `copilot-instructions`, always applied), the path-specific
 * `.github/instructions/**\/*.instructions.md` (named without `.instructions.md`, selected by
 * `applyTo`), then `~/.copilot/copilot-instructions.md` (user).
 */
export function createCopilotProvider(options: CopilotProviderOptions = {}): Provider {
  return defineProvider({
    id: "copilot",
    displayName: "GitHub Copilot",
    priority: options.priority ?? 30,
    write: writeCopilotRules,
    sources: ({ root, home }) => [
      {
        kind: "file",
        path: join(root, ".github", "copilot-instructions.md"),
        name: "copilot-instructions",
        level: "project",
        activation: "always",
      },
      {
        kind: "folder",
        path: join(root, ".github", "instructions"),
        extensions: [".instructions.md"],
        level: "project",
        mapFields: applyApplyTo,
      },
      {
        kind: "file",
        path: join(home, ".copilot", "copilot-instructions.md"),
        name: "~/.copilot/copilot-instructions",
        level: "user",
        activation: "always",
      },
      // Prompt files (`/name` in chat) and custom agents are not instructions: counted, never read.
      { kind: "not-rules", what: "command", folder: ".github/prompts", extensions: [".prompt.md"] },
      { kind: "not-rules", what: "subagent", folder: ".github/agents", extensions: [".agent.md"] },
    ],
  });
}

/** The GitHub Copilot provider with its default options. */
export const copilotProvider: Provider = createCopilotProvider();
