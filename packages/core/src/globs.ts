import type picomatchModule from "picomatch";
import { lazyRequire } from "./lazy-require.js";
import type { CategorizedRule } from "./partition.js";
import type { Rule } from "./types.js";

/** Why a rule's globs did or did not select a file. */
export interface GlobMatch {
  matched: boolean;
  /** The glob that selected the file (when matched) or excluded it (a `!` glob). */
  glob?: string;
  /** One sentence a user can read. */
  reason: string;
}

type Matcher = (path: string) => boolean;
interface CompiledGlobs {
  include: Array<[string, Matcher]>;
  exclude: Array<[string, Matcher]>;
}

const loadPicomatch = lazyRequire<typeof picomatchModule>("picomatch");
const compiled = new WeakMap<readonly string[], CompiledGlobs>();

/**
 * Turns a file path into the form globs are matched against: relative to `root`, with `/`
 * separators. Backslashes are read as separators. Returns `undefined` for a path outside
 * the root.
 */
export function toProjectPath(file: string, root: string): string | undefined {
  const path = file.replaceAll("\\", "/");
  const base = root.replaceAll("\\", "/").replace(/\/+$/, "");
  const isAbsolute = path.startsWith("/") || /^[A-Za-z]:\//.test(path);
  let relative: string;
  if (isAbsolute) {
    if (path === base) return undefined;
    if (!path.startsWith(`${base}/`)) return undefined;
    relative = path.slice(base.length + 1);
  } else {
    relative = path;
  }
  const parts: string[] = [];
  for (const part of relative.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (parts.length === 0) return undefined;
      parts.pop();
    } else parts.push(part);
  }
  return parts.length > 0 ? parts.join("/") : undefined;
}

/**
 * Matches a project-relative path against a rule's globs with picomatch semantics
 * (`**`, `*`, `?`, `[...]`, `{a,b}`, leading `!` excludes). A glob without `/` matches the
 * file name at any depth (`*.ts` selects `src/a.ts`), and `*` matches dot files.
 */
export function matchGlobs(globs: readonly string[], projectPath: string): GlobMatch {
  const { include, exclude } = compileGlobs(globs);
  const excluded = exclude.find(([, isMatch]) => isMatch(projectPath));
  if (excluded) return { matched: false, glob: `!${excluded[0]}`, reason: `excluded by !${excluded[0]}` };
  if (include.length === 0) return { matched: true, reason: "only exclusions, none of which match" };
  const hit = include.find(([, isMatch]) => isMatch(projectPath));
  if (hit) return { matched: true, glob: hit[0], reason: `matches ${hit[0]}` };
  return { matched: false, reason: `matches none of ${include.map(([g]) => g).join(", ")}` };
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
  reason: string;
}

/**
 * For one file, decides for every categorised rule whether it applies and why. Paths
 * outside `root` match no glob.
 */
export function explainFile(rules: readonly CategorizedRule[], file: string, root: string): FileRuleDecision[] {
  const projectPath = toProjectPath(file, root);
  return rules.map(({ rule, category, reason }) => {
    if (category === "always-apply") return { rule, applies: true, how: "always-apply", reason: "always applied" };
    if (category === "ttsr") return { rule, applies: false, reason: "stream trigger: fires on the model's output, not on files" };
    if (category === "inactive") return { rule, applies: false, reason: `inactive: ${reason}` };
    if (!rule.globs) {
      return { rule, applies: category === "rulebook", how: "listed", reason: "listed in the rulebook for every file (no globs)" };
    }
    if (projectPath === undefined) return { rule, applies: false, reason: "the file is outside the project root" };
    const match = matchGlobs(rule.globs, projectPath);
    if (!match.matched) return { rule, applies: false, reason: `not matched: ${match.reason}` };
    return {
      rule,
      applies: true,
      how: "glob",
      ...(match.glob !== undefined && { glob: match.glob }),
      reason: category === "auto-attach" ? `attached: ${match.reason}` : `listed first in the rulebook: ${match.reason}`,
    };
  });
}

/** A rule selected by a file. */
export interface GlobSelection {
  rule: Rule;
  /** The first file (project-relative) that matched. */
  file: string;
  glob?: string;
}

/**
 * Which rules with globs apply to any of `files` (SPEC §8): one entry per rule, in the
 * order of `rules`, with the first file and glob that selected it.
 */
export function selectRulesForFiles(rules: readonly Rule[], files: readonly string[], root: string): GlobSelection[] {
  const paths = files.map((f) => toProjectPath(f, root)).filter((p): p is string => p !== undefined);
  const selected: GlobSelection[] = [];
  for (const rule of rules) {
    if (!rule.globs) continue;
    for (const file of paths) {
      const match = matchGlobs(rule.globs, file);
      if (match.matched) {
        selected.push({ rule, file, ...(match.glob !== undefined && { glob: match.glob }) });
        break;
      }
    }
  }
  return selected;
}

function compileGlobs(globs: readonly string[]): CompiledGlobs {
  let entry = compiled.get(globs);
  if (entry) return entry;
  entry = { include: [], exclude: [] };
  for (const glob of globs) {
    const negated = glob.startsWith("!");
    const pattern = negated ? glob.slice(1) : glob;
    if (pattern === "") continue;
    const isMatch = loadPicomatch()(pattern.replace(/^\.\//, ""), { dot: true, basename: !pattern.includes("/") });
    (negated ? entry.exclude : entry.include).push([pattern, isMatch]);
  }
  compiled.set(globs, entry);
  return entry;
}
