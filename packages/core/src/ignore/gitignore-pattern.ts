/**
 * One line of an ignore file compiled to how it matches (git's `parse_path_pattern` and the
 * choice `last_matching_pattern_from_list` makes): a literal name, a `*suffix`, a literal path,
 * or a wildcard on the name or on the path.
 */

import type { ByteClasses } from "./byte-classes.js";
import { type WildStep, foldCase, literalSteps, wildmatchSteps } from "./gitignore-wildmatch.js";

/** One pattern line, compiled; `index` is its place among the file's patterns. */
export interface Rule {
  index: number;
  negative: boolean;
  folderOnly: boolean;
  /** How it is tested; `undefined` when it can never match (git's wildmatch aborts or compares nothing). */
  test?: LiteralName | Suffix | LiteralPath | Wild;
}
interface LiteralName {
  kind: "name";
  name: string;
}
interface Suffix {
  kind: "suffix";
  suffix: string;
}
interface LiteralPath {
  kind: "path";
  path: string;
}
/** A wildcard, compiled to steps only when its file is applied (see {@link wildSteps}). */
interface Wild {
  kind: "wild-name" | "wild-path";
  /** The pattern; for a path, its first `from` characters are a literal compared as they are. */
  pattern: string;
  from: number;
  casefold: boolean;
}

const GLOB_SPECIAL = /[*?[\\]/;
const encoder = new TextEncoder();

/**
 * Compiles pattern line `line`, the `index`-th of its file, as git's `parse_path_pattern` reads
 * it. With `ignoreCase` (`core.ignorecase`) the rule is folded once, here, and tests names and
 * paths whose ASCII capitals are lower-cased ({@link foldCase}): literals lower-cased as
 * `strcasecmp` compares them, wildcards as wildmatch's WM_CASEFOLD matches.
 */
export function compileRule(line: string, index: number, ignoreCase = false): Rule {
  let pattern = line;
  const negative = pattern[0] === "!";
  if (negative) pattern = pattern.slice(1);
  const folderOnly = pattern.endsWith("/");
  if (folderOnly) pattern = pattern.slice(0, -1);
  const rule: Rule = { index, negative, folderOnly };
  // `**/name` and `/**/name` (no other `/`) match exactly where `name` alone does: wildmatch's
  // `(.*/)?` leaves the last segment to a pattern that cannot cross a `/`.
  const name = pattern[0] === "*" || pattern[0] === "/" ? /^\/?\*\*\/([^/]*)$/.exec(pattern)?.[1] : undefined;
  if (name !== undefined && name !== "") pattern = name;
  if (!pattern.includes("/")) {
    // Matched against the entry's name, at any depth below the ignore file.
    if (!GLOB_SPECIAL.test(pattern)) {
      if (pattern !== "") rule.test = { kind: "name", name: ignoreCase ? foldCase(pattern) : pattern };
    } else if (pattern[0] === "*" && !GLOB_SPECIAL.test(pattern.slice(1))) {
      rule.test = { kind: "suffix", suffix: ignoreCase ? foldCase(pattern.slice(1)) : pattern.slice(1) };
    } else {
      rule.test = { kind: "wild-name", pattern, from: 0, casefold: ignoreCase };
    }
    return rule;
  }
  // Matched against the path from the ignore file's folder; one leading `/` only anchors.
  if (pattern[0] === "/") pattern = pattern.slice(1);
  const prefix = pattern.search(GLOB_SPECIAL);
  if (prefix === -1) rule.test = { kind: "path", path: ignoreCase ? foldCase(pattern) : pattern };
  else rule.test = { kind: "wild-path", pattern, from: prefix, casefold: ignoreCase };
  return rule;
}

/**
 * The steps a wildcard rule's whole name, or its path from the ignore file's folder, must match,
 * byte sets in `classes`; `undefined` when it can never match (git's wildmatch aborts). For a
 * path, the literal part is compared first and wildmatch runs on the rest, as its own pattern:
 * so a `**` right after the literal part is a full `**` even mid-segment (`foo**` matches `foo/x/y`).
 */
export function wildSteps(test: Wild, classes: ByteClasses): WildStep[] | undefined {
  const bytes = encoder.encode(test.pattern);
  // The special characters are ASCII: the literal part is the bytes of its characters.
  const from = test.from === 0 ? 0 : encoder.encode(test.pattern.slice(0, test.from)).length;
  const rest = wildmatchSteps(bytes, from, test.kind === "wild-path", classes, test.casefold);
  return rest && from > 0 ? [...literalSteps(bytes, 0, from, classes, test.casefold), ...rest] : rest;
}
