import type { ProviderContext } from "../provider/provider.js";
import { createDiagnostic } from "../rule/diagnostics.js";
import { errorText } from "../text/error-text.js";
import { absoluteProblem, show } from "./checks.js";
import type { Expanded, SourceKind } from "./kind.js";
import { joinPath } from "./scan.js";
import type { EachSource, SearchedPaths } from "./types.js";

/** What the `source` function of an {@link EachSource} returned for each matching entry, or why it failed. */
type EachResult = { value: unknown } | { problem: string };

/** What an `each` source's function may return: a source read as declared, or a `first`. */
const EACH_RETURNS = ["folder", "file", "first"];

/**
 * The `each` kind: one source per entry of a folder whose name starts with a prefix, e.g. Roo's
 * `.roo/rules-<mode>/` folders (docs/behaviour.md#providers).
 */
export const eachKind: SourceKind<EachSource> = {
  name: "each",
  readsFiles: false,
  keys: ["in", "prefix", "entries", "source"],
  problem: (s) =>
    absoluteProblem("in", s.in) ??
    (typeof s.prefix !== "string" ? `whose prefix is ${show(s.prefix)}` : undefined) ??
    (s.entries !== "folder" && s.entries !== "file" ? `whose entries is ${show(s.entries)}` : undefined) ??
    (typeof s.source === "function" ? undefined : "whose source is not a function"),
  async expand(source, where, expand) {
    const out: Expanded = { sources: [], diagnostics: [] };
    for (const result of await eachEntry(source, where.context, where.searched)) {
      const read = "value" in result ? where.read(result.value, EACH_RETURNS) : result;
      if ("problem" in read) {
        const message = `provider "${where.provider}" sources() returned ${read.problem}; that source is skipped`;
        out.diagnostics.push(createDiagnostic("provider-failed", message, { provider: where.provider }));
      } else {
        const inner = await expand(read.source, where);
        out.sources.push(...inner.sources);
        out.diagnostics.push(...inner.diagnostics);
      }
    }
    return out;
  },
  patterns: () => [],
  // Where it stands in the project as it is (the contract's is empty).
  place: async (source, _context, expandHere) => (await expandHere(source)).sources,
};

/**
 * Lists the folder of an {@link EachSource} and asks its `source` function for each entry whose
 * name starts with the prefix (in byte order). A folder that is missing or cannot be listed
 * gives nothing: the sources that read inside it report what is wrong.
 */
async function eachEntry(source: EachSource, context: ProviderContext, searched: SearchedPaths): Promise<EachResult[]> {
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
