import { type CompiledGlob, compileGlob } from "./compile.js";
import type { CategorizedRule } from "../rule/partition.js";
import { normalizeScope, pathInScope, toProjectPath } from "./scope.js";
import { shortenText } from "../text/text-cut.js";
import type { Rule } from "../rule/types.js";

export {
  MAX_GLOB_ALTERNATIVES,
  MAX_GLOB_BRACE_DEPTH,
  MAX_GLOB_LENGTH,
  MAX_GLOB_WILDCARDS,
  globProblem,
} from "./compile.js";
export { normalizeScope, pathInScope, scopeDepth, toProjectPath } from "./scope.js";

/** A glob that is not matched, and why (see {@link globProblem}). */
export interface RefusedGlob {
  /** The glob as written, `!` included. */
  glob: string;
  problem: string;
}

/** Why a rule's globs did or did not select a file. */
export interface GlobMatch {
  matched: boolean;
  /** The glob that selected the file (when matched) or excluded it (a `!` glob). */
  glob?: string;
  /** One sentence a user can read. */
  reason: string;
  /** Globs of the rule that were refused and took no part, when there are any. */
  refused?: RefusedGlob[];
}

interface Entry {
  /** As written, without its `!`. */
  glob: string;
  /** Without a leading `./` or `/`: what the scope prefix is checked on. */
  relative: string;
  match: (path: string) => boolean;
}
interface CompiledGlobs {
  include: Entry[];
  exclude: Entry[];
  refused: RefusedGlob[];
}

const compiled = new WeakMap<readonly string[], CompiledGlobs>();
const compiledIgnoringCase = new WeakMap<readonly string[], CompiledGlobs>();
// Reasons quote globs; a refused one can be a megabyte long.
const QUOTED_GLOB_LENGTH = 80;

/**
 * Why a glob that compiles can still never select a file, or undefined: a backslash-escaped
 * wildcard (`docs/\\*_/_.{md,mdx}`, how Prettier rewrites `**` in Markdown) asks for a literal
 * `*` or `?` in a name, and a last segment ending in `.` (`/**\/*.`) asks for a name ending in a
 * dot; real files have neither. Reported as `glob-never-matches` on the glob's line.
 */
export function globNeverMatches(glob: string): string | undefined {
  const pattern = glob.startsWith("!") ? glob.slice(1) : glob;
  if (/\\[*?]/.test(pattern)) {
    return `glob ${JSON.stringify(shortenText(glob, QUOTED_GLOB_LENGTH))} escapes a wildcard (\\* or \\?), so it asks for a file name holding a literal * or ?; it never matches (a formatter may have escaped it)`;
  }
  const last = pattern.slice(pattern.lastIndexOf("/") + 1);
  if (last.endsWith(".") && last !== "." && last !== "..") {
    return `glob ${JSON.stringify(shortenText(glob, QUOTED_GLOB_LENGTH))} asks for a file name ending in "."; it never matches (an extension is missing?)`;
  }
  return undefined;
}

/** Options of {@link matchGlobs}. */
export interface MatchGlobsOptions {
  /** Match ignoring case, as Copilot matches `applyTo` (a rule's `globsIgnoreCase`). Default false. */
  ignoreCase?: boolean;
}

/**
 * Matches a project-relative path against a rule's globs (docs/behaviour.md#scope-and-globs): `**`, `*`, `?`, `[...]`,
 * `{a,b}` and `{1..3}`, a leading `!` excludes. A glob without `/` matches the file name at
 * any depth (`*.ts` selects `src/a.ts`), `*` matches dot files, a leading `./` or `/` means
 * the folder globs are relative to, parentheses and `|` are plain characters. With a
 * `scope`, only paths inside it match, and globs are relative to it, except a glob that
 * already starts with the scope (`packages/web/src/**`, as nested Cursor rules write them),
 * which is matched against the whole project path. A refused glob (see {@link globProblem})
 * matches nothing and is named in `refused`; a rule left with no usable glob matches nothing.
 * With `ignoreCase`, letters match whatever their case.
 */
