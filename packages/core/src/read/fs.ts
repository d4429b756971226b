import { isAscii } from "node:buffer";
import { closeSync, fstatSync, openSync, readSync, readdirSync, realpathSync, statSync } from "node:fs";
import { FILE_FLAGS, type FolderReads, procPath } from "./fs-folder-reads.js";
import type { MaybePromise } from "../support/maybe-promise.js";

/** The kind of a folder entry, as seen without following symlinks. */
export type EntryKind = "file" | "directory" | "symlink" | "other";

/** One entry of a folder. */
export interface FolderEntry {
  name: string;
  kind: EntryKind;
}

/**
 * What {@link RuleFs.readFile} returns: the bytes, or the size when over the limit. `realPath`,
 * when the file system can tell, is where the opened file really is (symlinks resolved), so
 * the loader can refuse a file whose target leaves the folders it may read.
 */
export type ReadResult = { bytes: Uint8Array; realPath?: string } | { tooLarge: number; realPath?: string };

/**
 * The file-system operations providers use. Each may answer synchronously (throwing on
 * failure) or with a promise. The core passes a Node implementation by default; tests and
 * hosts may pass their own (in-memory, virtual, remote).
 */
export interface RuleFs {
  /** Lists a folder's entries without following symlinks. Fails when it is not a folder. */
  readdir(path: string): MaybePromise<FolderEntry[]>;
  /** Follows symlinks; `undefined` when nothing is there (or a dangling link). */
  stat(path: string): MaybePromise<FileStat | undefined>;
  /**
   * Reads a whole regular file, or reports its size instead when it is larger than `maxBytes`.
   * Fails (code `ENOTREG`) for a FIFO, socket or device, without blocking on it.
   */
  readFile(path: string, maxBytes: number): MaybePromise<ReadResult>;
  /** The path with every symlink resolved; optional (without it the loader cannot check where links point). */
  realpath?(path: string): MaybePromise<string>;
}

/** What {@link RuleFs.stat} tells about a path (symlinks followed). */
export interface FileStat {
  kind: Exclude<EntryKind, "symlink">;
  size: number;
}

const scratch = Buffer.allocUnsafe(64 * 1024);

/**
 * The default {@link RuleFs}: Node's synchronous calls. For the thousands of small files
 * rule folders hold, this measured about ten times faster than `fs/promises` (no thread-pool
 * round trip per open, stat, read and close, no promise per file); a load blocks the event
 * loop for that short time. Pass an asynchronous `fs` to avoid it. Frozen: no plugin can
 * replace what every load calls.
 */
