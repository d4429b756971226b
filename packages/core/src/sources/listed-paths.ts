import { isAbsolute, posix, relative } from "node:path";
import type { WalkMatcher } from "../glob/walk-matcher.js";

/** A character that makes an entry a glob. */
export const GLOB = /[*?[\]{}]/;

/** An entry that is a URL (`https://…`), never fetched. */
export const URL_LIKE = /^[a-z][a-z\d+.-]*:\/\//i;

/** `path` relative to `folder` with `/` (`.` for the folder itself), or undefined when it is not inside it. */
export function inside(folder: string, path: string): string | undefined {
  const rel = relative(folder, path).split("\\").join("/");
  if (rel === "") return ".";
  return rel === ".." || rel.startsWith("../") || isAbsolute(rel) ? undefined : rel;
}

/** The folders from `cwd` up to the project root, relative to the root (`""` for the root), nearest first; only the root when `cwd` is outside it. */
export function foldersUp(cwd: string, root: string): string[] {
  const rel = inside(root, cwd);
  if (rel === undefined || rel === ".") return [""];
  const parts = rel.split("/");
  return parts.map((_, i) => parts.slice(0, parts.length - i).join("/")).concat("");
}

/** A rule's name from a file's relative path: the path without a final `.md`. */
export function stem(rel: string): string {
  return rel.endsWith(".md") ? rel.slice(0, -3) : rel;
}

/** `path` with its glob characters escaped, so it matches only itself. */
export function escapeGlob(path: string): string {
  return path
    .split("\\")
    .join("/")
    .replace(/[*?[\]{}]/g, "\\$&");
}

/** True when a target holds a wildcard that is not escaped. */
export function isGlob(target: string): boolean {
  return GLOB.test(target.replace(/\\./g, ""));
}

/** A target with its escapes removed: the path it names. */
export function unescaped(target: string): string {
  return target.replace(/\\(.)/g, "$1");
}

/** A path whose folder part is literal (OpenCode globs only the last segment of `~/…` and absolute entries): the folder's wildcards escaped. */
export function lastSegmentGlob(rel: string): string {
  const folder = posix.dirname(rel);
  return GLOB.test(folder) ? `${escapeGlob(folder)}/${posix.basename(rel)}` : rel;
}

/** True when the walk's matcher for one entry accepts a project path, segment by segment, as the walk did. */
export function matchesPath(matcher: WalkMatcher, path: string): boolean {
  const parts = path.split("/");
  let state = matcher.start;
  for (let i = 0; i < parts.length - 1; i++) {
    const next = matcher.step(state, parts[i] as string).folder;
    if (next === undefined) return false;
    state = next;
  }
  return matcher.step(state, parts[parts.length - 1] as string).file;
}
