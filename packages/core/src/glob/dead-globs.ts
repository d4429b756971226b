import { createDiagnostic } from "../rule/diagnostics.js";
import type { CategorizedRule } from "../rule/partition.js";
import type { Diagnostic, Rule } from "../rule/types.js";
import { shortenText } from "../text/text-cut.js";
import { globMatcher } from "./globs.js";
import { normalizeScope } from "./scope.js";

// Messages quote globs and folders; a hostile one can be a megabyte long.
const QUOTED = 80;

/** A glob that selects no file of the project, with its rule and the warning that says so. */
export interface DeadGlob {
  rule: Rule;
  /** The glob as the rule holds it. */
  glob: string;
  diagnostic: Diagnostic;
}

/**
 * A diagnostic for each glob of an auto-attach rule (or a rulebook rule with globs) that selects
 * no file of `files`, the project's walked tree (docs/behaviour.md#diagnostics): a
 * `glob-matches-no-file` warning when no glob of the rule matches (it never comes in), a
 * `glob-unmatched` info when its other globs do (a rule written for `*.tsx` and `*.jsx` in a
 * TypeScript project). A glob naming a hidden folder (`.github/**`) is not judged, since
 * the walk does not enter hidden folders; exclusions (`!…`) and the user's own rules (written for
 * every project) are not judged either. The warning
 * names the rule, the glob and, when the glob's folder does not exist, a folder of the project
 * whose name is one or two letters away (`src/componets/` → `src/components/`).
 */
export function findDeadGlobs(rules: readonly CategorizedRule[], files: readonly string[]): DeadGlob[] {
  const tree = new ProjectTree(files);
  const dead: DeadGlob[] = [];
  for (const { rule, category } of rules) {
    // A user's own rules are written for every project they work on, not this one.
    if (!rule.globs || (category !== "auto-attach" && category !== "rulebook") || rule.source.level === "user") continue;
    const scope = normalizeScope(rule.scope);
    const ignoreCase = rule.globsIgnoreCase === true;
    const judged = rule.globs.filter((glob) => !glob.startsWith("!") && !namesHiddenFolder(glob));
    const unmatched = judged.filter((glob) => !tree.selects(glob, scope, ignoreCase));
    // Every glob dead: the rule never comes in (a warning). Some: it still does, through the others (an info).
    const never = unmatched.length === judged.length && judged.length === rule.globs.filter((glob) => !glob.startsWith("!")).length;
    for (const glob of unmatched) {
      const where = scope === undefined ? "the project" : `${scope}/`;
      const outcome = never ? ", so the rule never comes in" : "; the rule comes in through its other globs";
      const message =
        `glob ${JSON.stringify(shortenText(glob, QUOTED))} of rule "${shortenText(rule.name, QUOTED)}" matches no file in ${where}` +
        ` (files git ignores are not counted)${outcome}${tree.hint(glob, scope)}`;
      const code = never ? "glob-matches-no-file" : "glob-unmatched";
      dead.push({ rule, glob, diagnostic: createDiagnostic(code, message, { provider: rule.source.provider, path: rule.path }) });
    }
  }
  return dead;
}

/** True when a glob names a hidden folder literally (`.github/workflows/*.yml`), which the walk does not enter. */
function namesHiddenFolder(glob: string): boolean {
  const segments = glob.replace(/^(?:\.\/|\/)+/, "").split("/");
  return segments.slice(0, -1).some((segment) => segment.startsWith(".") && segment !== "." && segment !== "..");
}

/** The literal folder a glob starts with, before its first wildcard (`src/app` for `src/app/**\/*.ts`), or "". */
function literalFolder(glob: string): string {
  const segments = glob.replace(/^(?:\.\/|\/)+/, "").split("/");
  const literal: string[] = [];
  for (const segment of segments.slice(0, -1)) {
    // `.`, `..` and an empty segment are not a folder's name: no literal folder past them.
    if (/[*?[\]{}!\\]/.test(segment) || segment === "" || segment === "." || segment === "..") break;
    literal.push(segment);
  }
  return literal.join("/");
}

/** The one of two prefixes of the same path that says more (either, when neither extends the other: then no path has both). */
function longer(a: string, b: string): string {
  return a.length >= b.length ? a : b;
}

function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The run of `sorted` (code-unit order) that starts with `prefix`, found by binary search. */
function startingWith(sorted: readonly string[], prefix: string): readonly string[] {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as string) < prefix) lo = mid + 1;
    else hi = mid;
  }
  let end = lo;
  while (end < sorted.length && (sorted[end] as string).startsWith(prefix)) end++;
  return sorted.slice(lo, end);
}

