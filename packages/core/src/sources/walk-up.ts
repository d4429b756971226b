import { dirname, isAbsolute, join, relative } from "node:path";
import type { ProviderContext } from "../provider/provider.js";
import { extensionsProblem, isCleanRelative, show } from "./checks.js";
import type { SourceKind } from "./kind.js";
import type { SearchedPaths, SimpleSource, WalkUpSource } from "./types.js";

/**
 * The `walk-up` kind: the nearest entry `name` in the folders from `cwd` up to the project
 * root, e.g. Cline's `.clinerules` (docs/behaviour.md#providers).
 */
export const walkUpKind: SourceKind<WalkUpSource> = {
  name: "walk-up",
  readsFiles: true,
  keys: ["name", "to", "rule", "extensions", "skip"],
  problem(s) {
    if (typeof s.name !== "string" || !isCleanRelative(s.name) || s.name.includes("/")) return `whose name ${show(s.name)} is not an entry name`;
    if (s.to !== "root") return `whose to is ${show(s.to)} (expected "root")`;
    if (typeof s.rule !== "string" || s.rule.trim() === "") return `whose rule is ${show(s.rule)}`;
    return extensionsProblem(s.extensions);
  },
  expand: async (source, { context, searched }) => ({ sources: await walkUp(source, context, searched), diagnostics: [] }),
  patterns: () => [],
  // The entry at the project root, as a folder.
  place(source, context) {
    const { kind: _kind, name, to: _to, rule: _rule, ...folder } = source;
    return [{ ...folder, kind: "folder", path: join(context.root, name) }];
  },
};

/**
 * The sources a {@link WalkUpSource} stands for in this load: the nearest entry from `cwd` up
 * to the project root (a folder or a file source), after any level that could not be checked
 * (a file source, so that its read reports why; the walk goes on above it). Nothing when `cwd`
 * is outside the project root. Every level checked is added to `searched`.
 */
async function walkUp(source: WalkUpSource, context: ProviderContext, searched: SearchedPaths): Promise<SimpleSource[]> {
  const { kind: _kind, name, to: _to, rule, extensions, skip, ...options } = source;
  const found: SimpleSource[] = [];
  const inside = relative(context.root, context.cwd);
  if (inside.startsWith("..") || isAbsolute(inside)) return found;
  const asFile = (path: string): SimpleSource => ({ kind: "file", path, name: rule, ...options });
  for (let dir = context.cwd; ; dir = dirname(dir)) {
    const path = join(dir, name);
    searched.files.push(path);
    try {
      const stat = await context.fs.stat(path);
      if (stat?.kind === "directory") return [...found, { kind: "folder", path, extensions, ...(skip && { skip }), ...options }];
      if (stat) return [...found, asFile(path)];
    } catch {
      found.push(asFile(path));
    }
    if (dir === context.root || dirname(dir) === dir) return found;
  }
}
