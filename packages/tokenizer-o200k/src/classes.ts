// The code point classes the pre-tokenizer tells apart, as scripts/build-table.js writes them
// into the table (a bit each).

/** `[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]` */
export const UPPER = 1;
/** `[\p{Ll}\p{Lm}\p{Lo}\p{M}]` */
export const LOWER = 2;
/** `\p{L}` */
export const LETTER = 4;
/** `\p{N}` */
export const NUMBER = 8;
/** `\s` */
export const SPACE = 16;
/** `[\r\n]` */
export const NEWLINE = 32;
/** Either case: a letter that can start a cased run. */
export const CASED = UPPER | LOWER;

/** True for `[^\s\p{L}\p{N}]` (a function of the module, not a closure made per piece). */
export const symbol = (flags: number): boolean => (flags & (SPACE | LETTER | NUMBER)) === 0;
