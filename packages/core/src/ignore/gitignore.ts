/**
 * One ignore file (`.gitignore`, `.git/info/exclude`) compiled for the walk's question: is this
 * entry ignored, given that its parent folders are not? The semantics are git's own (dir.c's
 * `add_patterns_from_buffer`, `match_basename`, `match_pathname`; wildmatch.c), ported rather
 * than approximated: see the core README, "Ignore files".
 *
 * Speed: the last matching rule decides, so a verdict is the highest index of a matching rule,
 * and each kind of rule is asked only whether it beats the best so far. Literal names (`dist`,
 * `.DS_Store`, also behind a leading `**` and slash) and literal paths (`/build`, `apps/web/out`) are map lookups;
 * `*.ext` rules are `endsWith` tests bucketed by their last character; only real wildcards reach
 * a regular expression: all those on the name in one, all those on the path in another, each
 * confirmed rule by rule from the last only when it matches (rarely). Folder-only rules (`dir/`)
 * are left out of the view that tests files.
 *
 * Case: with `core.ignorecase` (`{ ignoreCase: true }`) every rule is folded once when the file
 * is compiled, and each question folds its name and path once (ASCII capitals only, as git does);
 * without it nothing is folded and nothing more is done per question than one flag read.
 */

import { parseIgnoreFile } from "./gitignore-lines.js";
import { compileRule } from "./gitignore-pattern.js";
import { type RuleView, type Wildcards, buildView } from "./gitignore-view.js";
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
  const rules = parseIgnoreFile(text).map((line, index) => compileRule(line, index, ignoreCase));
  const shared = new Map<string, Wildcards>();
  const key = ignoreCase ? foldCase(base) : base;
  return {
    base,
    ignoreCase,
    files: buildView(
      rules.filter((rule) => !rule.folderOnly),
      rules,
      key,
      shared,
    ),
    folders: buildView(rules, rules, key, shared),
  };
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
  if (view.suffixes.size > 0) {
    const bucket = view.suffixes.get(name.charCodeAt(name.length - 1));
    if (bucket) {
      for (const rule of bucket) {
        if (rule.index <= best) break;
        if (name.endsWith(rule.suffix)) {
          best = rule.index;
          break;
        }
      }
    }
  }
  if (view.paths.size > 0) {
    const index = view.paths.get(path);
    if (index !== undefined && index > best) best = index;
  }
  const { wildNames, wildPaths } = view;
  const wildEnd = view.wildNameEnds.size > 0 ? view.wildNameEnds.get(name.charCodeAt(name.length - 1)) : undefined;
  if ((wildNames && wildNames.last > best) || (wildEnd && wildEnd.last > best) || (wildPaths && wildPaths.last > best)) {
    // wildmatch compares bytes: a path that is not all ASCII is tested as one character per UTF-8 byte.
    const offset = file.base === "" ? 0 : file.base.length + 1;
    const ascii = !NON_ASCII.test(path);
    if (wildEnd && wildEnd.last > best) best = highest(wildEnd, ascii ? name : toBytes(name), 0, best);
    if (wildNames && wildNames.last > best) best = highest(wildNames, ascii ? name : toBytes(name), 0, best);
    if (wildPaths && wildPaths.last > best) best = highest(wildPaths, ascii ? path : toBytes(path.slice(offset)), ascii ? offset : 0, best);
  }
  return best < 0 ? undefined : !view.negative[best];
}

/** The index of the last rule of `wild` above `best` that matches `subject` from `offset`, else `best`. */
function highest(wild: Wildcards, subject: string, offset: number, best: number): number {
  wild.regex.lastIndex = offset;
  if (!wild.regex.test(subject)) return best;
  for (const member of wild.members) {
    if (member.index <= best) break;
    member.regex ??= new RegExp(member.source, wild.flags);
    member.regex.lastIndex = offset;
    if (member.regex.test(subject)) return member.index;
  }
  return best;
}

// Any character above U+007F (a name is ASCII when it holds none).
const NON_ASCII = /[\u0080-\uffff]/;
const encoder = new TextEncoder();

function toBytes(text: string): string {
  let out = "";
  for (const byte of encoder.encode(text)) out += String.fromCharCode(byte);
  return out;
}
