import { type DiagnosticCode, createDiagnostic } from "../rule/diagnostics.js";
import { type FolderEntry, isMissing } from "../read/fs.js";
import { type MaybePromise, isPromiseLike, settle } from "../support/maybe-promise.js";
import type { ProviderContext } from "../provider/provider.js";
import type { FoundRuleFile } from "./types.js";
import type { Diagnostic } from "../rule/types.js";

export type { FoundRuleFile } from "./types.js";

/** Options of {@link scanRuleFolder}. */
export interface ScanOptions {
  /** Rule extensions, matched case-sensitively at the end of the name, e.g. `[".md", ".mdc"]`. */
  extensions: readonly string[];
  /** Provider id for diagnostics. */
  provider?: string;
  /** Folders deeper than this are not entered (diagnostic). Default 128. */
  maxDepth?: number;
  /** Subfolders (relative to the scanned folder, `/` separators) that are not entered. */
  skip?: readonly string[];
  /** Called with every folder listed, e.g. to watch it. */
  onFolder?: (path: string) => void;
}

/** What {@link scanRuleFolder} returns. */
export interface ScanResult {
  files: FoundRuleFile[];
  diagnostics: Diagnostic[];
}

/**
 * Lists the rule files under `dir` (docs/behaviour.md#the-project-root-and-the-walk): depth first, each folder's entries in byte
 * order of their names, skipping names that start with `.` and `node_modules`, reading
 * symlinked files but not entering symlinked folders. A missing folder yields nothing.
 */
export async function scanRuleFolder(context: ProviderContext, dir: string, options: ScanOptions): Promise<ScanResult> {
  return scanRuleFolderMaybe(context, dir, options);
}

/** {@link scanRuleFolder}, synchronous when the context's file system is. */
export function scanRuleFolderMaybe(context: ProviderContext, dir: string, options: ScanOptions): MaybePromise<ScanResult> {
  return new FolderScan(context, dir, options).walk(dir, 0, "");
}

/** One scan of a rule folder: its options, and the steps of the depth-first walk. */
class FolderScan {
  private readonly maxDepth: number;
  private readonly skip: Set<string>;

  constructor(
    private readonly context: ProviderContext,
    private readonly dir: string,
    private readonly options: ScanOptions,
  ) {
    this.maxDepth = options.maxDepth ?? 128;
    this.skip = new Set(options.skip ?? []);
  }

  private problem(code: DiagnosticCode, message: string, path: string): ScanResult {
    return { files: [], diagnostics: [createDiagnostic(code, message, { provider: this.options.provider, path })] };
  }

  /** A symlink needs a stat to tell a file from a folder. */
  private followLink(path: string, name: string): MaybePromise<ScanResult> {
    return settle(
      () => this.context.fs.stat(path),
      (target) => {
        if (target === undefined) return this.problem("file-unreadable", "symlink points to nothing (dangling); ignored", path);
        return target.kind === "file" ? { files: [{ path, name }], diagnostics: [] } : { files: [], diagnostics: [] };
      },
      (error) => this.problem("file-unreadable", `cannot follow symlink: ${errorText(error)}`, path),
    );
  }

  /** The root is missing (silent) or is a file (worth saying). */
  private missingRoot(error: unknown): MaybePromise<ScanResult> {
    if ((error as { code?: string }).code === "ENOENT") return { files: [], diagnostics: [] };
    return settle(
      () => this.context.fs.stat(this.dir),
      (what) =>
        what === undefined
          ? { files: [], diagnostics: [] }
          : this.problem("not-a-folder", "expected a folder of rules, found a file; ignored", this.dir),
      () => ({ files: [], diagnostics: [] }),
    );
  }

  walk(folder: string, depth: number, prefix: string): MaybePromise<ScanResult> {
    return settle(
      () => this.context.fs.readdir(folder),
      (entries) => {
        this.options.onFolder?.(folder);
        return this.visitEntries(folder, entries, depth, prefix);
      },
      (error) => {
        if (depth > 0 && isMissing(error) && folder.includes("\uFFFD")) return this.problem("file-name-not-utf8", NOT_UTF8_FOLDER, folder);
        if (depth > 0 || !isMissing(error)) return this.problem("folder-unreadable", `cannot list folder: ${errorText(error)}`, folder);
        return this.missingRoot(error);
      },
    );
  }

