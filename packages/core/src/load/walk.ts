import { createDiagnostic } from "../rule/diagnostics.js";
import { type FolderEntry, type RuleFs, isMissing } from "../read/fs.js";
import { type RefusedFile, readIgnoreText, readRepositoryIgnores } from "../ignore/gitignore-repository.js";
import { type IgnoreFile, compileWithinBudget, isIgnored } from "../ignore/gitignore.js";
import { IgnoreBudget } from "../ignore/ignore-budget.js";
import { type WalkState, WalkMatcher } from "../glob/walk-matcher.js";
import { type MaybePromise, isPromiseLike, settle } from "../support/maybe-promise.js";
import { NOT_UTF8_FOLDER, compareBytes, errorText } from "../sources/scan.js";
import type { Diagnostic } from "../rule/types.js";

/** Bounds of the project walk (docs/behaviour.md#the-project-root-and-the-walk). */
export const WALK_LIMITS = { maxDepth: 64, maxEntries: 200_000 } as const;

/** Options of {@link walkProject}. */
export interface WalkOptions {
  root: string;
  fs: RuleFs;
  /** Globs relative to the root, e.g. `**\/AGENTS.md`, matched with picomatch's `dot: false` rules. */
  patterns: readonly string[];
  signal?: AbortSignal;
  maxDepth?: number;
  maxEntries?: number;
  /** What the ignore files of the walk may hold in all (default `IGNORE_LIMITS`). */
  ignoreLimits?: { maxBytes: number; maxWildcards: number };
  /**
   * A further filter on files, decided once per folder: files are kept only when their name is in
   * `names` or their folder path contains one of `folders` (or is the folder itself, so a
   * file standing where a rule folder should be is seen).
   */
  keep?: { names: ReadonlySet<string>; folders: readonly string[] };
  /** Also list every file of the folders walked that git does not ignore, in `projectFiles` (for `lint`'s dead globs). */
  listFiles?: boolean;
}

/** What one walk of the project found. */
export interface WalkResult {
  /** Matching files, relative to the root with `/`, in byte order of their path segments. */
  files: string[];
  /** Every folder the walk listed (absolute), for watching. */
  folders: string[];
  /** The ignore files that shaped the walk (absolute). */
  ignoreFiles: string[];
  /** Files in `files` that git ignores but a source names by their literal name or folder (relative). */
  gitIgnored: string[];
  /**
   * With `listFiles`: every file of the folders walked that git does not ignore (relative, in
   * walk order); hidden and ignored folders are not walked, so their files are not in it.
   * Absent when the walk was truncated: it would not be the whole tree.
   */
  projectFiles?: string[];
  diagnostics: Diagnostic[];
}

interface Folder {
  /** Relative to the root with `/`; `""` for the root. */
  rel: string;
  /** Where the patterns stand for this folder's entries. */
  state: WalkState;
  /** The ignore files that apply to its entries, root first (`.git/info/exclude`, then `.gitignore` files). */
  ignores: readonly IgnoreFile[];
  /** Git ignores the folder, but a source names it, so it was entered: git ignores all inside. */
  ignored: boolean;
}

/**
 * Walks the project tree once for every pattern source (docs/behaviour.md#the-project-root-and-the-walk),
 * breadth first: each folder is listed once, its entries matched against every pattern at once
 * (`WalkMatcher`, picomatch's `dot: false` rules), and a folder is entered only when some
 * pattern can still match below it, git does not ignore it (`.gitignore` at any depth,
 * `.git/info/exclude`, without case when the repository's config sets `core.ignorecase`) or a
 * source names it, and it is not `node_modules` or `.git`. Hidden
 * folders are thus entered only when a pattern names them; symlinked folders are not followed,
 * symlinked files are listed. It stops at `maxDepth` levels or `maxEntries` entries with a
 * `walk-truncated` warning.
 */
export async function walkProject(options: WalkOptions): Promise<WalkResult> {
  if (options.patterns.length === 0) return { files: [], folders: [], ignoreFiles: [], gitIgnored: [], diagnostics: [] };
  const walk = new ProjectWalk(options);
  const queue: Folder[] = [{ rel: "", state: walk.matcher.start, ignores: await walk.repositoryIgnores(), ignored: false }];
  for (let next = 0; next < queue.length; next++) {
    if (options.signal?.aborted) break;
    await walk.visit(queue[next] as Folder, queue);
  }
  return walk.finish();
}

