import { join } from "node:path";
import { type Provider, type RuleSourceSpec, defineProvider } from "@rulebook/core/provider";
import { writeCrushRules } from "./write.js";

/** Options of {@link createCrushProvider}. */
export interface CrushProviderOptions {
  /** Default 30. */
  priority?: number;
}

// Crush's own names, in the three spellings it lists (internal/config/config.go). Each
// spelling of a file is the same rule, so on a case-insensitive disk it is read once.
const SPELLINGS = ["CRUSH", "Crush", "crush"] as const;

/**
 * Makes the Crush provider: `CRUSH.md` and `CRUSH.local.md` (any of Crush's spellings) in the
 * folder the agent works in, always applied, then the user's `~/.config/crush/CRUSH.md` and
 * `~/.config/AGENTS.md`, which Crush adds to every session.
 */
export function createCrushProvider(options: CrushProviderOptions = {}): Provider {
  return defineProvider({
    id: "crush",
    displayName: "Crush",
    priority: options.priority ?? 30,
    write: writeCrushRules,
    sources: ({ cwd, home }) => [
      ...SPELLINGS.map((s): RuleSourceSpec => ({ kind: "file", path: join(cwd, `${s}.md`), name: "CRUSH", level: "project", activation: "always" })),
      ...SPELLINGS.map(
        (s): RuleSourceSpec => ({ kind: "file", path: join(cwd, `${s}.local.md`), name: "CRUSH.local", level: "project", activation: "always" }),
      ),
      { kind: "file", path: join(home, ".config", "crush", "CRUSH.md"), name: "~/.config/crush/CRUSH", level: "user", activation: "always" },
      { kind: "file", path: join(home, ".config", "AGENTS.md"), name: "~/.config/AGENTS", level: "user", activation: "always" },
    ],
  });
}

/** The Crush provider with its default options. */
export const crushProvider: Provider = createCrushProvider();
