import type { ProviderContext } from "../provider/provider.js";
import { joinPath } from "./scan.js";
import type { FirstCandidate, FirstCheck, FirstSource, SearchedPaths, SimpleSource } from "./types.js";

/** How deep a {@link FirstCheck} with extensions looks for a rule file. */
const CHECK_DEPTH = 8;

/**
 * The sources of the first present candidate of a {@link FirstSource}, or none. Every path
 * checked is added to `searched`, so a watcher sees a candidate appear or go.
 */
export async function chooseFirst(source: FirstSource, context: ProviderContext, searched: SearchedPaths): Promise<SimpleSource[]> {
  for (const candidate of source.of) {
    if (isCheck(candidate)) {
      if (await checkPresent(candidate, context, searched)) return [...(candidate.read ?? [])];
      continue;
    }
    const members: readonly SimpleSource[] = isSourceList(candidate) ? candidate : [candidate];
    for (const member of members) {
      if (await sourcePresent(member, source.present ?? "exists", context, searched)) return [...members];
    }
  }
  return [];
}

/** True for a candidate that is a {@link FirstCheck}. */
export function isCheck(candidate: FirstCandidate): candidate is FirstCheck {
  return !Array.isArray(candidate) && typeof candidate === "object" && candidate !== null && "check" in candidate;
}

function isSourceList(candidate: FirstCandidate): candidate is readonly SimpleSource[] {
  return Array.isArray(candidate);
}

/** A file or folder source is present when something is at its path; a stat that fails counts, so the read reports why. */
async function sourcePresent(source: SimpleSource, present: "exists" | "file", context: ProviderContext, searched: SearchedPaths): Promise<boolean> {
  if (source.kind === "pattern") return false;
  searched.files.push(source.path);
  try {
    const stat = await context.fs.stat(source.path);
    if (stat === undefined) return false;
    return present === "exists" || source.kind === "folder" || stat.kind === "file";
  } catch {
    return present === "exists";
  }
}

/** A check is about another source's path: when it cannot be looked at, that source reports it, and the check is absent. */
async function checkPresent(check: FirstCheck, context: ProviderContext, searched: SearchedPaths): Promise<boolean> {
  searched.files.push(check.check);
  try {
    const stat = await context.fs.stat(check.check);
    if (stat === undefined) return false;
    if (check.extensions) return stat.kind === "directory" && (await holdsRuleFile(check.check, check.extensions, context, searched, 0));
    return check.folder ? stat.kind === "directory" : true;
  } catch {
    return false;
  }
}

/** True when a folder holds a file with one of `extensions` at any depth (hidden entries and `node_modules` skipped, linked folders not entered, as a scan). */
async function holdsRuleFile(folder: string, extensions: readonly string[], context: ProviderContext, searched: SearchedPaths, depth: number): Promise<boolean> {
  if (depth > CHECK_DEPTH) return false;
  let entries: Awaited<ReturnType<ProviderContext["fs"]["readdir"]>>;
  try {
    entries = await context.fs.readdir(folder);
  } catch {
    return false;
  }
  searched.folders.push(folder);
  for (const entry of entries) {
    if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
    const path = joinPath(folder, entry.name);
    if (entry.kind === "directory") {
      if (await holdsRuleFile(path, extensions, context, searched, depth + 1)) return true;
      continue;
    }
    if (!extensions.some((e) => entry.name.endsWith(e))) continue;
    if (entry.kind === "file" || (entry.kind === "symlink" && (await kindOf(path, context)) === "file")) return true;
  }
  return false;
}

async function kindOf(path: string, context: ProviderContext): Promise<string | undefined> {
  try {
    return (await context.fs.stat(path))?.kind;
  } catch {
    return undefined;
  }
}