/** One walk's state: the bounds, the ignore files and budget, and what was found so far. */
class ProjectWalk {
  readonly matcher: WalkMatcher;
  private readonly root: string;
  private readonly fs: RuleFs;
  private readonly maxDepth: number;
  private readonly maxEntries: number;
  private readonly keep: WalkOptions["keep"];
  private readonly literals: LiteralPath[];
  private readonly budget: IgnoreBudget;
  private readonly result: WalkResult = { files: [], folders: [], ignoreFiles: [], gitIgnored: [], diagnostics: [] };
  private readonly files: string[] = [];
  private readonly projectFiles: string[] | undefined;
  private readonly ignoredButNamed = new Set<string>();
  private readonly refused: RefusedFile[] = [];
  private ignoreOptions = { ignoreCase: false };
  private entries = 0;
  private truncated: string | undefined;

  constructor(options: WalkOptions) {
    this.root = options.root;
    this.fs = options.fs;
    this.maxDepth = options.maxDepth ?? WALK_LIMITS.maxDepth;
    this.maxEntries = options.maxEntries ?? WALK_LIMITS.maxEntries;
    this.keep = options.keep;
    this.literals = literalPaths(options.patterns);
    this.matcher = new WalkMatcher(options.patterns);
    this.budget = new IgnoreBudget(options.ignoreLimits);
    this.projectFiles = options.listFiles ? [] : undefined;
  }

  /** The repository's own ignore rules: `.git/info/exclude`, and whether case is ignored. */
  async repositoryIgnores(): Promise<IgnoreFile[]> {
    const repository = await readRepositoryIgnores(this.fs, this.root);
    this.refused.push(...repository.refused);
    this.ignoreOptions = { ignoreCase: repository.ignoreCase };
    const rootIgnores: IgnoreFile[] = [];
    if (repository.exclude) {
      // git ranks .git/info/exclude below every .gitignore: first in the list, asked last.
      const { path, text } = repository.exclude;
      const compiled = compileWithinBudget(text, "", path, this.budget, this.ignoreOptions);
      if (compiled) rootIgnores.push(compiled);
      this.result.ignoreFiles.push(path);
    }
    return rootIgnores;
  }

  /** Lists one folder within the bounds, reads its `.gitignore`, and sorts its entries into files and folders to visit. */
  async visit(folder: Folder, queue: Folder[]): Promise<void> {
    const { rel, state, ignored } = folder;
    if (this.pastBounds(rel)) return;
    const dir = rel === "" ? this.root : `${this.root}/${rel}`;
    const answer = this.list(dir);
    const listed = isPromiseLike(answer) ? await answer : answer;
    if (listed === undefined) return;
    this.entries += listed.length;
    this.result.folders.push(dir);
    const ignores = listed.some((e) => e.name === ".gitignore" && e.kind !== "directory")
      ? await this.withGitignore(dir, rel, folder.ignores)
      : folder.ignores;
    const keep = this.keep;
    const keepAll = !keep || keep.folders.some((f) => containsFolder(rel, f));
    for (const entry of listed) {
      const name = entry.name;
      if (name === "node_modules" || name === ".git") continue;
      const step = this.matcher.step(state, name);
      const path = rel === "" ? name : `${rel}/${name}`;
      if (entry.kind === "directory") {
        if (step.folder === undefined) continue;
        const folderIgnored = ignored || (ignores.length > 0 && isIgnored(ignores, path, name, true));
        if (folderIgnored && !namedBySource(this.literals, rel, name, true)) continue;
        queue.push({ rel: path, state: step.folder, ignores, ignored: folderIgnored });
        continue;
      }
      // A file, a symlink (to a file: symlinked folders are not followed) or a FIFO, socket or device.
      if (this.projectFiles && entry.kind !== "symlink" && !ignored && !(ignores.length > 0 && isIgnored(ignores, path, name, false))) {
        this.projectFiles.push(path);
      }
      if (!step.file) continue;
      if (!keepAll && !keep?.names.has(name) && !isFolderItself(rel, name, keep)) continue;
      if (entry.kind === "symlink") {
        const linked = linkKind(this.fs, `${dir}/${name}`);
        if ((isPromiseLike(linked) ? await linked : linked) === "directory") continue;
      }
      this.addFile(rel, name, path, ignored || (ignores.length > 0 && isIgnored(ignores, path, name, false)));
    }
  }

