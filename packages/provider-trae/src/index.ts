import { join } from "node:path";
import { type Provider, defineProvider } from "@rulebook/core/provider";
import { writeTraeRules } from "./write.js";

/** Options of {@link createTraeProvider}. */
export interface TraeProviderOptions {
  /** Default 20. */
  priority?: number;
}

/**
 * Makes the Trae provider: the project rules in `<root>/.trae/rules/` (`.md`), each applied as
 * its `alwaysApply`, `globs` and `description` say; a file with none of them (the single
 * `project_rules.md` of older Trae versions) is always applied.
 */
export function createTraeProvider(options: TraeProviderOptions = {}): Provider {
  return defineProvider({
    id: "trae",
    displayName: "Trae",
    priority: options.priority ?? 20,
    write: writeTraeRules,
    sources: ({ root }) => [{ kind: "folder", path: join(root, ".trae", "rules"), extensions: [".md"], level: "project", activation: "always" }],
  });
}

/** The Trae provider with its default options. */
export const traeProvider: Provider = createTraeProvider();
