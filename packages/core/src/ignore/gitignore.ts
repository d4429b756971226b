/**
 * One ignore file (`.gitignore`, `.git/info/exclude`) compiled for the walk's question: is this
 * entry ignored, given that its parent folders are not? The semantics are git's own (dir.c's
 * `add_patterns_from_buffer`, `match_basename`, `match_pathname`; wildmatch.c), ported rather
 * than approximated: see the core README, "Ignore files".
 *
 * Speed: the last matching rule decides, so a verdict is the highest index of a matching rule,
 * and each kind of rule is asked only whether it beats the best so far. Literal names (`dist`,
 * `.DS_Store`, also behind a leading `**` and slash) and literal paths (`/build`, `apps/web/out`) are map lookups;
 * `*.ext` rules are map lookups of the name's endings, one per suffix length there is; only real
 * wildcards reach an automaton (`wild-automaton.ts`, no backtracking): all those on the name in
 * one, all those on the path in another, each answering the highest rule that matches. So a
 * question costs at most its path's length per kind, whatever the rules say and however many
 * there are. Folder-only rules (`dir/`) are left out of the view that tests files.
 *
 * Case: with `core.ignorecase` (`{ ignoreCase: true }`) every rule is folded once when the file
 * is compiled, and each question folds its name and path once (ASCII capitals only, as git does);
 * without it nothing is folded and nothing more is done per question than one flag read.
 */

import { parseIgnoreFile } from "./gitignore-lines.js";
import { type Rule, compileRule } from "./gitignore-pattern.js";
import type { IgnoreBudget } from "./ignore-budget.js";
import { type RuleView, type Wildcards, buildView, highestSuffix } from "./gitignore-view.js";
import { ByteClasses } from "./byte-classes.js";
import { foldCase } from "./gitignore-wildmatch.js";

export { parseIgnoreFile };

/** One ignore file, compiled; `base` is its folder relative to the walk root (`""` for the root). */
export interface IgnoreFile {
  readonly base: string;
  /** Compiled for git's `core.ignorecase`: asked with names and paths folded by `foldCase`. */
  readonly ignoreCase: boolean;
  /** The rules that can match a file (folder-only rules left out). */
  readonly files: RuleView;
  /** Every rule, for folders. */
  readonly folders: RuleView;
}

/** Options of {@link compileIgnoreFile}. */
export interface IgnoreFileOptions {
  /** Match as git does with `core.ignorecase = true`: ASCII letters compare without case. Default `false`. */
  ignoreCase?: boolean;
}

/** Compiles the text of one ignore file standing in folder `base` (relative to the walk root, `""` for the root). */
export function compileIgnoreFile(text: string, base: string, options: IgnoreFileOptions = {}): IgnoreFile {
  const ignoreCase = options.ignoreCase ?? false;
  return arrange(
    parseIgnoreFile(text).map((line, index) => compileRule(line, index, ignoreCase)),
    base,
    ignoreCase,
  );
}

/**
 * {@link compileIgnoreFile} within a load's {@link IgnoreBudget} (`path` names the file): its
 * text and then its wildcards are taken from the budget; `undefined` when they do not fit.
 */
export function compileWithinBudget(
  text: string,
  base: string,
  path: string,
  budget: IgnoreBudget,
  options: IgnoreFileOptions = {},
): IgnoreFile | undefined {
  if (!budget.admitText(path, text.length)) return undefined;
  const ignoreCase = options.ignoreCase ?? false;
  const lines = parseIgnoreFile(text);
  const rules: Rule[] = [];
  let wildcards = 0;
  for (const [index, line] of lines.entries()) {
    const rule = compileRule(line, index, ignoreCase);
    rules.push(rule);
    // Stop compiling as soon as the file cannot fit: a hostile file costs only what was read.
    if ((rule.test?.kind === "wild-name" || rule.test?.kind === "wild-path") && !budget.fitsWildcards(++wildcards)) break;
  }
  return budget.admitWildcards(path, wildcards) ? arrange(rules, base, ignoreCase) : undefined;
}

