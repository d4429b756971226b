// What each ASCII character is to o200k's pattern, read from this Node's own regular expressions.
const UPPER = 1; // [A-Z]
const LOWER = 2; // [a-z]
const DIGIT = 4; // [0-9]
const SPACE = 8; // \s other than \r and \n
const NEWLINE = 16; // [\r\n]
const SYMBOL = 32; // [^\sA-Za-z0-9]
const LETTER = UPPER | LOWER;
const KIND = Uint8Array.from({ length: 128 }, (_, code) => {
  const c = String.fromCharCode(code);
  if (/[A-Z]/.test(c)) return UPPER;
  if (/[a-z]/.test(c)) return LOWER;
  if (/[0-9]/.test(c)) return DIGIT;
  if (/[\r\n]/.test(c)) return NEWLINE;
  return /\s/.test(c) ? SPACE : SYMBOL;
});

/**
 * Where the piece of o200k's pre-tokenizer that starts at `at` ends, in a run of `text` that is all
 * ASCII and ends at `limit` (read as the end of the text). The same piece as the pattern
 *
 *     [^\r\nA-Za-z0-9]?[A-Z]*[a-z]+C?|[^\r\nA-Za-z0-9]?[A-Z]+[a-z]*C?|[0-9]{1,3}
 *     | ?[^\sA-Za-z0-9]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+
 *
 * (C: `'s`, `'d`, `'m`, `'t`, `'ll`, `'ve`, `'re` in either case) finds with its leftmost-first,
 * backtracking match, without a string or a match object per piece.
 */
export function asciiPieceEnd(text: string, at: number, limit: number): number {
  const kind = KIND[text.charCodeAt(at)] as number;
  // Both letter alternatives end where the capitals, then the small letters, then a contraction end.
  if (kind & LETTER) return lettersEnd(text, at, limit);
  if (kind & DIGIT) {
    let end = at + 1;
    if (end < limit && (KIND[text.charCodeAt(end)] as number) & DIGIT && ++end < limit && (KIND[text.charCodeAt(end)] as number) & DIGIT) end++;
    return end;
  }
  if (kind & NEWLINE) return spaceEnd(text, at, limit);
  // A symbol or a space is taken as the optional prefix of a run of letters.
  const second = at + 1 < limit ? (KIND[text.charCodeAt(at + 1)] as number) : 0;
  if (second & LETTER) return lettersEnd(text, at + 1, limit);
  // ` ?[^\sA-Za-z0-9]+[\r\n/]*`
  let run = -1;
  if (kind & SYMBOL) run = at + 1;
  else if (second & SYMBOL && text.charCodeAt(at) === 32) run = at + 2;
  if (run === -1) return spaceEnd(text, at, limit);
  while (run < limit && (KIND[text.charCodeAt(run)] as number) & SYMBOL) run++;
  for (let c = text.charCodeAt(run); run < limit && (c === 10 || c === 13 || c === 47); c = text.charCodeAt(++run));
  return run;
}

/** `[A-Z]*[a-z]*` then a contraction, from `at`. */
function lettersEnd(text: string, at: number, limit: number): number {
  let end = at;
  while (end < limit && (KIND[text.charCodeAt(end)] as number) & UPPER) end++;
  while (end < limit && (KIND[text.charCodeAt(end)] as number) & LOWER) end++;
  if (end + 1 >= limit || text.charCodeAt(end) !== 39) return end;
  const a = text.charCodeAt(end + 1) | 0x20;
  if (a === 0x73 || a === 0x64 || a === 0x6d || a === 0x74) return end + 2;
  if (end + 2 >= limit) return end;
  const b = text.charCodeAt(end + 2) | 0x20;
  if ((a === 0x6c && b === 0x6c) || ((a === 0x76 || a === 0x72) && b === 0x65)) return end + 3;
  return end;
}

/** `\s*[\r\n]+`, else `\s+(?!\S)`, else `\s+`, from `at` (a whitespace character). */
function spaceEnd(text: string, at: number, limit: number): number {
  let end = at;
  let newline = -1;
  for (let kind = KIND[text.charCodeAt(end)] as number; kind & (SPACE | NEWLINE); kind = end < limit ? (KIND[text.charCodeAt(end)] as number) : 0) {
    if (kind & NEWLINE) newline = end;
    end++;
  }
  if (newline !== -1) return newline + 1;
  if (end === limit || end - at < 2) return end;
  return end - 1;
}
