import type { Dirent } from "node:fs";
import ignore, { type Ignore } from "ignore";
import { glob } from "tinyglobby";
import { createDiagnostic } from "./diagnostics.js";
import { type FolderEntry, type RuleFs, isMissing } from "./fs.js";
import { settle } from "./maybe-promise.js";
import { compareBytes, errorText } from "./scan.js";
import type { Diagnostic } from "./types.js";

/** Bounds of the project walk (docs/behaviour.md, "The walk"). */
export const WALK_LIMITS = { maxDepth: 64, maxEntries: 200_000 } as const;

/** Options of {@link walkProject}. */
export interface WalkOptions {
  root: string;
  fs: RuleFs;
  /** tinyglobby patterns relative to the root, e.g. `**\/AGENTS.md`. */
  patterns: readonly string[];
  signal?: AbortSignal;
  maxDepth?: number;
  maxEntries?: number;
}

/** What one walk of the project found. */
export interface WalkResult {
  /** Matching files, relative to the root with `/`, in byte order of their path segments. */
  files: string[];
  /** Every folder the walk listed (absolute), for watching. */
  folders: string[];
  /** The ignore files that shaped the walk (absolute). */
  ignoreFiles: string[];
  diagnostics: Diagnostic[];
}

type Callback = (error: NodeJS.ErrnoException | null, entries: Dirent[]) => void;

/**
 * Walks the project tree once for every pattern source (docs/behaviour.md, "The walk"):
 * tinyglobby over a view of `fs` that hides what git ignores (`.gitignore` at any depth,
 * `.git/info/exclude`), `node_modules` and `.git`; hidden folders are entered only when a
 * pattern names them; symlinked folders are not followed, symlinked files are listed. It
 * stops at `maxDepth` levels or `maxEntries` entries with a `walk-truncated` warning.
 */
export async function walkProject(options: WalkOptions): Promise<WalkResult> {
  const { root, fs } = options;
  const maxDepth = options.maxDepth ?? WALK_LIMITS.maxDepth;
  const maxEntries = options.maxEntries ?? WALK_LIMITS.maxEntries;
  const result: WalkResult = { files: [], folders: [], ignoreFiles: [], diagnostics: [] };
  if (options.patterns.length === 0) return result;
  const rules = new Map<string, Ignore>();
  let entries = 0;
  let truncated: string | undefined;

  const rootRules = ignore({ allowRelativePaths: true });
  const exclude = await readText(fs, `${root}/.git/info/exclude`);
  if (exclude !== undefined) {
    rootRules.add(exclude);
    result.ignoreFiles.push(`${root}/.git/info/exclude`);
  }
  rules.set("", rootRules);

  const list = async (dir: string): Promise<Dirent[]> => {
    const rel = relativeDir(root, dir);
    const depth = rel === "" ? 0 : rel.split("/").length;
    if (depth > maxDepth) {
      truncated ??= `the project is nested deeper than ${maxDepth} levels; ${rel} and below were not searched`;
      return [];
    }
    if (entries >= maxEntries) {
      truncated ??= `the project has more than ${maxEntries} entries; the walk stopped at ${rel || "the root"}`;
      return [];
    }
    const listed = await fs.readdir(dir === "" ? root : dir);
    entries += listed.length;
    result.folders.push(rel === "" ? root : `${root}/${rel}`);
    if (listed.some((e) => e.name === ".gitignore" && e.kind !== "directory")) {
      const text = await readText(fs, `${root}/${rel === "" ? "" : `${rel}/`}.gitignore`);
      if (text !== undefined) {
        const own = rel === "" ? (rules.get("") as Ignore) : ignore({ allowRelativePaths: true });
        own.add(text);
        rules.set(rel, own);
        result.ignoreFiles.push(`${root}/${rel === "" ? "" : `${rel}/`}.gitignore`);
      }
    }
    const out: Dirent[] = [];
    for (const entry of listed) {
      if (entry.name === "node_modules" || entry.name === ".git") continue;
      const kind = entry.kind === "symlink" ? await linkKind(fs, `${root}/${rel === "" ? "" : `${rel}/`}${entry.name}`) : entry.kind;
      if (kind === "directory" && entry.kind === "symlink") continue;
      const path = rel === "" ? entry.name : `${rel}/${entry.name}`;
      if (isIgnored(rules, path, kind === "directory")) continue;
      out.push(dirent(entry.name, kind === "directory"));
    }
    return out;
  };

  const adapter = {
    readdir(path: string, _options: unknown, callback: Callback) {
      list(trimSlash(path)).then(
        (found) => callback(null, found),
        (error: NodeJS.ErrnoException) => {
          if (isMissing(error)) return callback(null, []);
          result.diagnostics.push(
            createDiagnostic("folder-unreadable", `cannot list folder: ${errorText(error)}`, { path: trimSlash(path) || root }),
          );
          callback(null, []);
        },
      );
    },
  };

  const found = await glob([...options.patterns], {
    cwd: root,
    dot: false,
    followSymbolicLinks: false,
    expandDirectories: false,
    fs: adapter as never,
    ...(options.signal && { signal: options.signal }),
  });
  if (truncated) result.diagnostics.push(createDiagnostic("walk-truncated", truncated, { path: root }));
  result.files = found.sort(comparePaths);
  return result;
}

/** True when git would ignore `path` (relative, `/`): the deepest ignore file that decides wins. */
function isIgnored(rules: ReadonlyMap<string, Ignore>, path: string, isFolder: boolean): boolean {
  let ignored = false;
  let dir = "";
  const parts = path.split("/");
  for (let i = 0; i < parts.length; i++) {
    const own = rules.get(dir);
    if (own) {
      const rest = parts.slice(i).join("/") + (isFolder ? "/" : "");
      const verdict = own.test(rest);
      if (verdict.ignored) ignored = true;
      else if (verdict.unignored) ignored = false;
    }
    dir = dir === "" ? (parts[i] as string) : `${dir}/${parts[i]}`;
  }
  return ignored;
}

async function linkKind(fs: RuleFs, path: string): Promise<FolderEntry["kind"]> {
  try {
    const target = await fs.stat(path);
    // A dangling link is listed as a file so that reading it reports the problem.
    return target?.kind === "directory" ? "directory" : "file";
  } catch {
    return "file";
  }
}

async function readText(fs: RuleFs, path: string): Promise<string | undefined> {
  return settle(
    () => fs.readFile(path, 1024 * 1024),
    (read) => ("bytes" in read ? new TextDecoder().decode(read.bytes) : undefined),
    () => undefined,
  );
}

function dirent(name: string, isDirectory: boolean): Dirent {
  return {
    name,
    isFile: () => !isDirectory,
    isDirectory: () => isDirectory,
    isSymbolicLink: () => false,
  } as Dirent;
}

function trimSlash(path: string): string {
  return path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
}

function relativeDir(root: string, dir: string): string {
  if (dir === root || dir === "" || dir === ".") return "";
  return dir.startsWith(`${root}/`) ? dir.slice(root.length + 1) : dir;
}

/** Orders `/`-separated paths depth first, each folder's entries in byte order. */
export function comparePaths(a: string, b: string): number {
  const x = a.split("/");
  const y = b.split("/");
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const c = compareBytes(x[i] as string, y[i] as string);
    if (c !== 0) return c;
  }
  return x.length - y.length;
}
