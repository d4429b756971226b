/**
 * One line of an ignore file compiled to how it matches (git's `parse_path_pattern` and the
 * choice `last_matching_pattern_from_list` makes): a literal name, a `*suffix`, a literal path,
 * or a wildcard on the name or on the path.
 */

import { foldCase, isGlobSpecial, literalBytes, wildmatchSource } from "./gitignore-wildmatch.js";

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
interface Wild {
  kind: "wild-name" | "wild-path";
  source: string;
  /** For a name: the ASCII character the pattern ends with as a literal, which the name must end with too. */
  end?: number;
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
  const name = /^\/?\*\*\/([^/]*)$/.exec(pattern)?.[1];
  if (name !== undefined && name !== "") pattern = name;
  if (!pattern.includes("/")) {
    // Matched against the entry's name, at any depth below the ignore file.
    if (!GLOB_SPECIAL.test(pattern)) {
      if (pattern !== "") rule.test = { kind: "name", name: ignoreCase ? foldCase(pattern) : pattern };
    } else if (pattern[0] === "*" && !GLOB_SPECIAL.test(pattern.slice(1))) {
      rule.test = { kind: "suffix", suffix: ignoreCase ? foldCase(pattern.slice(1)) : pattern.slice(1) };
    } else {
      const source = wildmatchSource(encoder.encode(pattern), 0, false, ignoreCase);
      const end = literalEnd(pattern);
      // A capital a name must end with is its lower case under WM_CASEFOLD.
      const foldedEnd = ignoreCase && end !== undefined && end >= 0x41 && end <= 0x5a ? end + 0x20 : end;
      if (source !== undefined) rule.test = { kind: "wild-name", source: `^${source}$`, end: foldedEnd };
    }
    return rule;
  }
  // Matched against the path from the ignore file's folder; one leading `/` only anchors.
  if (pattern[0] === "/") pattern = pattern.slice(1);
  const bytes = encoder.encode(pattern);
  let prefix = 0;
  while (prefix < bytes.length && !isGlobSpecial(bytes[prefix] as number)) prefix++;
  if (prefix === bytes.length) {
    rule.test = { kind: "path", path: ignoreCase ? foldCase(pattern) : pattern };
    return rule;
  }
  // The literal part is compared first and wildmatch runs on the rest, as its own pattern: so a
  // `**` right after the literal part is a full `**` even mid-segment (`foo**` matches `foo/x/y`).
  const rest = wildmatchSource(bytes, prefix, true, ignoreCase);
  if (rest !== undefined) rule.test = { kind: "wild-path", source: `${literalBytes(bytes, 0, prefix, ignoreCase)}${rest}$` };
  return rule;
}

function literalEnd(pattern: string): number | undefined {
  const last = pattern.charCodeAt(pattern.length - 1);
  if (last > 0x7f || isGlobSpecial(last) || last === 0x5d || pattern[pattern.length - 2] === "\\") return undefined;
  return last;
}
