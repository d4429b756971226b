import { basename, dirname, join } from "node:path";
import { globProblem } from "../glob/compile.js";
import { WalkMatcher } from "../glob/walk-matcher.js";
import type { ProviderContext } from "../provider/provider.js";
import { DecodedText, decodeText, isMissing, readTextOf } from "../read/fs.js";
import { errorText } from "../text/error-text.js";
import { GLOB } from "./listed-paths.js";
import { compareBytes } from "./scan.js";

/** What a path is on disk, symlinks followed. */
export type PathKind = "file" | "folder" | "none";

/**
 * Reads a list's JSON file as every file Rulebook opens is read (never a FIFO or device, at most
 * the size limit, UTF-8): its text, why it cannot be read, or undefined when it is not there.
 */
export async function readListedFile(context: ProviderContext, path: string): Promise<{ text: string } | { problem: string } | undefined> {
  try {
    const read = await readTextOf(context.fs, path, context.maxFileBytes);
    if (read instanceof DecodedText) return { text: read.text };
    if ("tooLarge" in read) return { problem: `file is ${read.tooLarge} bytes, over the ${context.maxFileBytes}-byte limit` };
    try {
      return { text: decodeText(read.bytes) };
    } catch {
      return { problem: "file is not valid UTF-8" };
    }
  } catch (error) {
    if (isMissing(error)) return undefined;
    const code = (error as { code?: string }).code;
    if (code === "ENOTREG") return { problem: "expected a JSON file, found a FIFO, socket or device; not opened" };
    if (code === "EISDIR") return { problem: "expected a JSON file, found a folder" };
    return { problem: `cannot read file: ${errorText(error)}` };
  }
}

/** What a path is (a file, a folder, nothing); a path that cannot be looked at is nothing. */
export async function pathKind(context: ProviderContext, path: string): Promise<PathKind> {
  try {
    const stat = await context.fs.stat(path);
    return stat === undefined ? "none" : stat.kind === "directory" ? "folder" : "file";
  } catch {
    return "none";
  }
}

/** True when `path` is a symlink that points to nothing: its folder lists it, but it cannot be followed. */
export async function isDanglingLink(context: ProviderContext, path: string): Promise<boolean> {
  if ((await pathKind(context, path)) !== "none") return false;
  try {
    const name = basename(path);
    return (await context.fs.readdir(dirname(path))).some((entry) => entry.name === name && entry.kind === "symlink");
  } catch {
    return false;
  }
}

/**
 * The files of `folder` whose names a one-segment glob matches (a name starting with `.` only
 * when the glob does, as the walk matches), in byte order; links to files count, links to
 * nothing are passed to `dangling`. Nothing when the glob is refused or the folder cannot be listed.
 */
export async function folderMatches(
  context: ProviderContext,
  folder: string,
  glob: string,
  dangling: (path: string) => Promise<unknown>,
): Promise<string[]> {
  if (!GLOB.test(glob) || globProblem(glob) !== undefined) return [];
  const matcher = new WalkMatcher([glob]);
  let listed: Array<{ name: string; kind: string }>;
  try {
    listed = await context.fs.readdir(folder);
  } catch {
    return [];
  }
  const files: string[] = [];
  for (const entry of [...listed].sort((a, b) => compareBytes(a.name, b.name))) {
    if (!matcher.step(matcher.start, entry.name).file) continue;
    const path = join(folder, entry.name);
    if (entry.kind === "file") files.push(path);
    else if (entry.kind === "symlink") {
      const kind = await pathKind(context, path);
      if (kind === "file") files.push(path);
      else if (kind === "none") await dangling(path);
    }
  }
  return files;
}
