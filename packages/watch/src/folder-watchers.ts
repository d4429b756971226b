import { type FSWatcher, lstatSync, watch } from "node:fs";
import { join, sep } from "node:path";
import { setImmediate as nextTurn } from "node:timers/promises";

/** What a folder watcher reports: a path that changed, and whether it is a folder. */
export type FolderEvent = (path: string, isFolder: boolean) => void;

/** A set of folders watched one level deep, that can be re-targeted and closed. */
export interface FolderWatchers {
  /** Watches exactly `folders` from now on; resolves once new watchers are in place, with how many were added. */
  retarget(folders: ReadonlySet<string>): Promise<number>;
  /** Releases every watcher; when it resolves the process holds no watch handle of this set. */
  close(): Promise<void>;
}

/** Options of {@link createFolderWatchers}. */
export interface FolderWatchersOptions {
  /** Called for every add, change or removal of a direct child of a watched folder that can matter. */
  onEvent: FolderEvent;
  /** True when a change of this child can matter; others are dropped where they arrive. */
  isRelevant(path: string, isFolder: boolean): boolean;
  onError(error: unknown): void;
}

/**
 * One `fs.watch` per folder, not recursive: a folder's subfolders are watched only when they
 * are in the set themselves, which is what the walk listed (its ignore rules included). The
 * watch is in place when `fs.watch` returns (one inotify watch, FSEvents or kqueue handle),
 * so nothing is scanned or stat'ed up front: a child is looked at only when it changes, and
 * any relevant change means a reload that walks again. (chokidar, used before, listed and
 * stat'ed every child of every folder at start, for events a reload does not need.)
 */
export function createFolderWatchers(options: FolderWatchersOptions): FolderWatchers {
  const watchers = new Map<string, FSWatcher>();
  let closed = false;

  const onChild = (folder: string, name: string | Buffer | null) => {
    // No name (some platforms, or an overflowed queue): something changed in the folder.
    if (name === null) return options.onEvent(folder, true);
    const path = join(folder, name.toString());
    const isFolder = kindOf(path);
    // A watched folder that went (or came back as a new folder) leaves a watch on the old one:
    // drop it and those below it, so that the next re-target watches whatever is there now.
    if (isFolder !== false) forget(path);
    // A child that is gone may have been either: it matters if it mattered as one of them.
    if (isFolder === undefined ? options.isRelevant(path, true) || options.isRelevant(path, false) : options.isRelevant(path, isFolder)) {
      options.onEvent(path, isFolder ?? false);
    }
  };

  const forget = (path: string) => {
    const below = `${path}${sep}`;
    for (const [folder, watcher] of watchers) {
      if (folder !== path && !folder.startsWith(below)) continue;
      watchers.delete(folder);
      watcher.close();
    }
  };

  const open = (folder: string): boolean => {
    try {
      const watcher = watch(folder, { persistent: true }, (_event, name) => onChild(folder, name));
      watcher.on("error", (error: NodeJS.ErrnoException) => {
        // A folder removed while watched: its parent's watcher reports the removal.
        if (error.code !== "ENOENT" && error.code !== "EPERM") options.onError(error);
      });
      watchers.set(folder, watcher);
      return true;
    } catch (error) {
      // A folder removed since the walk listed it: its parent's watcher reports that.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT" && (error as NodeJS.ErrnoException).code !== "ENOTDIR") options.onError(error);
      return false;
    }
  };

  return {
    async retarget(folders) {
      if (closed) return 0;
      for (const [folder, watcher] of watchers) {
        if (folders.has(folder)) continue;
        watchers.delete(folder);
        watcher.close();
      }
      let added = 0;
      for (const folder of folders) if (!watchers.has(folder) && open(folder)) added++;
      return added;
    },
    async close() {
      closed = true;
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
      // fs.watch handles are released in the event loop's close phase: let it pass twice.
      await nextTurn();
      await nextTurn();
    },
  };
}

/** True for a folder, false for anything else, undefined when nothing is there any more. */
function kindOf(path: string): boolean | undefined {
  try {
    return lstatSync(path).isDirectory();
  } catch {
    return undefined;
  }
}
