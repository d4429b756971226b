import { dirname, join, relative } from "node:path";
import { type Provider, type ProviderContext, type RuleSourceSpec, applyPathsKey, defineProvider } from "@rulebook/core";

/** Options of {@link createClineProvider}. */
export interface ClineProviderOptions {
  /** Default 40. */
  priority?: number;
}

/**
 * Makes the Cline provider: the nearest `.clinerules` from `cwd` up to the project root (never
 * above it). A folder gives its `.md` and `.txt` files except those under `workflows/` and
 * `hooks/`; a file gives the rule `clinerules`. Then `~/Documents/Cline/Rules/` (user). Every
 * rule applies always unless its `paths` say which files it is for.
 */
export function createClineProvider(options: ClineProviderOptions = {}): Provider {
  return defineProvider({
    id: "cline",
    displayName: "Cline",
    priority: options.priority ?? 40,
    async sources(context) {
      const sources: RuleSourceSpec[] = [];
      const nearest = await findNearest(context);
      const common = { level: "project", activation: "always", mapFields: applyPathsKey } as const;
      if (nearest?.kind === "directory") {
        sources.push({ kind: "folder", path: nearest.path, extensions: [".md", ".txt"], skip: ["workflows", "hooks"], ...common });
      } else if (nearest) {
        sources.push({ kind: "file", path: nearest.path, name: "clinerules", ...common });
      }
      sources.push({
        kind: "folder",
        path: join(context.home, "Documents", "Cline", "Rules"),
        extensions: [".md", ".txt"],
        skip: ["workflows", "hooks"],
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

/** The nearest `.clinerules` walking up from `cwd`, stopping at the project root. */
async function findNearest(context: ProviderContext): Promise<{ path: string; kind: "file" | "directory" | "other" } | undefined> {
  const inside = relative(context.root, context.cwd);
  if (inside.startsWith("..")) return undefined;
  for (let dir = context.cwd; ; dir = dirname(dir)) {
    const path = join(dir, ".clinerules");
    try {
      const found = await context.fs.stat(path);
      if (found) return { path, kind: found.kind };
    } catch {
      // An unreadable level is skipped; the core reports the file it cannot read.
    }
    if (dir === context.root || dirname(dir) === dir) return undefined;
  }
}
