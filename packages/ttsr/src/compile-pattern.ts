import { errorText } from "@rulebook/core/text";
import { MAX_PROGRAM_SIZE } from "./bounds.js";
import { parseJsRegex } from "./js-regex-parser.js";
import { estimateProgramSize } from "./program-size.js";
import { type RegexNode, endsWithLookaheadAssertion, isNullable, toRe2Syntax } from "./regex-ast.js";

/** A trigger pattern the engine accepted. */
export interface TriggerPattern {
  /** The pattern as written in the rule. */
  source: string;
  /** True when the source starts with `(?i)`. */
  caseInsensitive: boolean;
  /**
   * The same pattern in RE2 syntax, with case-insensitivity spelled out in its character sets: for
   * tools that run triggers on an RE2 engine (this engine compiles the parsed pattern itself).
   */
  re2Source: string;
  /**
   * True when a match may end with `$`, `\b` or `\B`: whether it holds depends on the next
   * character, so such a match is reported once that character (or the end of the stream) is known.
   */
  endSensitive: boolean;
  /** The estimated number of automaton instructions (see {@link MAX_PROGRAM_SIZE}). */
  programSize: number;
}

/** What {@link compilePattern} says about one pattern source. */
export type CompilePatternResult = { ok: true; pattern: TriggerPattern } | { ok: false; reason: string };

const CASE_PREFIX = "(?i)";

const trees = new WeakMap<TriggerPattern, RegexNode>();

/** The parsed tree of an accepted pattern, which the automaton compiles. */
export function patternTree(pattern: TriggerPattern): RegexNode {
  const tree = trees.get(pattern);
  if (!tree) throw new TypeError(`@rulebook/ttsr: pattern /${pattern.source}/ did not come from compilePattern`);
  return tree;
}

/**
 * Checks and translates one trigger pattern: a JavaScript regular expression source with no flags,
 * where a leading `(?i)` means case-insensitive. Refusals carry a reason instead of throwing.
 */
export function compilePattern(source: string): CompilePatternResult {
  const caseInsensitive = source.startsWith(CASE_PREFIX);
  const body = caseInsensitive ? source.slice(CASE_PREFIX.length) : source;
  try {
    new RegExp(body, caseInsensitive ? "i" : "");
  } catch (error) {
    return { ok: false, reason: `does not compile as a JavaScript regular expression (${errorText(error)})` };
  }
  const parsed = parseJsRegex(body, caseInsensitive);
  if (!parsed.ok) return { ok: false, reason: parsed.reason };
  if (isNullable(parsed.node)) return { ok: false, reason: "can match empty text, so it would fire at once on every stream" };
  const programSize = estimateProgramSize(parsed.node);
  if (programSize > MAX_PROGRAM_SIZE) {
    return { ok: false, reason: `is too large for the engine (program size ${programSize}, limit ${MAX_PROGRAM_SIZE})` };
  }
  const re2Source = toRe2Syntax(parsed.node);
  const endSensitive = endsWithLookaheadAssertion(parsed.node);
  const pattern: TriggerPattern = { source, caseInsensitive, re2Source, endSensitive, programSize };
  trees.set(pattern, parsed.node);
  return { ok: true, pattern };
}