export function matchGlobs(globs: readonly string[], projectPath: string, scope?: string, options: MatchGlobsOptions = {}): GlobMatch {
  const folder = normalizeScope(scope);
  const inScope = pathInScope(projectPath, folder);
  if (inScope === undefined) return { matched: false, reason: `outside the rule's folder ${folder}/` };
  const ignoreCase = options.ignoreCase === true;
  const { include, exclude, refused } = compileGlobs(globs, ignoreCase);
  const note = refused.length > 0 ? { refused } : {};
  // Ignoring case, patterns were compiled lower-cased and paths are lower-cased once: still one linear pass.
  const fold = (path: string) => (ignoreCase ? path.toLowerCase() : path);
  const target = (entry: Entry) => fold(folder !== undefined && entry.relative.startsWith(`${folder}/`) ? projectPath : inScope);
  const excluded = exclude.find((entry) => entry.match(target(entry)));
  if (excluded)
    return { matched: false, glob: `!${excluded.glob}`, reason: `excluded by !${shortenText(excluded.glob, QUOTED_GLOB_LENGTH)}`, ...note };
  if (include.length === 0) {
    // Only when every inclusion the author wrote was refused: such a rule must not start applying everywhere.
    if (refused.some((r) => !r.glob.startsWith("!"))) return { matched: false, reason: `no usable glob; refused: ${refusedText(refused)}`, ...note };
    return { matched: true, reason: "only exclusions, none of which match", ...note };
  }
  const hit = include.find((entry) => entry.match(target(entry)));
  if (hit) return { matched: true, glob: hit.glob, reason: `matches ${shortenText(hit.glob, QUOTED_GLOB_LENGTH)}`, ...note };
  const refusedNote = refused.length > 0 ? `; refused: ${refusedText(refused)}` : "";
  return {
    matched: false,
    reason: `matches none of ${include.map((entry) => shortenText(entry.glob, QUOTED_GLOB_LENGTH)).join(", ")}${refusedNote}`,
    ...note,
  };
}

/**
 * One glob (without `!`) as {@link matchGlobs} matches it inside `scope` (normalised), minus the
 * reasons: for a check that tries one glob on many paths. `undefined` for a refused glob, which
 * matches nothing.
 */
export function globMatcher(glob: string, scope: string | undefined, ignoreCase: boolean): ((projectPath: string) => boolean) | undefined {
  const inScope = (path: string) => (scope === undefined ? path : path.startsWith(`${scope}/`) ? path.slice(scope.length + 1) : undefined);
  // An empty glob is skipped: a rule with no inclusion left matches whatever is in its folder.
  if (glob === "") return (path) => inScope(path) !== undefined;
  const compiled = compileGlob(ignoreCase ? glob.toLowerCase() : glob);
  if ("problem" in compiled) return undefined;
  const whole = scope !== undefined && glob.replace(/^(?:\.\/|\/)+/, "").startsWith(`${scope}/`);
  return (path) => {
    const relative = inScope(path);
    if (relative === undefined) return false;
    const target = whole ? path : relative;
    return compiled.match(ignoreCase ? target.toLowerCase() : target);
  };
}

/** The decision for one rule and one file. */
export interface FileRuleDecision {
  rule: Rule;
  /** Whether the rule's content or listing applies to this file. */
  applies: boolean;
  /** How: `always-apply`, `glob`, or `listed` (a rulebook rule without globs stays listed). */
  how?: "always-apply" | "glob" | "listed";
  /** The glob that matched, when `how` is `glob`. */
  glob?: string;
  /** The rule's folder, when it is limited to one (normalised). */
  scope?: string;
  reason: string;
}

/**
 * For one file, decides for every categorised rule whether it applies and why. Paths
 * outside `root` match no glob. A scoped rule (docs/behaviour.md#scope-and-globs) applies only to files inside its
 * folder: a scoped always-apply rule applies when its folder contains the file, an unscoped
 * one always; globs of a scoped rule are read as {@link matchGlobs} says.
 */
