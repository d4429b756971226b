import { join } from "node:path";
import { type Provider, defineProvider } from "@rulebook/core/provider";

/** Options of {@link createGeminiProvider}. */
export interface GeminiProviderOptions {
  /** Default 35. */
  priority?: number;
}

/**
 * Makes the Gemini CLI provider: `GEMINI.md` in every folder of the project (the rule
 * `GEMINI` of that folder, always applied within it, with `@path` imports), then
 * `~/.gemini/GEMINI.md` (the user rule `~/.gemini/GEMINI`).
 */
export function createGeminiProvider(options: GeminiProviderOptions = {}): Provider {
  return defineProvider({
    id: "gemini",
    displayName: "Gemini CLI",
    priority: options.priority ?? 35,
    sources: ({ home }) => [
      { kind: "pattern", file: "GEMINI.md", name: "GEMINI", level: "project", activation: "always", imports: true },
      { kind: "file", path: join(home, ".gemini", "GEMINI.md"), name: "~/.gemini/GEMINI", level: "user", activation: "always", imports: true },
    ],
  });
}

/** The Gemini CLI provider with its default options. */
export const geminiProvider: Provider = createGeminiProvider();
