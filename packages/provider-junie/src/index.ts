import { join } from "node:path";
import { type Provider, defineProvider } from "@rulebook/core/provider";
import { writeJunieRules } from "./write.js";

export { writeJunieRules } from "./write.js";

/** Options of {@link createJunieProvider}. */
export interface JunieProviderOptions {
  /** Default 20. */
  priority?: number;
}

/**
 * Makes the Junie provider: `<root>/.junie/AGENTS.md` when it exists, else the legacy
 * `<root>/.junie/guidelines.md` and `<root>/.junie/guidelines/` folder, then the user's
 * `~/.junie/AGENTS.md`; every file is always applied, as Junie adds it to every task.
 */
export function createJunieProvider(options: JunieProviderOptions = {}): Provider {
  return defineProvider({
    id: "junie",
    displayName: "Junie",
    priority: options.priority ?? 20,
    write: writeJunieRules,
    sources: ({ root, home }) => {
      const junie = join(root, ".junie");
      const always = { level: "project", activation: "always" } as const;
      return [
        {
          kind: "first",
          // Junie reads `.junie/AGENTS.md` and then ignores the legacy guidelines beside it: say so.
          warnIgnored: "junie-guidelines-ignored",
          of: [
            { kind: "file", path: join(junie, "AGENTS.md"), name: "junie/AGENTS", ...always },
            [
              { kind: "file", path: join(junie, "guidelines.md"), name: "junie/guidelines", ...always },
              { kind: "folder", path: join(junie, "guidelines"), extensions: [".md"], namePrefix: "junie/guidelines/", ...always },
            ],
          ],
        },
        { kind: "file", path: join(home, ".junie", "AGENTS.md"), name: "~/.junie/AGENTS", level: "user", activation: "always" },
      ];
    },
  });
}

/** The Junie provider with its default options. */
export const junieProvider: Provider = createJunieProvider();
