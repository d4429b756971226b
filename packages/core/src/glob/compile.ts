import { expandBraces } from "./braces.js";
import { type SegmentToken, matchSegment, tokenizeSegment } from "./segment.js";

export { MAX_GLOB_ALTERNATIVES, MAX_GLOB_BRACE_DEPTH } from "./braces.js";

/** Longest glob accepted, in UTF-16 code units; rule files never need more. */
export const MAX_GLOB_LENGTH = 1024;
/** Most wildcards (`*` runs, `**`, `?`) one glob may hold. */
export const MAX_GLOB_WILDCARDS = 32;

/** One path segment of a parsed glob: `**`, a literal name (most segments of real globs, `src`), or tokens. */
export type Segment = "globstar" | string | SegmentToken[];

/** A glob ready to match project paths, or the reason it is refused. */
export type CompiledGlob = { match: (path: string) => boolean } | { problem: string };

/**
 * Why a glob is refused, or `undefined` when it can be matched: longer than
 * {@link MAX_GLOB_LENGTH}, more than {@link MAX_GLOB_WILDCARDS} wildcards, braces nested or
 * expanding past their bounds, an extglob such as `+(a|b)` (which the editors whose
 * rules we read do not support either), or a `[` that is never closed (`[unclosed`). A
 * leading `!` is the exclusion marker, not part of the pattern.
 */
export function globProblem(glob: string): string | undefined {
  if (problems.has(glob)) return problems.get(glob);
  const compiled = compileGlob(glob.startsWith("!") ? glob.slice(1) : glob);
  const problem = "problem" in compiled ? compiled.problem : undefined;
  if (problems.size < 4096) problems.set(glob, problem);
  return problem;
}

// Rules repeat a handful of globs; what is wrong with one never changes.
const problems = new Map<string, string | undefined>();

/**
 * Compiles one glob (without its `!`) into a matcher whose cost is bounded by the glob's
 * length times the path's, whatever the glob says: the matcher never backtracks more than
 * one star, unlike a regular expression built from the glob.
 */
export function compileGlob(glob: string): CompiledGlob {
  if (glob.length > MAX_GLOB_LENGTH) return { problem: `it is longer than ${MAX_GLOB_LENGTH} characters (${glob.length})` };
  const syntax = checkSyntax(glob);
  if (syntax !== undefined) return { problem: syntax };
  const expansion = expandBraces(glob);
  if ("problem" in expansion) return expansion;
  // A glob without `/` (braces included) matches the file name at any depth, like picomatch's `basename`.
  const basename = !glob.includes("/");
  const alternatives = expansion.patterns.map(parsePattern);
  return {
    match: (path) => {
      const parts = path.split("/");
      const segments = basename ? parts.slice(-1) : parts;
      // Strings index by UTF-16 unit; only a path with astral characters needs code points for `?`.
      const chars = /[\uD800-\uDFFF]/.test(path) ? segments.map((s) => Array.from(s)) : segments;
      return alternatives.some((alternative) => matchSegments(alternative, chars));
    },
  };
}

/** Counts wildcards and finds extglobs, outside escapes and `[…]` classes. */
function checkSyntax(glob: string): string | undefined {
  let wildcards = 0;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === "\\") {
      i++;
    } else if (c === "[") {
      // A class closes in its own segment; `]` right after `[` (or `[!`) is a member, not the end.
      const from = glob[i + 1] === "!" || glob[i + 1] === "^" ? i + 3 : i + 2;
      const close = glob.indexOf("]", from);
      if (close === -1 || glob.slice(i, close).includes("/")) return `its "[" is never closed (write \\[ for a literal bracket)`;
      i = close;
    } else if ("@!+*?".includes(c as string) && glob[i + 1] === "(") {
      return `extglob ${c}(…) is not supported`;
    } else if (c === "*" || c === "?") {
      if (c === "*") while (glob[i + 1] === "*") i++;
      if (++wildcards > MAX_GLOB_WILDCARDS) return `it has more than ${MAX_GLOB_WILDCARDS} wildcards`;
    }
  }
  return undefined;
}

/** One brace-free pattern's segments; a leading `./` or `/` is dropped. */
export function parsePattern(pattern: string): Segment[] {
  // `./src` and `/src` both mean the folder the globs are relative to.
  const anchored = pattern.replace(/^(?:\.\/|\/)+/, "");
  return splitSegments(anchored).map((segment): Segment => {
    if (segment === "**") return "globstar";
    const tokens = tokenizeSegment(segment);
    return tokens.every((t) => t.kind === "char") ? tokens.map((t) => (t.kind === "char" ? t.char : "")).join("") : tokens;
  });
}

function splitSegments(pattern: string): string[] {
  const segments: string[] = [];
  let start = 0;
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] === "\\") i++;
    else if (pattern[i] === "/") {
      segments.push(pattern.slice(start, i));
      start = i + 1;
    }
  }
  segments.push(pattern.slice(start));
  return segments;
}

/**
 * Runs the pattern's segments over the path's as a set of positions (no backtracking):
 * a globstar may stay on its position while it consumes a segment, or be skipped.
 */
function matchSegments(pattern: readonly Segment[], path: ReadonlyArray<ArrayLike<string>>): boolean {
  let states = closure(pattern, [0]);
  for (const chars of path) {
    const next: number[] = [];
    for (const i of states) {
      const segment = pattern[i];
      const target = segment === "globstar" ? i : segment !== undefined && matches(segment, chars) ? i + 1 : -1;
      if (target >= 0 && !next.includes(target)) next.push(target);
    }
    if (next.length === 0) return false;
    states = closure(pattern, next);
  }
  return states.includes(pattern.length);
}

function matches(segment: string | SegmentToken[], chars: ArrayLike<string>): boolean {
  if (typeof segment !== "string") return matchSegment(segment, chars);
  return typeof chars === "string" ? segment === chars : segment === Array.prototype.join.call(chars, "");
}

function closure(pattern: readonly Segment[], states: number[]): number[] {
  for (let k = 0; k < states.length; k++) {
    const i = states[k] as number;
    if (pattern[i] === "globstar" && !states.includes(i + 1)) states.push(i + 1);
  }
  return states;
}
