import { join } from "node:path";
import { type Provider, defineProvider } from "@rulebook/core/provider";
import { applyRuleType, applyUserRule } from "./rule-type.js";

export { applyRuleType, applyUserRule } from "./rule-type.js";

/** Options of {@link createAugmentProvider}. */
export interface AugmentProviderOptions {
  /** Default 20. */
  priority?: number;
}

/**
 * Makes the Augment provider: `<root>/.augment/rules/` (`.md`, recursive) with Augment's `type`
 * key, the legacy `<root>/.augment-guidelines` and `<root>/.augment/guidelines.md` (always
 * applied), then the user's `~/.augment/rules/` (always applied, as Augment does).
 */
export function createAugmentProvider(options: AugmentProviderOptions = {}): Provider {
  return defineProvider({
    id: "augment",
    displayName: "Augment",
    priority: options.priority ?? 20,
    sources: ({ root, home }) => [
      {
        kind: "folder",
        path: join(root, ".augment", "rules"),
        extensions: [".md"],
        level: "project",
        activation: "always",
        mapFields: applyRuleType,
      },
      { kind: "file", path: join(root, ".augment-guidelines"), name: "augment-guidelines", level: "project", activation: "always" },
      { kind: "file", path: join(root, ".augment", "guidelines.md"), name: "augment/guidelines", level: "project", activation: "always" },
      { kind: "folder", path: join(home, ".augment", "rules"), extensions: [".md"], level: "user", mapFields: applyUserRule },
    ],
  });
}

/** The Augment provider with its default options. */
export const augmentProvider: Provider = createAugmentProvider();
