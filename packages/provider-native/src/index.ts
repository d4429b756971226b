import { type Provider, type ProviderContext, defineProvider, joinPath, loadRuleFolder } from "@rulebook/core";

/** Options of {@link createNativeProvider}. */
export interface NativeProviderOptions {
  /** The agent's own folder name, under both the project and the home folder. Default `.xcsh`. */
  folderName?: string;
}

const EXTENSIONS = [".md", ".mdc"] as const;

/**
 * Creates the provider for the agent's own rule files: `<cwd>/<folderName>/rules/` (project),
 * then `<home>/<folderName>/agent/rules/` (user), `.md` and `.mdc` files, priority 100.
 */
export function createNativeProvider({ folderName = ".xcsh" }: NativeProviderOptions = {}): Provider {
  if (typeof folderName !== "string" || folderName.trim() === "") {
    throw new TypeError(`provider "native": folderName must be a non-empty folder name, got ${JSON.stringify(folderName)}`);
  }
  return defineProvider({
    id: "native",
    displayName: "Native",
    priority: 100,
    async load(context: ProviderContext) {
      const source = (level: "project" | "user") => ({
        provider: "native",
        providerName: "Native",
        level,
      });
      const [project, user] = await Promise.all([
        loadRuleFolder(context, joinPath(joinPath(context.cwd, folderName), "rules"), {
          extensions: EXTENSIONS,
          source: source("project"),
        }),
        loadRuleFolder(context, joinPath(joinPath(joinPath(context.home, folderName), "agent"), "rules"), {
          extensions: EXTENSIONS,
          source: source("user"),
        }),
      ]);
      return {
        rules: [...project.rules, ...user.rules],
        diagnostics: [...project.diagnostics, ...user.diagnostics],
      };
    },
  });
}

/** The native provider with the default folder name `.xcsh`. */
export const nativeProvider: Provider = createNativeProvider();