  /** True, with the `walk-truncated` reason kept, when the folder is past the depth or the walk past its entries. */
  private pastBounds(rel: string): boolean {
    const depth = rel === "" ? 0 : countSlashes(rel) + 1;
    if (depth > this.maxDepth) {
      this.truncated ??= `the project is nested deeper than ${this.maxDepth} levels; ${rel} and below were not searched`;
      return true;
    }
    if (this.entries >= this.maxEntries) {
      this.truncated ??= `the project has more than ${this.maxEntries} entries; the walk stopped at ${rel || "the root"}`;
      return true;
    }
    return false;
  }

  /** The folder's entries, or undefined (with a diagnostic unless it vanished) when it cannot be listed; in step with the file system's answer. */
  private list(dir: string): MaybePromise<FolderEntry[] | undefined> {
    try {
      const answer = this.fs.readdir(dir);
      return isPromiseLike(answer) ? Promise.resolve(answer).catch((error: unknown) => this.listFailed(dir, error)) : answer;
    } catch (error) {
      return this.listFailed(dir, error);
    }
  }

  private listFailed(dir: string, error: unknown): undefined {
    // A name that is not UTF-8 comes back from the listing with U+FFFD and cannot be opened by it.
    if (isMissing(error) && dir.includes("\uFFFD")) {
      this.result.diagnostics.push(createDiagnostic("file-name-not-utf8", NOT_UTF8_FOLDER, { path: dir }));
    }
    if (!isMissing(error)) {
      this.result.diagnostics.push(createDiagnostic("folder-unreadable", `cannot list folder: ${errorText(error)}`, { path: dir }));
    }
    return undefined;
  }

  /** `ignores` and the folder's own `.gitignore`, read within the budget. */
  private async withGitignore(dir: string, rel: string, ignores: readonly IgnoreFile[]): Promise<readonly IgnoreFile[]> {
    const path = `${dir}/.gitignore`;
    this.result.ignoreFiles.push(path);
    // Past the budget nothing more is read; the file is still watched, so a smaller one is seen.
    const text = this.budget.open ? await readIgnoreText(this.fs, path) : this.budget.skip(path);
    if (typeof text === "object") {
      this.refused.push(text);
      return ignores;
    }
    if (text === undefined) return ignores;
    const compiled = compileWithinBudget(text, rel, path, this.budget, this.ignoreOptions);
    return compiled ? [...ignores, compiled] : ignores;
  }

  /** A file the patterns match: kept unless git ignores it and no source names it. */
  private addFile(rel: string, name: string, path: string, ignored: boolean): void {
    if (ignored) {
      // The tools read the files and folders they name from disk, whatever git says.
      if (!namedBySource(this.literals, rel, name, false)) return;
      this.ignoredButNamed.add(path);
    }
    this.files.push(path);
  }

  /** The result: files in path order, and the walk's diagnostics (truncation, refused ignore files, budget, git-ignored files read). */
  finish(): WalkResult {
    const { result, root } = this;
    if (this.truncated) result.diagnostics.push(createDiagnostic("walk-truncated", this.truncated, { path: root }));
    else if (this.projectFiles) result.projectFiles = this.projectFiles;
    for (const { path, problem } of this.refused) {
      result.diagnostics.push(createDiagnostic("ignore-file-skipped", `${problem}; git's ignore rules from it are not applied`, { path }));
    }
    result.diagnostics.push(...this.budget.diagnostics());
    result.files = this.files.sort(comparePaths);
    for (const file of result.files) {
      if (!this.ignoredButNamed.has(file)) continue;
      result.gitIgnored.push(file);
      const message = "git ignores this file, but the tool that reads it does so from disk whatever git says, so it is loaded";
      result.diagnostics.push(createDiagnostic("git-ignored", message, { path: `${root}/${file}` }));
    }
    return result;
  }
}

