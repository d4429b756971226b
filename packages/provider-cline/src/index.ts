import { dirname, isAbsolute, join, relative } from "node:path";
import {
  type Provider,
  type ProviderContext,
  type RuleSourceSpec,
  applyPathsKey,
  defineProvider,
} from "@rulebook/core/provider";

const RULE_EXTENSIONS = [".md", ".txt"] as const;
// Cline keeps workflows (run as /name.md) and hook scripts in these subfolders; they are not rules.
const SKIPPED = ["workflows", "hooks"] as const;

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
    async sources(context) {
      const sources: RuleSourceSpec[] = [];
      const common = { level: "project", activation: "always", mapFields: applyPathsKey } as const;
      for (const level of await walkUp(context)) {
        if (level.kind === "directory") {
          sources.push({ kind: "folder", path: level.path, extensions: RULE_EXTENSIONS, skip: SKIPPED, ...common });
        } else {
          sources.push({ kind: "file", path: level.path, name: "clinerules", ...common });
        }
      }
      sources.push({
        kind: "folder",
        path: await userRulesFolder(context),
        extensions: RULE_EXTENSIONS,
        skip: SKIPPED,
        level: "user",
        activation: "always",
        mapFields: applyPathsKey,
      });
      return sources;
    },
  });
}

/** The Cline provider with its default options. */
export const clineProvider: Provider = createClineProvider();

/**
 * Cline's global rules folder: `~/Documents/Cline/Rules`, else `~/Cline/Rules`, where Cline
 * keeps them on Linux and WSL when there is no Documents folder (its docs, "Global Rules Directory").
 */
async function userRulesFolder(context: ProviderContext): Promise<string> {
  const documents = join(context.home, "Documents", "Cline", "Rules");
  const fallback = join(context.home, "Cline", "Rules");
  try {
    if (await context.fs.stat(documents)) return documents;
    return (await context.fs.stat(fallback)) ? fallback : documents;
  } catch {
    // Unreadable: name the usual folder so that the core reports why it cannot be read.
    return documents;
  }
}

type Found = { path: string; kind: "file" | "directory" | "other" };

/**
 * The `.clinerules` entries to read, walking up from `cwd` to the project root: the nearest
 * one, after any level that could not be checked (declared as a file, so that the core reports
 * why it cannot be read; the walk goes on above it).
 */
async function walkUp(context: ProviderContext): Promise<Found[]> {
  const found: Found[] = [];
  const inside = relative(context.root, context.cwd);
  if (inside.startsWith("..") || isAbsolute(inside)) return found;
  for (let dir = context.cwd; ; dir = dirname(dir)) {
    const path = join(dir, ".clinerules");
    try {
      const stat = await context.fs.stat(path);
      if (stat) return [...found, { path, kind: stat.kind }];
    } catch {
      found.push({ path, kind: "other" });
    }
    if (dir === context.root || dirname(dir) === dir) return found;
  }
}
