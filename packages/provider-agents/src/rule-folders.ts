import { dirname, normalize, sep } from "node:path";
import { type ProviderContext, type RuleLevel, joinPath } from "@rulebook/core";

/** One folder the agents provider reads, with the level its rules get. */
export interface RuleFolder {
  path: string;
  level: RuleLevel;
}

/**
 * The folders to read, in precedence order: `<dir>/<name>/rules` for each project level
 * (nearest first; at each level `names` in order), then `<home>/<name>/rules` as user rules.
 */
export async function agentsRuleFolders(context: ProviderContext, names: readonly string[]): Promise<RuleFolder[]> {
  const inFolder = (dir: string, level: RuleLevel) =>
    names.map((name): RuleFolder => ({ path: joinPath(joinPath(dir, name), "rules"), level }));
  const levels = await projectLevels(context);
  return [...levels.flatMap((dir) => inFolder(dir, "project")), ...inFolder(clean(context.home), "user")];
}

/**
 * The project folders from `cwd` up to the repository root (the nearest folder with a `.git`
 * file or folder). Outside a repository the walk stops below `home` when `cwd` is inside
 * it, and is just `cwd` otherwise: climbing into unrelated folders would pick up strangers'
 * rules. `home` itself is never a project level; its folders are the user level.
 */
export async function projectLevels(context: ProviderContext): Promise<string[]> {
  const home = clean(context.home);
  const levels: string[] = [];
  for (let dir = clean(context.cwd); dir !== home; dir = dirname(dir)) {
    levels.push(dir);
    if (await hasGitEntry(context, dir)) return levels;
    if (dirname(dir) === dir) return levels.slice(0, 1);
  }
  return levels;
}

async function hasGitEntry(context: ProviderContext, dir: string): Promise<boolean> {
  try {
    return (await context.fs.stat(joinPath(dir, ".git"))) !== undefined;
  } catch {
    // An unreadable parent folder cannot be a repository root we are allowed to use.
    return false;
  }
}

function clean(path: string): string {
  const normalized = normalize(path);
  return normalized.length > 1 && normalized.endsWith(sep) ? normalized.slice(0, -1) : normalized;
}
