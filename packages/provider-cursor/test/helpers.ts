import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  DEFAULT_MAX_FILE_BYTES,
  type FolderEntry,
  type Provider,
  type ProviderContext,
  type RuleFs,
  nodeFs,
} from "@rulebook/core";
import { createTempProject, writeRules } from "@rulebook/core/testing";
import { onTestFinished } from "vitest";

/** Absolute path of `test/fixtures/<scenario>`. */
export function fixture(scenario: string): string {
  return fileURLToPath(new URL(`./fixtures/${scenario}`, import.meta.url));
}

/** A file's text, or a symlink to `symlink` (relative to the tree's root). */
export type TreeEntry = string | { symlink: string };

/**
 * Writes `entries` (paths with `/`, relative to a new temporary folder that already holds
 * empty `proj/` and `home/`) and returns that folder, which is removed when the test ends.
 */
export async function makeTree(entries: Record<string, TreeEntry>): Promise<string> {
  const project = await createTempProject({ prefix: "rulebook-provider-" });
  onTestFinished(() => project.cleanup());
  const files = Object.entries(entries).map(([path, entry]) => [
    path,
    typeof entry === "string" ? entry : { kind: "symlink" as const, target: join(project.root, entry.symlink) },
  ]);
  await writeRules({ root: project.root, files: Object.fromEntries(files) });
  return project.root;
}

/** Runs one provider's `load` as the core would, with Node's file system unless `fs` is given. */
export async function loadWith(provider: Provider, options: { cwd: string; home: string; fs?: RuleFs; maxFileBytes?: number }) {
  const context: ProviderContext = {
    cwd: options.cwd,
    home: options.home,
    fs: options.fs ?? nodeFs,
    maxFileBytes: options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES,
  };
  return provider.load(context);
}
/** An in-memory file system: absolute file paths to their text. Folders are implied by the paths. */
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
        if (name)
          entries.set(name, {
            name,
            kind: rest.length > 0 ? "directory" : "file",
          });
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

/** Node's file system, except that reading any of `paths` fails with EACCES. */
export function unreadableFs(paths: readonly string[]): RuleFs {
  return {
    ...nodeFs,
    async readFile(path, maxBytes) {
      if (paths.includes(path)) throw Object.assign(new Error(`EACCES: permission denied, open '${path}'`), { code: "EACCES" });
      return nodeFs.readFile(path, maxBytes);
    },
  };
}
