import { runProviders } from "../load/load.js";
import { type FolderEntry, type RuleFs, nodeFs } from "../read/fs.js";
import type { Provider, ProviderResult } from "../provider/provider.js";

/** An in-memory file system: absolute file paths to their text; folders are implied by the paths. Records every call. */
export function memoryFs(files: Record<string, string>): RuleFs & { calls: string[] } {
  const calls: string[] = [];
  const missing = (path: string) => Object.assign(new Error(`ENOENT: ${path}`), { code: "ENOENT" });
  const isFolder = (path: string) => Object.keys(files).some((f) => f.startsWith(`${path.replace(/\/$/, "")}/`));
  return {
    calls,
    async readdir(path) {
      calls.push(`readdir ${path}`);
      if (!isFolder(path)) throw missing(path);
      const prefix = `${path.replace(/\/$/, "")}/`;
      const entries = new Map<string, FolderEntry>();
      for (const file of Object.keys(files)) {
        if (!file.startsWith(prefix)) continue;
        const [name, ...rest] = file.slice(prefix.length).split("/");
        if (name) entries.set(name, { name, kind: rest.length > 0 ? "directory" : "file" });
      }
      return [...entries.values()];
    },
    async stat(path) {
      calls.push(`stat ${path}`);
      const text = files[path];
      if (text !== undefined) return { kind: "file", size: Buffer.byteLength(text) };
      return isFolder(path) ? { kind: "directory", size: 0 } : undefined;
    },
    async readFile(path, maxBytes) {
      calls.push(`readFile ${path}`);
      const text = files[path];
      if (text === undefined) throw missing(path);
      const bytes = new TextEncoder().encode(text);
      return bytes.length > maxBytes ? { tooLarge: bytes.length } : { bytes };
    },
  };
}

/** Node's file system, except that reading any of `paths` fails with EACCES (root ignores chmod). */
export function unreadableFs(paths: readonly string[], base: RuleFs = nodeFs): RuleFs {
  return {
    ...base,
    async readFile(path, maxBytes) {
      if (paths.includes(path)) throw Object.assign(new Error(`EACCES: permission denied, open '${path}'`), { code: "EACCES" });
      return base.readFile(path, maxBytes);
    },
  };
}

/**
 * Runs one provider the way the core does (its sources read, its `load` hook called, every
 * rule validated) and returns its rules before merging, in its own order, with the diagnostics.
 */
export async function loadProvider(
  provider: Provider,
  options: { cwd: string; home: string; root?: string; fs?: RuleFs; maxFileBytes?: number; trusted?: boolean },
): Promise<ProviderResult> {
  const run = await runProviders([provider], options);
  return { rules: run.candidates, diagnostics: run.diagnostics };
}
