import { stat } from "node:fs/promises";
import { basename, dirname } from "node:path";
import type { LoadResult, SourceReport } from "@rulebook/core";

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
 * and every level a `walk-up` source looked at, which the load lists with them), and for each
 * declared path that does not exist yet the nearest folder above it that does, so that
 * creating it is seen. `files`
 * are more paths to watch the same way (configuration files).
 */
export async function watchTargets(result: LoadResult, files: readonly string[] = []): Promise<WatchTargets> {
  const listed = new Set(result.searched.folders);
  const exact = new Set<string>([...result.searched.files, ...files]);
  // git's own exclude file shapes the walk as .gitignore does, whether or not it exists yet.
  if (listed.has(result.root)) exact.add(`${result.root}/.git/info/exclude`);
  const folderSources: { path: string; extensions: readonly string[] }[] = [];
  const patternFolders: { marker: string; extensions: readonly string[] }[] = [];
  const patternFiles: string[] = [];
  for (const { source } of result.sources) collectSource(source, listed, exact, folderSources, patternFolders, patternFiles);

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
  const hasExtension = (path: string, extensions: readonly string[]) => extensions.some((e) => path.endsWith(e));

  return {
    folders,
    isRelevant(path, isFolderEvent) {
      if (exact.has(path) || onTheWay.has(path)) return true;
      // A folder appearing or going in a listed folder changes what the walk or a scan sees.
      if (isFolderEvent) return listed.has(dirname(path)) || listed.has(path);
      if (basename(path) === ".gitignore") return true;
      if (patternFiles.some((file) => path.endsWith(`/${file}`))) return true;
      for (const { marker, extensions } of patternFolders) {
        // A file where the rule folder should be is reported by the load too.
        if (path.endsWith(marker.slice(0, -1))) return true;
        if (path.includes(marker) && hasExtension(path, extensions)) return true;
      }
      return folderSources.some((f) => path.startsWith(`${f.path}/`) && hasExtension(path, f.extensions));
    },
  };
}

function collectSource(
  source: SourceReport["source"],
  listed: ReadonlySet<string>,
  exact: Set<string>,
  folderSources: { path: string; extensions: readonly string[] }[],
  patternFolders: { marker: string; extensions: readonly string[] }[],
  patternFiles: string[],
): void {
  switch (source.kind) {
    case "file":
      exact.add(source.path);
      return;
    case "folder":
      folderSources.push({ path: source.path, extensions: source.extensions });
      // Not listed: missing (or refused); watch for it to appear.
      if (!listed.has(source.path)) exact.add(source.path);
      return;
    case "pattern":
      if ("folder" in source) patternFolders.push({ marker: `/${source.folder}/`, extensions: source.extensions });
      else patternFiles.push(source.file);
  }
}

async function isFolder(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}
