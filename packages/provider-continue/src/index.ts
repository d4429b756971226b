import { join } from "node:path";
import { type Provider, defineProvider } from "@rulebook/core/provider";
import { applyColocatedRule, applyContinueRule } from "./continue-fields.js";
import { writeContinueRules } from "./write.js";

export { applyColocatedRule, applyContinueRule } from "./continue-fields.js";

/** Options of {@link createContinueProvider}. */
export interface ContinueProviderOptions {
  /** Default 25. */
  priority?: number;
}

/**
 * Makes the Continue provider: `<root>/.continue/rules/` (`.md`), colocated `rules.md` files at
 * any depth (scoped to their folder) when the project has a `.continue/` folder, the legacy
 * `<root>/.continuerules`, then the user's `~/.continue/rules/`, with Continue's `alwaysApply`.
 */
export function createContinueProvider(options: ContinueProviderOptions = {}): Provider {
  return defineProvider({
    id: "continue",
    displayName: "Continue",
    priority: options.priority ?? 25,
    write: writeContinueRules,
    sources: ({ root, home }) => {
      const rules = { extensions: [".md"], activation: "always", mapFields: applyContinueRule } as const;
      return [
        { kind: "folder", path: join(root, ".continue", "rules"), level: "project", ...rules },
        // A `rules.md` is a Continue rule only in a project that uses Continue: elsewhere it is
        // usually a documentation page.
        {
          kind: "first",
          of: [
            {
              check: join(root, ".continue"),
              folder: true,
              read: [{ kind: "pattern", file: "rules.md", name: "rules", level: "project", activation: "always", mapFields: applyColocatedRule }],
            },
          ],
        },
        { kind: "file", path: join(root, ".continuerules"), name: "continuerules", level: "project", activation: "always" },
        { kind: "folder", path: join(home, ".continue", "rules"), level: "user", ...rules },
      ];
    },
  });
}

/** The Continue provider with its default options. */
export const continueProvider: Provider = createContinueProvider();
