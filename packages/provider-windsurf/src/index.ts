import { join } from "node:path";
import { type Provider, defineProvider } from "@rulebook/core/provider";
import { applyTrigger } from "./trigger.js";
import { writeWindsurfRules } from "./write.js";

export { applyTrigger, applyTriggerAlwaysByDefault } from "./trigger.js";

export { writeWindsurfRules } from "./write.js";

/** Options of {@link createWindsurfProvider}. */
export interface WindsurfProviderOptions {
  /** Default 50. */
  priority?: number;
}

/**
 * Makes the Windsurf provider: `.windsurf/rules/` and `.devin/rules/` (the rebrand) at any
 * depth of the project (`.md`, scoped), the legacy `.windsurfrules` at the root (the rule
 * `windsurfrules`, always applied unless its `trigger` says otherwise), then the user's
 * `~/.codeium/windsurf/memories/global_rules.md` (the rule `~/global_rules`, always applied),
 * with Windsurf's `trigger:` key.
 */
export function createWindsurfProvider(options: WindsurfProviderOptions = {}): Provider {
  return defineProvider({
    id: "windsurf",
    displayName: "Windsurf",
    priority: options.priority ?? 50,
    write: writeWindsurfRules,
    sources: ({ root, home }) => [
      { kind: "pattern", folder: ".windsurf/rules", extensions: [".md"], level: "project", mapFields: applyTrigger },
      { kind: "pattern", folder: ".devin/rules", extensions: [".md"], level: "project", mapFields: applyTrigger },
      {
        kind: "file",
        path: join(root, ".windsurfrules"),
        name: "windsurfrules",
        level: "project",
        activation: "always",
        mapFields: applyTrigger,
      },
      {
        kind: "file",
        path: join(home, ".codeium", "windsurf", "memories", "global_rules.md"),
        name: "~/global_rules",
        level: "user",
        activation: "always",
        mapFields: applyTrigger,
      },
      // Workflows (`/name` in Cascade) are not rules: counted, never read.
      { kind: "not-rules", what: "command", folder: ".windsurf/workflows", extensions: [".md"] },
    ],
  });
}

/** The Windsurf provider with its default options. */
export const windsurfProvider: Provider = createWindsurfProvider();