/** The two views of a file's compiled rules (one, when no rule is for folders only). */
function arrange(rules: readonly Rule[], base: string, ignoreCase: boolean): IgnoreFile {
  const classes = new ByteClasses();
  const shared = new Map<string, Wildcards>();
  const key = ignoreCase ? foldCase(base) : base;
  const negative = rules.map((rule) => rule.negative);
  const folders = buildView(rules, negative, key, classes, shared);
  const forFiles = rules.filter((rule) => !rule.folderOnly);
  return { base, ignoreCase, files: forFiles.length === rules.length ? folders : buildView(forFiles, negative, key, classes, shared), folders };
}

/**
 * True when git ignores `path` (relative to the walk root, `/`; `name` its last segment) in a
 * folder it does not ignore, given the ignore files that apply there, root first
 * (`.git/info/exclude`, then each `.gitignore` down to the entry's folder): the deepest file
 * that decides wins, each testing the path relative to its own folder.
 */
export function isIgnored(files: readonly IgnoreFile[], path: string, name: string, isFolder: boolean): boolean {
  let foldedPath: string | undefined;
  let foldedName = name;
  for (let i = files.length - 1; i >= 0; i--) {
    const file = files[i] as IgnoreFile;
    let verdict: boolean | undefined;
    if (file.ignoreCase) {
      if (foldedPath === undefined) {
        foldedPath = foldCase(path);
        foldedName = foldCase(name);
      }
      verdict = decide(file, foldedPath, foldedName, isFolder);
    } else verdict = decide(file, path, name, isFolder);
    if (verdict !== undefined) return verdict;
  }
  return false;
}

/**
 * git's verdict of one ignore file on `path` (relative to the walk root, `/`; `name` its last
 * segment): `true` ignored, `false` re-included by a `!` rule, `undefined` when no rule matches.
 */
export function ignoreVerdict(file: IgnoreFile, path: string, name: string, isFolder: boolean): boolean | undefined {
  return file.ignoreCase ? decide(file, foldCase(path), foldCase(name), isFolder) : decide(file, path, name, isFolder);
}

/** {@link ignoreVerdict} on a name and path already folded when the file asks for it. */
function decide(file: IgnoreFile, path: string, name: string, isFolder: boolean): boolean | undefined {
  const view = isFolder ? file.folders : file.files;
  let best = view.names.get(name) ?? -1;
  if (view.all > best) best = view.all;
  const { suffixes, wildNames, wildPaths } = view;
  if (suffixes && suffixes.last > best) best = Math.max(best, highestSuffix(suffixes, name));
  if (view.paths.size > 0) {
    const index = view.paths.get(path);
    if (index !== undefined && index > best) best = index;
  }
  if ((wildNames && wildNames.last > best) || (wildPaths && wildPaths.last > best)) {
    // wildmatch compares bytes: a path that is not all ASCII is tested as one character per UTF-8 byte.
    const offset = file.base === "" ? 0 : file.base.length + 1;
    const ascii = !NON_ASCII.test(path);
    if (wildNames && wildNames.last > best) best = Math.max(best, wildNames.automaton.highest(ascii ? name : toBytes(name), 0));
    if (wildPaths && wildPaths.last > best)
      best = Math.max(best, wildPaths.automaton.highest(ascii ? path : toBytes(path.slice(offset)), ascii ? offset : 0));
  }
  return best < 0 ? undefined : !view.negative[best];
}

// Any character above U+007F (a name is ASCII when it holds none).
const NON_ASCII = /[\u0080-\uffff]/;
const encoder = new TextEncoder();

function toBytes(text: string): string {
  let out = "";
  for (const byte of encoder.encode(text)) out += String.fromCharCode(byte);
  return out;
}
