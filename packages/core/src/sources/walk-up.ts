import { dirname, isAbsolute, join, relative } from "node:path";
import type { ProviderContext } from "../provider/provider.js";
import type { SearchedPaths, SimpleSource, WalkUpSource } from "./types.js";

/**
 * The sources a {@link WalkUpSource} stands for in this load: the nearest entry from `cwd` up
 * to the project root (a folder or a file source), after any level that could not be checked
 * (a file source, so that its read reports why; the walk goes on above it). Nothing when `cwd`
 * is outside the project root. Every level checked is added to `searched`.
 */
export async function walkUp(source: WalkUpSource, context: ProviderContext, searched: SearchedPaths): Promise<SimpleSource[]> {
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
