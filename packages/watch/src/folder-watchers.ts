import { setImmediate as nextTurn } from "node:timers/promises";
import { type FSWatcher, watch } from "chokidar";

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
  /** Called for every add, change or removal of a direct child of a watched folder. */
  onEvent: FolderEvent;
  /** True when a child can matter; others are not watched at all (no handle per unrelated file). */
  isRelevant(path: string, isFolder: boolean): boolean;
  onError(error: unknown): void;
}

interface Watched {
  watcher: FSWatcher;
  settle(): void;
}

const FOLDER_EVENTS = new Set(["addDir", "unlinkDir"]);

/**
 * One chokidar watcher per folder, `depth: 0`: a folder's subfolders are watched only when
 * they are in the set themselves, which is what the walk listed (its ignore rules included).
 * One watcher per folder lets a re-target release exactly what is no longer needed.
 */
export function createFolderWatchers(options: FolderWatchersOptions): FolderWatchers {
  const watchers = new Map<string, Watched>();
  let closed = false;

  const release = ({ watcher, settle }: Watched): Promise<void> => {
    // chokidar drops its listeners on close: a watcher closed before it was ready never says so.
    settle();
    return watcher.close();
  };

  const open = (folder: string): Promise<void> => {
    const watcher = watch(folder, {
      depth: 0,
      ignoreInitial: true,
      followSymlinks: false,
      // Without stats chokidar asks again with them; only then is it known whether this is a folder.
      ignored: (path, stats) => path !== folder && stats !== undefined && !options.isRelevant(path, stats.isDirectory()),
    });
    let settle = () => {};
    const ready = new Promise<void>((resolve) => {
      settle = resolve;
      watcher.once("ready", resolve);
    });
    watchers.set(folder, { watcher, settle });
    watcher.on("all", (event, path) => options.onEvent(path, FOLDER_EVENTS.has(event)));
    watcher.on("error", (error) => {
      // A folder removed while its watcher starts: its parent's watcher reports the removal.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") options.onError(error);
    });
    return ready;
  };

  return {
    async retarget(folders) {
      if (closed) return 0;
      const closing: Promise<void>[] = [];
      for (const [folder, watched] of watchers) {
        if (folders.has(folder)) continue;
        watchers.delete(folder);
        closing.push(release(watched));
      }
      const opening = [...folders].filter((folder) => !watchers.has(folder)).map(open);
      await Promise.all([...closing, ...opening]);
      return opening.length;
    },
    async close() {
      closed = true;
      const all = [...watchers.values()];
      watchers.clear();
      await Promise.all(all.map(release));
      // fs.watch handles are released in the event loop's close phase: let it pass twice.
      await nextTurn();
      await nextTurn();
    },
  };
}
