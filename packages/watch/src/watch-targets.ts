import { stat } from "node:fs/promises";
import { basename, dirname } from "node:path";
import { type LoadResult, type SourceWatch, matchGlobs, watchSource } from "@rulebook/core";

/** What to watch after a load, and which file-system events can change its result. */
export interface WatchTargets {
  /** Existing folders to watch, each without its subfolders. */
  folders: Set<string>;
  /** True when an event on `path` can change what the load finds. */
  isRelevant(path: string, isFolder: boolean): boolean;
}

/**
 * Works out what a load depended on (README, "What is watched"): every folder it listed,
 * the folder of every single file it consulted (with every candidate a `first` source checked
 * and every level a `walk-up` source looked at, which the load lists with them), what each
 * source's kind says it depends on (the core's `watchSource`), and for each declared path that
 * does not exist yet the nearest folder above it that does, so that creating it is seen.
 * `files` are more paths to watch the same way (configuration files).
 */
export async function watchTargets(result: LoadResult, files: readonly string[] = []): Promise<WatchTargets> {
  const listed = new Set(result.searched.folders);
  const exact = new Set<string>([...result.searched.files, ...files]);
  // git's own exclude file shapes the walk as .gitignore does, and its config's `core.ignorecase`
  // how every ignore file matches, whether or not they exist yet.
  if (listed.has(result.root)) {
    exact.add(`${result.root}/.git/info/exclude`);
    exact.add(`${result.root}/.git/config`);
  }
  // Each source kind says what it depends on (the core's source modules).
  const concerned: SourceWatch["concerns"][] = [];
  for (const { source } of result.sources) {
    const watch = watchSource(source, listed);
    for (const path of watch.paths) exact.add(path);
    concerned.push(watch.concerns);
  }
  // A listed source's globs (OpenCode's `"docs/*.md"`): a file appearing where one matches is read.
  const globs = result.searched.globs ?? [];
  if (globs.length > 0) concerned.push((path) => matchGlobs(globs, path.split("\\").join("/").replace(/^\//, "")).matched);

  const folders = new Set(listed);
  // Every folder on the way from a watched folder to a path that is missing, so its creation counts.
  const onTheWay = new Set<string>();
  for (const path of exact) {
    let dir = dirname(path);
    while (!(await isFolder(dir)) && dirname(dir) !== dir) {
      onTheWay.add(dir);
      dir = dirname(dir);
    }
    folders.add(dir);
  }

  return {
    folders,
    isRelevant(path, isFolderEvent) {
      if (exact.has(path) || onTheWay.has(path)) return true;
      // A folder appearing or going in a listed folder changes what the walk or a scan sees.
      if (isFolderEvent) return listed.has(dirname(path)) || listed.has(path);
      if (basename(path) === ".gitignore") return true;
      return concerned.some((concerns) => concerns(path));
    },
  };
}

async function isFolder(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}