/** What the patterns name literally: paths up to their first wildcard, and whether files are looked for below them. */
interface LiteralPath {
  segments: string[];
  /** True when the pattern goes on below the literal part (`.cursor/rules/**\/*.mdc`): a rule folder. */
  folder: boolean;
}

function literalPaths(patterns: readonly string[]): LiteralPath[] {
  const seen = new Map<string, LiteralPath>();
  for (const pattern of patterns) {
    const parts = pattern.replace(/^(?:\*\*\/)+/, "").split("/");
    const literal: string[] = [];
    for (const part of parts) {
      if (/[*?[\]{}!()]/.test(part)) break;
      literal.push(part);
    }
    if (literal.length === 0) continue;
    const key = literal.join("/");
    const folder = literal.length < parts.length;
    const known = seen.get(key);
    if (known) known.folder ||= folder;
    else seen.set(key, { segments: literal, folder });
  }
  return [...seen.values()];
}

/**
 * True when an ignored entry is still walked (docs/behaviour.md#the-project-root-and-the-walk): a
 * file or folder a source names literally (`CLAUDE.md`, `.kiro/steering`), a folder on the way to
 * one (`.kiro`), or anything inside a named rule folder. An ignored `dist/` names nothing, so a
 * rule folder inside it stays unread.
 */
function namedBySource(literals: readonly LiteralPath[], rel: string, name: string, isFolder: boolean): boolean {
  const parent = rel === "" ? [] : rel.split("/");
  for (const { segments, folder } of literals) {
    if (folder && containsFolder(rel, segments.join("/"))) return true;
    // The entry is segment k of the literal path when the k-1 folders above it are the segments before.
    for (let k = 0; k < segments.length; k++) {
      if (segments[k] !== name) continue;
      if (k < segments.length - 1 && !isFolder) continue;
      if (k > parent.length) continue;
      let matches = true;
      for (let j = 0; j < k; j++) if (parent[parent.length - k + j] !== segments[j]) matches = false;
      if (matches) return true;
    }
  }
  return false;
}

/** True when the folder path `rel` is `folder` or lies inside it, at a segment boundary. */
function containsFolder(rel: string, folder: string): boolean {
  for (let at = rel.indexOf(folder); at !== -1; at = rel.indexOf(folder, at + 1)) {
    const end = at + folder.length;
    if ((at === 0 || rel[at - 1] === "/") && (end === rel.length || rel[end] === "/")) return true;
  }
  return false;
}

function isFolderItself(rel: string, name: string, keep: WalkOptions["keep"]): boolean {
  if (!keep) return false;
  for (const folder of keep.folders) {
    // Cheap test first: the entry's name must be the rule folder's last segment (`rules`).
    if (!folder.endsWith(name) || (folder.length > name.length && folder[folder.length - name.length - 1] !== "/")) continue;
    const path = rel === "" ? name : `${rel}/${name}`;
    if (path === folder || path.endsWith(`/${folder}`)) return true;
  }
  return false;
}

function countSlashes(text: string): number {
  let n = 0;
  for (let i = text.indexOf("/"); i !== -1; i = text.indexOf("/", i + 1)) n++;
  return n;
}

function linkKind(fs: RuleFs, path: string): MaybePromise<FolderEntry["kind"]> {
  // A dangling link is listed as a file so that reading it reports the problem.
  return settle(
    () => fs.stat(path),
    (target) => (target?.kind === "directory" ? "directory" : "file"),
    () => "file",
  );
}

/**
 * Orders `/`-separated paths depth first, each folder's entries in byte order. Only the segment
 * where the two first differ decides (before it they name the same folders), so nothing is split:
 * the walk sorts every file it lists with this.
 */
export function comparePaths(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i === a.length && i === b.length) return 0;
  const start = i === 0 ? 0 : a.lastIndexOf("/", i - 1) + 1;
  const endA = a.indexOf("/", i);
  const endB = b.indexOf("/", i);
  const c = compareBytes(a.slice(start, endA === -1 ? a.length : endA), b.slice(start, endB === -1 ? b.length : endB));
  if (c !== 0) return c;
  // The same segment, the last of one path: that path is the folder holding the other.
  return endA === -1 ? -1 : 1;
}
