import { join } from "node:path";
import { type Provider, type ProviderContext, type RuleSourceSpec, defineProvider } from "@rulebook/core/provider";

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
    async sources(context) {
      const junie = join(context.root, ".junie");
      const always = { level: "project", activation: "always" } as const;
      const project: RuleSourceSpec[] = (await exists(context, join(junie, "AGENTS.md")))
        ? [{ kind: "file", path: join(junie, "AGENTS.md"), name: "junie/AGENTS", ...always }]
        : [
            { kind: "file", path: join(junie, "guidelines.md"), name: "junie/guidelines", ...always },
            { kind: "folder", path: join(junie, "guidelines"), extensions: [".md"], namePrefix: "junie/guidelines/", ...always },
          ];
      return [
        ...project,
        { kind: "file", path: join(context.home, ".junie", "AGENTS.md"), name: "~/.junie/AGENTS", level: "user", activation: "always" },
      ];
    },
  });
}

/** The Junie provider with its default options. */
export const junieProvider: Provider = createJunieProvider();

/** True when something is at `path`; an entry that cannot be checked counts, so the core reports it. */
async function exists(context: ProviderContext, path: string): Promise<boolean> {
  try {
    return (await context.fs.stat(path)) !== undefined;
  } catch {
    return true;
  }
}
