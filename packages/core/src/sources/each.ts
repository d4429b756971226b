import { errorText } from "../text/error-text.js";
import type { ProviderContext } from "../provider/provider.js";
import { joinPath } from "./scan.js";
import type { EachSource, SearchedPaths } from "./types.js";

/** What the `source` function of an {@link EachSource} returned for each matching entry, or why it failed. */
export type EachResult = { value: unknown } | { problem: string };

/**
 * Lists the folder of an {@link EachSource} and asks its `source` function for each entry whose
 * name starts with the prefix (in byte order). A folder that is missing or cannot be listed
 * gives nothing: the sources that read inside it report what is wrong.
 */
export async function eachEntry(source: EachSource, context: ProviderContext, searched: SearchedPaths): Promise<EachResult[]> {
  let entries: Awaited<ReturnType<ProviderContext["fs"]["readdir"]>>;
  try {
    entries = await context.fs.readdir(source.in);
  } catch {
    return [];
  }
  searched.folders.push(source.in);
  const names: string[] = [];
  for (const entry of entries) {
    if (!entry.name.startsWith(source.prefix) || entry.name === source.prefix) continue;
    const isFolder = entry.kind === "symlink" ? await linksToFolder(joinPath(source.in, entry.name), context) : entry.kind === "directory";
    if (isFolder === (source.entries === "folder")) names.push(entry.name);
  }
  return names.sort().map((name) => {
    try {
      return { value: source.source(name.slice(source.prefix.length), joinPath(source.in, name)) };
    } catch (error) {
      return { problem: `an each source whose source() failed for ${JSON.stringify(name)} (${errorText(error)})` };
    }
  });
}

async function linksToFolder(path: string, context: ProviderContext): Promise<boolean> {
  try {
    return (await context.fs.stat(path))?.kind === "directory";
  } catch {
    return false;
  }
}