export const nodeFs: RuleFs = Object.freeze({
  readdir(path) {
    return readdirSync(path, { withFileTypes: true }).map((e) => ({
      name: e.name,
      kind: e.isFile() ? "file" : e.isDirectory() ? "directory" : e.isSymbolicLink() ? "symlink" : "other",
    }));
  },
  stat(path) {
    try {
      const s = statSync(path, { throwIfNoEntry: false });
      if (s === undefined) return undefined;
      return { kind: s.isFile() ? "file" : s.isDirectory() ? "directory" : "other", size: s.size };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  },
  readFile(path, maxBytes) {
    const read = readOpened(path, maxBytes);
    return "length" in read ? { bytes: Buffer.from(scratch.subarray(0, read.length)), realPath: read.realPath } : read;
  },
  realpath(path) {
    return realpathSync(path);
  },
} satisfies RuleFs);

/**
 * Opens and reads a file as {@link RuleFs.readFile} does (through `folders` when given); a file
 * that fit in one read is left in `scratch` (its `length` given), for the caller to copy or
 * decode before the next read.
 */
function readOpened(path: string, maxBytes: number, folders?: FolderReads): ReadResult | { length: number; realPath: string } {
  // Non-blocking, so a FIFO swapped in after the listing cannot hang the open; the opened
  // file itself is then checked, not the listing.
  const inFolder = folders?.open(path);
  const fd = inFolder === undefined ? openSync(path, FILE_FLAGS) : inFolder.fd;
  try {
    if (!fstatSync(fd).isFile()) throw Object.assign(new Error(`not a regular file: ${path}`), { code: "ENOTREG" });
    const realPath = inFolder === undefined ? openedPath(fd, path) : inFolder.realPath;
    // Read into a scratch buffer first: most rule files fit, so one read.
    let length = readSync(fd, scratch, 0, scratch.length, 0);
    if (length < scratch.length) return length > maxBytes ? { tooLarge: length, realPath } : { length, realPath };
    const chunks = [Buffer.from(scratch)];
    while (length <= maxBytes) {
      const chunk = Buffer.allocUnsafe(Math.max(scratch.length, Math.min(length, maxBytes + 1 - length)));
      const bytesRead = readSync(fd, chunk, 0, chunk.length, length);
      if (bytesRead === 0) break;
      chunks.push(chunk.subarray(0, bytesRead));
      length += bytesRead;
    }
    // Past the limit we stop reading: report the real size without reading the rest.
    if (length > maxBytes) return { tooLarge: Math.max(length, fstatSync(fd).size), realPath };
    return { bytes: Buffer.concat(chunks, length), realPath };
  } finally {
    closeSync(fd);
  }
}

const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** A rule file's text, decoded as the loader decodes bytes (UTF-8, fatal, a byte-order mark kept). */
export function decodeText(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}

/**
 * What {@link readTextOf} gives: the file's text when it is UTF-8 without NUL bytes and within
 * the limit, otherwise what {@link RuleFs.readFile} would have returned, for the caller to judge.
 */
export type TextRead = ReadResult | DecodedText;

/** A file read and decoded by {@link readTextOf} (a class, so no file system's own answer can pass for one). */
export class DecodedText {
  constructor(
    readonly text: string,
    readonly realPath: string,
  ) {}
}

// Views of `nodeFs` (the loader's frozen copies) that may be read through {@link readTextOf},
// each with the folder handle of the load it belongs to, if any.
const nodeViews = new WeakMap<RuleFs, FolderReads | undefined>();

/**
 * Notes that `view` only forwards to {@link nodeFs}, so its files can be read as text directly,
 * through `folders` (held open by one load, which closes it) when given.
 */
export function markNodeView(view: RuleFs, of: RuleFs, folders?: FolderReads): void {
  if (of === nodeFs || nodeViews.has(of)) nodeViews.set(view, folders);
}

/**
 * Reads a rule file through `fs`. Through Node's own file system (or a view of it) the bytes of
 * a file that fits one read are decoded where they were read, with no copy made per file: the
 * same answers as decoding what `fs.readFile` returns, for a fraction of the allocation.
 */
export function readTextOf(fs: RuleFs, path: string, maxBytes: number): MaybePromise<TextRead> {
  if (fs !== nodeFs && !nodeViews.has(fs)) return fs.readFile(path, maxBytes);
  const read = readOpened(path, maxBytes, nodeViews.get(fs));
  if (!("length" in read)) return read;
  const view = new Uint8Array(scratch.buffer, scratch.byteOffset, read.length);
  let text: string | undefined;
  // Most rule files are ASCII, which is UTF-8 and Latin-1 alike: the same text, made without
  // the decoder's validation pass and call overhead (about half a microsecond a file, measured).
  if (isAscii(view)) text = scratch.toString("latin1", 0, read.length);
  else {
    try {
      text = decoder.decode(view);
    } catch {
      // Not UTF-8: the caller says so from the bytes.
    }
  }
  // A NUL byte is U+0000 in the text (UTF-8 encodes nothing else with it), and searching the
  // text is much faster than searching the bytes. A binary file goes back as bytes, judged there.
  if (text !== undefined && !text.includes("\0")) return new DecodedText(text, read.realPath);
  return { bytes: Buffer.from(view), realPath: read.realPath };
}

/** Where an open file really is: Linux names it in /proc; elsewhere resolve the path again. */
function openedPath(fd: number, path: string): string {
  return procPath(fd) ?? realpathSync(path);
}

/** True for the errors that mean "nothing there": ENOENT and ENOTDIR. */
export function isMissing(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "ENOENT" || code === "ENOTDIR";
}
