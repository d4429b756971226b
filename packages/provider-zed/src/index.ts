import { join } from "node:path";
import { type Provider, defineProvider } from "@rulebook/core/provider";
import { writeZedRules } from "./write.js";

/** Options of {@link createZedProvider}. */
export interface ZedProviderOptions {
  /** Default 15. */
  priority?: number;
}

/**
 * The files Zed accepts at the top of a worktree, in its order, with the rule name each gets
 * (the name the file's own provider gives it; `AGENT.md`, Amp's and Zed's older spelling, is its
 * own rule `AGENT`, never `AGENTS`).
 */
export const ZED_RULES_FILES: ReadonlyArray<readonly [path: string, name: string]> = [
  [".rules", "rules"],
  [".cursorrules", "cursorrules"],
  [".windsurfrules", "windsurfrules"],
  [".clinerules", "clinerules"],
  [".github/copilot-instructions.md", "copilot-instructions"],
  ["AGENT.md", "AGENT"],
  ["AGENTS.md", "AGENTS"],
  ["CLAUDE.md", "CLAUDE"],
  ["GEMINI.md", "GEMINI"],
];

/**
 * Makes the Zed provider: the first file of {@link ZED_RULES_FILES} present at the project
 * root (`.rules` first), always applied, as Zed's agent reads exactly one.
 */
export function createZedProvider(options: ZedProviderOptions = {}): Provider {
  return defineProvider({
    id: "zed",
    displayName: "Zed",
    priority: options.priority ?? 15,
    write: writeZedRules,
    sources: ({ root }) => [
      {
        kind: "first",
        present: "file",
        of: ZED_RULES_FILES.map(([file, name]) => ({
          kind: "file",
          path: join(root, ...file.split("/")),
          name,
          level: "project",
          activation: "always",
        })),
      },
    ],
  });
}

/** The Zed provider with its default options. */
export const zedProvider: Provider = createZedProvider();
