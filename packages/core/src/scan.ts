import { createDiagnostic } from "./diagnostics.js";
import { isMissing } from "./fs.js";
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
  const diagnostics: Diagnostic[] = [];
  const maxDepth = options.maxDepth ?? 128;
  const provider = options.provider;

  const ruleName = (fileName: string): string | undefined => {
    for (const ext of options.extensions) {
      if (fileName.length > ext.length && fileName.endsWith(ext)) return fileName.slice(0, -ext.length);
    }
    return undefined;
  };

  const walk = async (folder: string, depth: number): Promise<FoundRuleFile[]> => {
    let entries: Awaited<ReturnType<typeof context.fs.readdir>>;
    try {
      entries = await context.fs.readdir(folder);
    } catch (error) {
      if (depth === 0 && (error as { code?: string }).code === "ENOENT") return [];
      if (depth === 0 && isMissing(error)) {
        const what = await context.fs.stat(folder).catch(() => undefined);
        if (what === undefined) return [];
        diagnostics.push(createDiagnostic("not-a-folder", "expected a folder of rules, found a file; ignored", { provider, path: folder }));
        return [];
      }
      diagnostics.push(createDiagnostic("folder-unreadable", `cannot list folder: ${errorText(error)}`, { provider, path: folder }));
      return [];
    }
    entries.sort((a, b) => compareBytes(a.name, b.name));
    const parts = await Promise.all(
      entries.map(async (entry): Promise<FoundRuleFile[]> => {
        if (entry.name.startsWith(".") || entry.name === "node_modules") return [];
        const path = joinPath(folder, entry.name);
        if (entry.kind === "directory") {
          if (depth + 1 > maxDepth) {
            diagnostics.push(
              createDiagnostic("folder-unreadable", `folder is nested deeper than ${maxDepth} levels; not entered`, { provider, path }),
            );
            return [];
          }
          return walk(path, depth + 1);
        }
        const name = ruleName(entry.name);
        if (name === undefined) return [];
        if (entry.kind === "file") return [{ path, name }];
        if (entry.kind !== "symlink") return [];
        try {
          const target = await context.fs.stat(path);
          if (target === undefined) {
            diagnostics.push(createDiagnostic("file-unreadable", "symlink points to nothing (dangling); ignored", { provider, path }));
            return [];
          }
          return target.kind === "file" ? [{ path, name }] : [];
        } catch (error) {
          diagnostics.push(createDiagnostic("file-unreadable", `cannot follow symlink: ${errorText(error)}`, { provider, path }));
          return [];
        }
      }),
    );
    return parts.flat();
  };

  const files = await walk(dir, 0);
  return { files, diagnostics };
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
