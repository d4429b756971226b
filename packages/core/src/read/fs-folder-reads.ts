import { closeSync, constants, openSync, readlinkSync } from "node:fs";

/** How a rule file is opened: without blocking on a FIFO, and (through a folder) never through a link. */
export const FILE_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK;
const NO_LINK = FILE_FLAGS | (constants.O_NOFOLLOW ?? 0);
const FOLDER_FLAGS = constants.O_RDONLY | (constants.O_DIRECTORY ?? 0);
const throughFolders = constants.O_NOFOLLOW !== undefined && constants.O_DIRECTORY !== undefined;

// Linux names an open descriptor's file in /proc/self/fd, and a path through a folder's
// descriptor there is resolved from that folder itself, as `openat` would.
let procFd = process.platform === "linux";

/** Where the file open as `fd` really is, as Linux names it in /proc; `undefined` where it cannot tell. */
export function procPath(fd: number): string | undefined {
  if (!procFd) return undefined;
  try {
    return readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    procFd = false;
    return undefined;
  }
}

/** A file opened through its folder: the descriptor and where the file really is. */
export interface OpenedInFolder {
  fd: number;
  realPath: string;
}

/**
 * The folder a load is reading files from, held open for one load (docs/behaviour.md#reading-a-file).
 * Each file of the folder is opened through the folder's own descriptor, without following a
 * link, so the folder's real path is read once (one `readlink` per folder instead of one per
 * file) and a folder swapped for a link after it was opened cannot redirect the reads that
 * follow. Anything else (a link, a folder that cannot be opened, another platform) is left to
 * the caller's open by path, which checks the opened file itself.
 */
export class FolderReads {
  #closed = false;
  #folder: string | undefined;
  #fd = -1;
  /** `/proc/self/fd/<fd>/`, the prefix that opens a name inside the held folder. */
  #through = "";
  /** The held folder's real path, `""` for the file system's root. */
  #real = "";

  /** Opens the file at `path` through its folder, or `undefined`: then the caller opens it by path. */
  open(path: string): OpenedInFolder | undefined {
    if (this.#closed || !procFd || !throughFolders) return undefined;
    const slash = path.lastIndexOf("/");
    if (slash <= 0 || slash === path.length - 1) return undefined;
    const folder = path.slice(0, slash);
    if (folder !== this.#folder) this.#hold(folder);
    if (this.#fd === -1) return undefined;
    const name = path.slice(slash + 1);
    try {
      return { fd: openSync(this.#through + name, NO_LINK), realPath: `${this.#real}/${name}` };
    } catch {
      // A link (ELOOP), a missing file, no permission: opened by path, the error is the path's own.
      return undefined;
    }
  }

  /** Lets go of the held folder; later reads open files by path. */
  close(): void {
    this.#closed = true;
    this.#release();
  }

  #hold(folder: string): void {
    this.#release();
    this.#folder = folder;
    let fd: number;
    try {
      fd = openSync(folder, FOLDER_FLAGS);
    } catch {
      return;
    }
    const real = procPath(fd);
    if (real === undefined) {
      closeSync(fd);
      return;
    }
    this.#real = real === "/" ? "" : real;
    this.#fd = fd;
    this.#through = `/proc/self/fd/${fd}/`;
  }

  #release(): void {
    if (this.#fd !== -1) closeSync(this.#fd);
    this.#fd = -1;
    this.#folder = undefined;
  }
}
