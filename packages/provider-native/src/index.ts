import { join } from "node:path";
import { type Provider, defineProvider } from "@rulebook/core/provider";

/** Options of {@link createNativeProvider}. */
export interface NativeProviderOptions {
  /** The agent's own folder name, under both the project and the home folder. Default `.xcsh`. */
  folderName?: string;
}

const EXTENSIONS = [".md", ".mdc"] as const;

/**
 * Creates the provider for the rule files of the agent Rulebook is built into (its own
 * format, in the `.xcsh` folder by default): `<folderName>/rules/` at any depth of the
 * project, scoped to the folder that holds it, then `<home>/<folderName>/agent/rules/`
 * (user). `.md` and `.mdc` files, priority 100.
 */
export function createNativeProvider({ folderName = ".xcsh" }: NativeProviderOptions = {}): Provider {
  if (typeof folderName !== "string" || folderName.trim() === "" || folderName.includes("/")) {
    throw new TypeError(`provider "native": folderName must be a single folder name, got ${JSON.stringify(folderName)}`);
  }
  return defineProvider({
    id: "native",
    displayName: "Native",
    priority: 100,
    sources: ({ home }) => [
      { kind: "pattern", folder: `${folderName}/rules`, extensions: EXTENSIONS, level: "project" },
      { kind: "folder", path: join(home, folderName, "agent", "rules"), extensions: EXTENSIONS, level: "user" },
    ],
  });
}

/** The native provider with the default folder name `.xcsh`. */
export const nativeProvider: Provider = createNativeProvider();
