import { type DiagnosticCode, createDiagnostic } from "./diagnostics.js";
import { type FolderEntry, isMissing } from "./fs.js";
import type { ProviderContext } from "./provider.js";
import type { Diagnostic } from "./types.js";

/** A rule file found by {@link scanRuleFolder}. */
export interface FoundRuleFile {
  /** Absolute path (for a symlinked file, the link's path). */
  path: string;
  /** File name without its rule extension: `foo.bar.md` → `foo.bar`. */
  name: string;
}

/** Options of {@link scanRuleFolder}. */
export interface ScanOptions {
  /** Rule extensions, matched case-sensitively at the end of the name, e.g. `[".md", ".mdc"]`. */
  extensions: readonly string[];
  /** Provider id for diagnostics. */
  provider?: string;
  /** Folders deeper than this are not entered (diagnostic). Default 128. */
  maxDepth?: number;
}

/** What {@link scanRuleFolder} returns. */
export interface ScanResult {
  files: FoundRuleFile[];
  diagnostics: Diagnostic[];
}

/**
 * Lists the rule files under `dir` (SPEC §3): depth first, each folder's entries in byte
 * order of their names, skipping names that start with `.` and `node_modules`, reading
 * symlinked files but not entering symlinked folders. A missing folder yields nothing.
 */
export async function scanRuleFolder(context: ProviderContext, dir: string, options: ScanOptions): Promise<ScanResult> {
  const maxDepth = options.maxDepth ?? 128;
  const provider = options.provider;
  const none: ScanResult = { files: [], diagnostics: [] };
  const problem = (code: DiagnosticCode, message: string, path: string): ScanResult => ({
    files: [],
    diagnostics: [createDiagnostic(code, message, { provider, path })],
  });

  const ruleName = (fileName: string): string | undefined => {
    for (const ext of options.extensions) {
      if (fileName.length > ext.length && fileName.endsWith(ext)) return fileName.slice(0, -ext.length);
    }
    return undefined;
  };

  // Symlinks need a stat to tell files from folders; only they and folders go async.
  const followLink = async (path: string, name: string): Promise<ScanResult> => {
    try {
      const target = await context.fs.stat(path);
      if (target === undefined) return problem("file-unreadable", "symlink points to nothing (dangling); ignored", path);
      return target.kind === "file" ? { files: [{ path, name }], diagnostics: [] } : none;
    } catch (error) {
      return problem("file-unreadable", `cannot follow symlink: ${errorText(error)}`, path);
    }
  };

  const walk = async (folder: string, depth: number): Promise<ScanResult> => {
    let entries: FolderEntry[];
    try {
      entries = await context.fs.readdir(folder);
    } catch (error) {
      if (depth > 0 || !isMissing(error)) return problem("folder-unreadable", `cannot list folder: ${errorText(error)}`, folder);
      // The root is missing (silent) or is a file (worth saying).
      if ((error as { code?: string }).code === "ENOENT") return none;
      const what = await context.fs.stat(folder).catch(() => undefined);
      return what === undefined ? none : problem("not-a-folder", "expected a folder of rules, found a file; ignored", folder);
    }
    entries.sort((a, b) => compareBytes(a.name, b.name));
    // Plain files are taken in place; folders and symlinks are visited concurrently and
    // spliced back in order, so results stay deterministic.
    const parts: Array<FoundRuleFile | Promise<ScanResult> | ScanResult> = [];
    let pending = false;
    for (const entry of entries) {
      if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
      const path = joinPath(folder, entry.name);
      if (entry.kind === "directory") {
        pending = true;
        parts.push(
          depth + 1 > maxDepth
            ? problem("folder-unreadable", `folder is nested deeper than ${maxDepth} levels; not entered`, path)
            : walk(path, depth + 1),
        );
        continue;
      }
      const name = ruleName(entry.name);
      if (name === undefined) continue;
      if (entry.kind === "file") parts.push({ path, name });
      else if (entry.kind === "symlink") {
        pending = true;
        parts.push(followLink(path, name));
      }
    }
    if (!pending) return { files: parts as FoundRuleFile[], diagnostics: [] };
    const settled = await Promise.all(parts);
    const result: ScanResult = { files: [], diagnostics: [] };
    for (const part of settled) {
      if (!("files" in part)) result.files.push(part);
      else {
        // A loop, not push(...): a folder can hold more files than a call takes arguments.
        for (const file of part.files) result.files.push(file);
        for (const d of part.diagnostics) result.diagnostics.push(d);
      }
    }
    return result;
  };

  return walk(dir, 0);
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

/** Joins a folder and a name with the separator the folder already uses. */
export function joinPath(folder: string, name: string): string {
  if (folder.endsWith("/") || folder.endsWith("\\")) return folder + name;
  return `${folder}${folder.includes("\\") && !folder.includes("/") ? "\\" : "/"}${name}`;
}

/** A short description of an I/O error: its code and message. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
