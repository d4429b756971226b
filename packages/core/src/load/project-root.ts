import { dirname, isAbsolute, normalize, relative, sep } from "node:path";
import type { RuleFs } from "../read/fs.js";
import type { MaybePromise } from "../support/maybe-promise.js";

/**
 * The project root (docs/behaviour.md#the-project-root-and-the-walk): `root` when given; otherwise the
 * nearest folder at or above `cwd` holding a `.git` entry (file or folder), never `home` or
 * above it; otherwise `cwd`.
 */
export async function findProjectRoot(options: { cwd: string; home: string; root?: string; fs: RuleFs }): Promise<string> {
  if (options.root !== undefined) return cleanPath(options.root);
  const cwd = cleanPath(options.cwd);
  const home = cleanPath(options.home);
  for (let dir = cwd; ; dir = dirname(dir)) {
    if (dir === home || isInside(home, dir)) return cwd;
    if (await hasGitEntry(options.fs, dir)) return dir;
    if (dirname(dir) === dir) return cwd;
  }
}

async function hasGitEntry(fs: RuleFs, dir: string): Promise<boolean> {
  try {
    return (await (fs.stat(`${dir === sep ? "" : dir}${sep}.git`) as MaybePromise<unknown>)) !== undefined;
  } catch {
    // A folder we cannot check is not a repository root we may use.
    return false;
  }
}

/** `path` normalised, without a trailing separator (except the file-system root). */
export function cleanPath(path: string): string {
  const normalized = normalize(path);
  return normalized.length > 1 && normalized.endsWith(sep) ? normalized.slice(0, -1) : normalized;
}

/** True when `path` is `folder` or inside it (both absolute and clean). */
export function isInside(path: string, folder: string): boolean {
  if (path === folder) return true;
  // Called for every file a load reads: a prefix test answers most calls without `relative`'s
  // resolving and normalising; anything unusual (a `..`, another case on Windows) takes the long way.
  if (path.startsWith(folder) && (path[folder.length] === sep || folder.endsWith(sep)) && !path.includes(`${sep}..`)) return true;
  const rel = relative(folder, path);
  return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel);
}