/**
 * The project's files, indexed so that a glob is tried only on the files that could match it,
 * and each glob judged once per scope: real rule sets repeat their globs (`**\/*.ts` in rule
 * after rule), and trying every glob of every rule on every file was rules × files.
 */
class ProjectTree {
  /** Every file, in code-unit order (so the files under a folder are one run), and the same per extension. */
  private readonly sorted: string[];
  private readonly byExtension = new Map<string, string[]>();
  private readonly folders = new Set<string>([""]);
  private readonly judged = new Map<string, boolean>();

  constructor(files: readonly string[]) {
    this.sorted = [...files].sort(byCodeUnits);
    for (const file of this.sorted) {
      const list = this.byExtension.get(extensionOf(file));
      if (list) list.push(file);
      else this.byExtension.set(extensionOf(file), [file]);
      for (let at = file.indexOf("/"); at !== -1; at = file.indexOf("/", at + 1)) this.folders.add(file.slice(0, at));
    }
  }

  /** Whether `glob` (no `!`) selects a file in `scope` (normalised), as matchGlobs would judge each file. */
  selects(glob: string, scope: string | undefined, ignoreCase: boolean): boolean {
    const key = `${ignoreCase ? "i" : "c"}${scope ?? ""}\0${glob}`;
    let selects = this.judged.get(key);
    if (selects === undefined) {
      const match = globMatcher(glob, scope, ignoreCase);
      selects = match !== undefined && this.candidates(glob, scope, ignoreCase).some(match);
      this.judged.set(key, selects);
    }
    return selects;
  }

  /**
   * The files a glob could match: those with its extension when its last segment ends in a
   * literal one (`*.tsx`), under its literal folder (`src/app` of `src/app/**`) and its scope.
   */
  private candidates(glob: string, scope: string | undefined, ignoreCase: boolean): readonly string[] {
    const last = glob.slice(glob.lastIndexOf("/") + 1);
    const literalExtension = ignoreCase ? null : /^[^[\]{}\\]*\*\.([A-Za-z0-9_-]+)$/.exec(last);
    const files = literalExtension ? (this.byExtension.get(literalExtension[1] as string) ?? []) : this.sorted;
    // Ignoring case, a literal folder is no prefix of the paths it matches.
    const literal = ignoreCase ? "" : literalFolder(glob);
    const relative = glob.replace(/^(?:\.\/|\/)+/, "");
    // As matchGlobs reads a scoped rule's glob: from the root when it starts with the scope, else inside it.
    let prefix = scope === undefined ? literal : `${scope}/`;
    if (scope !== undefined && literal !== "") prefix = relative.startsWith(`${scope}/`) ? longer(literal, prefix) : `${scope}/${literal}`;
    return prefix === "" ? files : startingWith(files, prefix);
  }

  /** `; the folder x/ does not exist (did you mean y/?)` or `` when the glob's folder exists. */
  hint(glob: string, scope: string | undefined): string {
    const literal = literalFolder(glob);
    if (literal === "") return "";
    const inScope = scope !== undefined && !literal.startsWith(`${scope}/`) && literal !== scope ? `${scope}/${literal}` : literal;
    if (this.folders.has(inScope)) return "";
    const segments = inScope.split("/");
    let known = "";
    for (const segment of segments) {
      const next = known === "" ? segment : `${known}/${segment}`;
      if (!this.folders.has(next)) {
        const near = this.nearFolder(known, segment);
        const missing = shortenText(`${inScope}/`, QUOTED);
        return near === undefined
          ? `; the folder ${missing} does not exist`
          : `; the folder ${missing} does not exist (did you mean ${shortenText(`${near}/`, QUOTED)}?)`;
      }
      known = next;
    }
    return "";
  }

  /** A folder of `parent` whose name is at most two edits from `name` (or equal ignoring case), the closest first. */
  private nearFolder(parent: string, name: string): string | undefined {
    const prefix = parent === "" ? "" : `${parent}/`;
    let best: { path: string; distance: number } | undefined;
    for (const folder of this.folders) {
      if (!folder.startsWith(prefix) || folder === parent || folder.includes("/", prefix.length)) continue;
      const candidate = folder.slice(prefix.length);
      const distance = candidate.toLowerCase() === name.toLowerCase() ? 0 : editDistance(candidate, name, 2);
      if (distance <= 2 && (best === undefined || distance < best.distance)) best = { path: folder, distance };
    }
    return best?.path;
  }
}

function extensionOf(file: string): string {
  const dot = file.lastIndexOf(".");
  return dot > file.lastIndexOf("/") ? file.slice(dot + 1) : "";
}

/** Levenshtein distance, or `limit + 1` as soon as it must exceed `limit` (names are short; the band keeps it linear). */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + cost);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length] as number;
}
