import { existsSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";

/**
 * The project root of SPEC §3.1: the nearest folder at or above `cwd` holding a `.git`
 * entry (file or folder), never `home` or a folder above it; `cwd` when there is none.
 */
export function findProjectRoot(cwd: string, home: string): string {
  for (let dir = cwd; ; dir = dirname(dir)) {
    if (isAtOrAbove(dir, home)) return cwd;
    if (existsSync(join(dir, ".git"))) return dir;
    if (dirname(dir) === dir) return cwd;
  }
}

function isAtOrAbove(dir: string, home: string): boolean {
  const path = relative(dir, home);
  return path === "" || (!path.startsWith(`..${sep}`) && path !== ".." && !path.startsWith(sep));
}
