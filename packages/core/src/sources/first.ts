import type { ProviderContext } from "../provider/provider.js";
import { createDiagnostic } from "../rule/diagnostics.js";
import type { Diagnostic } from "../rule/types.js";
import { absoluteProblem, copyKeys, isStringList, show } from "./checks.js";
import type { ExpandContext, Expanded, PatternSource, ReadNested, SourceKind } from "./kind.js";
import { scanRuleFolderMaybe } from "./scan.js";
import type { FirstCandidate, FirstCheck, FirstSource, SearchedPaths, SimpleSource } from "./types.js";

const SIMPLE_KINDS = ["folder", "file", "pattern"];
const CHECK_KEYS = ["check", "extensions", "folder", "read"];

/**
 * The `first` kind: the first present of several candidates, e.g. Junie's `.junie/AGENTS.md`
 * else its legacy guidelines (docs/behaviour.md#providers).
 */
export const firstKind: SourceKind<FirstSource> = {
  name: "first",
  readsFiles: false,
  keys: ["of", "present", "warnIgnored"],
  problem: firstProblem,
  expand: (source, where) => chooseFirst(source, where),
  patterns: (source) =>
    source.of.flatMap((candidate) => {
      const members = isCheck(candidate) ? (candidate.read ?? []) : isSourceList(candidate) ? candidate : [candidate];
      return members.filter((member): member is PatternSource => member.kind === "pattern");
    }),
  // Its first candidate that is a source, so that candidate is chosen.
  place(source) {
    const candidate = source.of.find((c) => !isCheck(c));
    return candidate === undefined || isCheck(candidate) ? [] : isSourceList(candidate) ? [...candidate] : [candidate];
  },
};

/**
 * The sources of the first present candidate of a {@link FirstSource}, or none. Every path
 * checked is added to `searched`, so a watcher sees a candidate appear or go. With
 * `warnIgnored`, each later candidate that is present too is a warning: the tool reads the
 * chosen one instead, so what the other says reaches no one.
 */
async function chooseFirst(source: FirstSource, where: ExpandContext): Promise<Expanded> {
  const { context, searched } = where;
  const present = source.present ?? "exists";
  for (const [index, candidate] of source.of.entries()) {
    if (isCheck(candidate)) {
      if (await checkPresent(candidate, context, searched)) return { sources: [...(candidate.read ?? [])], diagnostics: [] };
      continue;
    }
    const members: readonly SimpleSource[] = isSourceList(candidate) ? candidate : [candidate];
    for (const member of members) {
      if (!(await sourcePresent(member, present, context, searched))) continue;
      const diagnostics = source.warnIgnored === undefined ? [] : await ignored(source, index, member, where);
      return { sources: [...members], diagnostics };
    }
  }
  return { sources: [], diagnostics: [] };
}

/** A warning for each present member of the candidates after the chosen one. */
async function ignored(source: FirstSource, chosenIndex: number, chosen: SimpleSource, where: ExpandContext): Promise<Diagnostic[]> {
  const read = "path" in chosen ? chosen.path : chosen.kind;
  const diagnostics: Diagnostic[] = [];
  for (const candidate of source.of.slice(chosenIndex + 1)) {
    if (isCheck(candidate)) continue;
    for (const member of isSourceList(candidate) ? candidate : [candidate]) {
      if (member.kind === "pattern" || !(await sourcePresent(member, "exists", where.context, where.searched))) continue;
      const message = `${member.path} is ignored: ${where.providerName} reads ${read} instead when it exists; move what it says there, or delete it`;
      diagnostics.push(createDiagnostic(source.warnIgnored as string, message, { path: member.path, provider: where.provider, severity: "warning" }));
    }
  }
  return diagnostics;
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
    if (check.extensions) return stat.kind === "directory" && (await holdsRuleFile(check.check, check.extensions, context, searched));
    return check.folder ? stat.kind === "directory" : true;
  } catch {
    return false;
  }
}

/** True when a folder holds a file with one of `extensions` at any depth, as the folder kind's scan finds them (hidden entries and `node_modules` skipped, linked folders not entered). */
async function holdsRuleFile(folder: string, extensions: readonly string[], context: ProviderContext, searched: SearchedPaths): Promise<boolean> {
  const scan = await scanRuleFolderMaybe(context, folder, { extensions, onFolder: (listed) => searched.folders.push(listed) });
  return scan.files.length > 0;
}

/** Checks every candidate of a `first` source and replaces them with plain copies. */
function firstProblem(s: Record<string, unknown>, read: ReadNested): string | undefined {
  if (s.present !== undefined && s.present !== "exists" && s.present !== "file") return `whose present is ${show(s.present)}`;
  if (s.warnIgnored !== undefined && (typeof s.warnIgnored !== "string" || s.warnIgnored === ""))
    return `whose warnIgnored is ${show(s.warnIgnored)}`;
  if (!Array.isArray(s.of)) return `whose of is ${show(s.of)}`;
  const of: unknown[] = [];
  for (const [i, candidate] of s.of.entries()) {
    const checked = readCandidate(candidate, read);
    if ("problem" in checked) return `whose candidate ${i + 1} is ${checked.problem}`;
    of.push(checked.value);
  }
  s.of = of;
  return undefined;
}

function readCandidate(candidate: unknown, read: ReadNested): { value: unknown } | { problem: string } {
  if (Array.isArray(candidate)) return readSimpleList(candidate, read);
  if (typeof candidate === "object" && candidate !== null && "check" in candidate) {
    const check = copyKeys(candidate, CHECK_KEYS);
    const path = absoluteProblem("path", check.check);
    if (path) return { problem: `a check ${path}` };
    if (check.extensions !== undefined && !isStringList(check.extensions)) return { problem: "a check whose extensions are not a list of strings" };
    if (check.folder !== undefined && typeof check.folder !== "boolean") return { problem: `a check whose folder is ${show(check.folder)}` };
    if (check.read === undefined) return { value: check };
    if (!Array.isArray(check.read)) return { problem: `a check whose read is ${show(check.read)}` };
    const members = readSimpleList(check.read, read);
    return "problem" in members ? members : { value: { ...check, read: members.value } };
  }
  const one = read(candidate, SIMPLE_KINDS);
  return "source" in one ? { value: one.source } : one;
}

function readSimpleList(list: readonly unknown[], read: ReadNested): { value: unknown[] } | { problem: string } {
  const value: unknown[] = [];
  for (const member of list) {
    const one = read(member, SIMPLE_KINDS);
    if ("problem" in one) return one;
    value.push(one.source);
  }
  return { value };
}