export function explainFile(rules: readonly CategorizedRule[], file: string, root: string): FileRuleDecision[] {
  const projectPath = toProjectPath(file, root);
  return rules.map(({ rule, category, reason }): FileRuleDecision => {
    if (category === "ttsr") return { rule, applies: false, reason: "stream trigger: fires on the model's output, not on files" };
    if (category === "inactive") return { rule, applies: false, reason: `inactive: ${reason}` };
    const scope = normalizeScope(rule.scope);
    if (scope === undefined && category === "always-apply") return { rule, applies: true, how: "always-apply", reason: "always applied" };
    const where = scope !== undefined ? { scope } : {};
    if (scope !== undefined) {
      if (projectPath === undefined) return { rule, applies: false, ...where, reason: `limited to ${scope}/; the file is outside the project root` };
      if (pathInScope(projectPath, scope) === undefined) {
        return { rule, applies: false, ...where, reason: `limited to ${scope}/, which does not contain the file` };
      }
      if (category === "always-apply")
        return { rule, applies: true, how: "always-apply", ...where, reason: `always applied inside ${scope}/, which contains the file` };
    }
    if (!rule.globs) {
      const listed = scope !== undefined ? `for files in ${scope}/ (no globs)` : "for every file (no globs)";
      return { rule, applies: category === "rulebook", how: "listed", ...where, reason: `listed in the rulebook ${listed}` };
    }
    if (projectPath === undefined) return { rule, applies: false, reason: "the file is outside the project root" };
    const match = matchGlobs(rule.globs, projectPath, scope, { ignoreCase: rule.globsIgnoreCase === true });
    if (!match.matched) {
      const offered = category === "auto-attach" && rule.description !== undefined ? "; listed in the rulebook by its description" : "";
      return { rule, applies: false, ...where, reason: `not matched: ${match.reason}${offered}` };
    }
    return {
      rule,
      applies: true,
      how: "glob",
      ...(match.glob !== undefined && { glob: match.glob }),
      ...where,
      reason: category === "auto-attach" ? `attached: ${match.reason}` : `listed first in the rulebook: ${match.reason}`,
    };
  });
}

/** A rule selected by a file. */
export interface GlobSelection {
  rule: Rule;
  /** The first file (project-relative) that selected it. */
  file: string;
  /** The glob that matched; absent for an always-apply rule. */
  glob?: string;
}

/**
 * Which rules apply to any of `files` (docs/behaviour.md#scope-and-globs): one entry per rule, in the order of `rules`,
 * with the first file (and glob) that selected it. Rules with globs are selected by them;
 * an always-apply rule by any file inside the project (unscoped) or inside its folder
 * (scoped); other rules are not selected. Files outside `root` select nothing.
 */
export function selectRulesForFiles(rules: readonly Rule[], files: readonly string[], root: string): GlobSelection[] {
  const paths = files.map((f) => toProjectPath(f, root)).filter((p): p is string => p !== undefined);
  const selected: GlobSelection[] = [];
  for (const rule of rules) {
    const scope = normalizeScope(rule.scope);
    for (const file of paths) {
      if (rule.alwaysApply) {
        if (pathInScope(file, scope) === undefined) continue;
        selected.push({ rule, file });
        break;
      }
      if (!rule.globs) break;
      const match = matchGlobs(rule.globs, file, scope, { ignoreCase: rule.globsIgnoreCase === true });
      if (match.matched) {
        selected.push({ rule, file, ...(match.glob !== undefined && { glob: match.glob }) });
        break;
      }
    }
  }
  return selected;
}

function compileGlobs(globs: readonly string[], ignoreCase: boolean): CompiledGlobs {
  const cache = ignoreCase ? compiledIgnoringCase : compiled;
  let entry = cache.get(globs);
  if (entry) return entry;
  entry = { include: [], exclude: [], refused: [] };
  for (const glob of globs) {
    const negated = glob.startsWith("!");
    const pattern = negated ? glob.slice(1) : glob;
    if (pattern === "") continue;
    const result: CompiledGlob = compileGlob(ignoreCase ? pattern.toLowerCase() : pattern);
    if ("problem" in result) entry.refused.push({ glob, problem: result.problem });
    else {
      const relative = pattern.replace(/^(?:\.\/|\/)+/, "");
      (negated ? entry.exclude : entry.include).push({ glob: pattern, relative, match: result.match });
    }
  }
  cache.set(globs, entry);
  return entry;
}

function refusedText(refused: readonly RefusedGlob[]): string {
  return refused.map((r) => `${shortenText(r.glob, QUOTED_GLOB_LENGTH)} (${r.problem})`).join(", ");
}
