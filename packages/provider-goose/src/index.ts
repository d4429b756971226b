import { join } from "node:path";
import { type Provider, defineProvider } from "@rulebook/core/provider";
import { writeGooseRules } from "./write.js";

/** Options of {@link createGooseProvider}. */
export interface GooseProviderOptions {
  /** Default 30. */
  priority?: number;
}

/**
 * Makes the goose provider: `.goosehints` in every folder of the project (the rule
 * `goosehints` of that folder, always applied within it, with `@path` imports), then the
 * global `~/.config/goose/.goosehints` and `~/.config/goose/AGENTS.md` (user).
 */
export function createGooseProvider(options: GooseProviderOptions = {}): Provider {
  return defineProvider({
    id: "goose",
    displayName: "goose",
    priority: options.priority ?? 30,
    write: writeGooseRules,
    sources: ({ home }) => [
      { kind: "pattern", file: ".goosehints", name: "goosehints", level: "project", activation: "always", imports: true },
      {
        kind: "file",
        path: join(home, ".config", "goose", ".goosehints"),
        name: "~/.config/goose/goosehints",
        level: "user",
        activation: "always",
        imports: true,
      },
      {
        kind: "file",
        path: join(home, ".config", "goose", "AGENTS.md"),
        name: "~/.config/goose/AGENTS",
        level: "user",
        activation: "always",
        imports: true,
      },
    ],
  });
}

/** The goose provider with its default options. */
export const gooseProvider: Provider = createGooseProvider();