  private visitEntries(folder: string, entries: FolderEntry[], depth: number, prefix: string): MaybePromise<ScanResult> {
    entries.sort((a, b) => compareBytes(a.name, b.name));
    // Plain files are taken in place; folders and symlinks are visited (concurrently when
    // the file system is asynchronous) and spliced back in order: results stay deterministic.
    const parts: Array<FoundRuleFile | MaybePromise<ScanResult>> = [];
    let nested = false;
    for (const entry of entries) {
      if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
      const path = joinPath(folder, entry.name);
      if (entry.kind === "directory") {
        if (this.skip.has(prefix + entry.name)) continue;
        nested = true;
        parts.push(
          depth + 1 > this.maxDepth
            ? this.problem("folder-unreadable", `folder is nested deeper than ${this.maxDepth} levels; not entered`, path)
            : this.walk(path, depth + 1, `${prefix}${entry.name}/`),
        );
        continue;
      }
      const stem = stripRuleExtension(entry.name, this.options.extensions);
      if (stem === undefined) continue;
      const name = prefix + stem;
      if (entry.kind === "file") parts.push({ path, name });
      else if (entry.kind === "symlink") {
        nested = true;
        parts.push(this.followLink(path, name));
      }
    }
    if (!nested) return { files: parts as FoundRuleFile[], diagnostics: [] };
    if (!parts.some(isPromiseLike)) return mergeParts(parts as Array<FoundRuleFile | ScanResult>);
    return Promise.all(parts).then(mergeParts);
  }
}

/**
 * A file name without its rule extension, or `undefined` when it has none of `extensions`
 * (case-sensitive; the longest matching extension is removed, so `.instructions.md` wins over `.md`).
 */
export function stripRuleExtension(fileName: string, extensions: readonly string[]): string | undefined {
  let best: string | undefined;
  for (const ext of extensions) {
    if (fileName.length > ext.length && fileName.endsWith(ext) && (best === undefined || ext.length > best.length)) best = ext;
  }
  return best === undefined ? undefined : fileName.slice(0, -best.length);
}

function mergeParts(parts: ReadonlyArray<FoundRuleFile | ScanResult>): ScanResult {
  const result: ScanResult = { files: [], diagnostics: [] };
  for (const part of parts) {
    if (!("files" in part)) result.files.push(part);
    else {
      // A loop, not push(...): a folder can hold more files than a call takes arguments.
      for (const file of part.files) result.files.push(file);
      for (const d of part.diagnostics) result.diagnostics.push(d);
    }
  }
  return result;
}

/** Orders strings by the UTF-8 bytes of their names (code point order). */
export function compareBytes(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // UTF-16 order differs from code point order only when a surrogate meets U+E000..U+FFFF.
    if (x >= 0xd800 || y >= 0xd800) return (a.codePointAt(i) ?? 0) - (b.codePointAt(i) ?? 0);
    return x - y;
  }
  return a.length - b.length;
}

/**
 * Joins a folder and a name with the separator the folder already uses, unlike `path.join`:
 * a virtual or in-memory `RuleFs` with Windows-style paths keeps its `\` on any platform.
 */
export function joinPath(folder: string, name: string): string {
  if (folder.endsWith("/") || folder.endsWith("\\")) return folder + name;
  return `${folder}${folder.includes("\\") && !folder.includes("/") ? "\\" : "/"}${name}`;
}

/** Why a folder the listing named cannot be listed: its name was not UTF-8 and came back with U+FFFD in it. */
export const NOT_UTF8_FOLDER = "the folder name is not valid UTF-8, so it cannot be listed by name; its rules are not loaded; rename it";

import { errorText } from "../text/error-text.js";

export { errorText };
