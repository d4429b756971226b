import { join } from "node:path";
import { type FolderSource, type Provider, applyPathsKey, defineProvider } from "@rulebook/core/provider";
import { writeClineRules } from "./write.js";

const RULE_EXTENSIONS = [".md", ".txt"] as const;
// Cline keeps workflows (run as /name.md) and hook scripts in these subfolders; they are not rules.
const SKIPPED = ["workflows", "hooks"] as const;

export { writeClineRules } from "./write.js";

/** Options of {@link createClineProvider}. */
export interface ClineProviderOptions {
  /** Default 40. */
  priority?: number;
}

/**
 * Makes the Cline provider: the nearest `.clinerules` from `cwd` up to the project root (never
 * above it). A folder gives its `.md` and `.txt` files except those under `workflows/` and
 * `hooks/`; a file gives the rule `clinerules`. Then `~/Documents/Cline/Rules/`, else
 * `~/Cline/Rules/` (user). Every rule applies always unless its `paths` say which files it is for.
 */
export function createClineProvider(options: ClineProviderOptions = {}): Provider {
  return defineProvider({
    id: "cline",
    displayName: "Cline",
    priority: options.priority ?? 40,
    write: writeClineRules,
    sources: ({ home }) => [
      {
        kind: "walk-up",
        name: ".clinerules",
        to: "root",
        rule: "clinerules",
        extensions: RULE_EXTENSIONS,
        skip: SKIPPED,
        level: "project",
        activation: "always",
        mapFields: applyPathsKey,
      },
      // Cline's global rules folder: ~/Documents/Cline/Rules, else ~/Cline/Rules, where Cline keeps
      // them on Linux and WSL when there is no Documents folder (its docs, "Global Rules Directory").
      { kind: "first", of: [userFolder(join(home, "Documents", "Cline", "Rules")), userFolder(join(home, "Cline", "Rules"))] },
    ],
  });
}

/** The Cline provider with its default options. */
export const clineProvider: Provider = createClineProvider();

function userFolder(path: string): FolderSource {
  return { kind: "folder", path, extensions: RULE_EXTENSIONS, skip: SKIPPED, level: "user", activation: "always", mapFields: applyPathsKey };
}
