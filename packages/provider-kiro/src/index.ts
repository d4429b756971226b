import { join } from "node:path";
import { type Provider, defineProvider } from "@rulebook/core/provider";
import { applyInclusion } from "./inclusion.js";

export { applyInclusion } from "./inclusion.js";

/** Options of {@link createKiroProvider}. */
export interface KiroProviderOptions {
  /** Default 25. */
  priority?: number;
}

/**
 * Makes the Kiro provider: `.kiro/steering/` at any depth of the project (`.md`, scoped to the
 * folder that holds `.kiro`), then the user's `~/.kiro/steering/`, with Kiro's `inclusion` key.
 */
export function createKiroProvider(options: KiroProviderOptions = {}): Provider {
  return defineProvider({
    id: "kiro",
    displayName: "Kiro",
    priority: options.priority ?? 25,
    sources: ({ home }) => [
      { kind: "pattern", folder: ".kiro/steering", extensions: [".md"], level: "project", activation: "always", mapFields: applyInclusion },
      {
        kind: "folder",
        path: join(home, ".kiro", "steering"),
        extensions: [".md"],
        level: "user",
        activation: "always",
        mapFields: applyInclusion,
      },
    ],
  });
}

/** The Kiro provider with its default options. */
export const kiroProvider: Provider = createKiroProvider();
