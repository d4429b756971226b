/** How deeply groups may nest in one trigger pattern; the parser recurses once per level. */
export const MAX_NESTING_DEPTH = 100;

/** The largest program (automaton instructions) a single pattern may compile to; bounds the work of one step. */
export const MAX_PROGRAM_SIZE = 5000;

/** The largest repeat count, `{n}` or `{n,m}`, as in RE2. */
export const MAX_REPEAT = 1000;

/** How many patterns of one rule are compiled; the rest are refused with one diagnostic. */
export const MAX_PATTERNS_PER_RULE = 64;

/** How many patterns one trigger engine or manager watches in all; later ones are refused. */
export const MAX_PATTERNS_IN_ALL = 1024;

/** How many characters of a pattern a diagnostic quotes: the core's bound, one definition. */
export { MAX_QUOTED_PATTERN } from "@rulebook/core";
