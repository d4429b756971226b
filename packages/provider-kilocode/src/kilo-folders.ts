import { join } from "node:path";
import type { FolderEntry, ProviderContext } from "@rulebook/core/provider";

/** Rule file extensions of Kilo Code's rule folders (the same as Roo Code's, which it forks). */
export const EXTENSIONS = [".md", ".txt", ".xml"] as const;

const MAX_DEPTH = 8;

/** The entries of a folder, or none when it is missing or cannot be listed (the core reports what it reads). */
async function listFolder(context: ProviderContext, path: string): Promise<FolderEntry[]> {
  try {
    return await context.fs.readdir(path);
  } catch {
    return [];
  }
}

/** The modes that have a `rules-<mode>` folder in the project's `.kilocode`, in byte order. */
export async function modeFolders(context: ProviderContext, kiloFolder: string): Promise<string[]> {
  const modes: string[] = [];
  for (const entry of await listFolder(context, kiloFolder)) {
    if (!entry.name.startsWith("rules-") || entry.name === "rules-") continue;
    const kind = entry.kind === "symlink" ? await statKind(context, join(kiloFolder, entry.name)) : entry.kind;
    if (kind === "directory") modes.push(entry.name.slice("rules-".length));
  }
  return modes.sort();
}

/** The modes of the legacy `.kilocoderules-<mode>` files at the project root, in byte order. */
export async function legacyModes(context: ProviderContext): Promise<string[]> {
  const modes: string[] = [];
  for (const entry of await listFolder(context, context.root)) {
    if (entry.name.startsWith(".kilocoderules-") && entry.name !== ".kilocoderules-" && entry.kind !== "directory") {
      modes.push(entry.name.slice(".kilocoderules-".length));
    }
  }
  return modes.sort();
}

/**
 * True when a rule folder holds at least one rule file, at any depth (hidden entries and
 * `node_modules` skipped, as the core's scan does): Kilo Code falls back to `.kilocoderules` otherwise.
 */
export async function hasRuleFile(context: ProviderContext, folder: string, depth = 0): Promise<boolean> {
  if (depth > MAX_DEPTH) return false;
  for (const entry of await listFolder(context, folder)) {
    if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
    const path = join(folder, entry.name);
    const kind = entry.kind === "symlink" ? await statKind(context, path) : entry.kind;
    if (kind === "file" && EXTENSIONS.some((e) => entry.name.endsWith(e))) return true;
    // The core does not enter linked folders, so neither does this check.
    if (entry.kind === "directory" && (await hasRuleFile(context, path, depth + 1))) return true;
  }
  return false;
}

async function statKind(context: ProviderContext, path: string): Promise<string | undefined> {
  try {
    return (await context.fs.stat(path))?.kind;
  } catch {
    return undefined;
  }
}
