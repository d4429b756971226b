/** One element of a path segment pattern: a literal character, `?`, `*`, or a `[…]` class. */
export type SegmentToken =
  | { kind: "char"; char: string }
  | { kind: "any" }
  | { kind: "star" }
  | { kind: "class"; negated: boolean; test: (char: string) => boolean };

const codePoint = (char: string) => char.codePointAt(0) ?? -1;
const POSIX_CLASSES: Record<string, { test: (char: string) => boolean }> = {
  alnum: /[A-Za-z0-9]/,
  alpha: /[A-Za-z]/,
  ascii: { test: (char) => codePoint(char) < 0x80 },
  blank: /[ \t]/,
  cntrl: { test: (char) => codePoint(char) < 0x20 || codePoint(char) === 0x7f },
  digit: /[0-9]/,
  graph: /[\x21-\x7E]/,
  lower: /[a-z]/,
  print: /[\x20-\x7E]/,
  punct: /[!-/:-@[-`{-~]/,
  space: /\s/,
  upper: /[A-Z]/,
  word: /\w/,
  xdigit: /[A-Fa-f0-9]/,
};

/**
 * Reads one path segment of a glob (no `/`, braces already expanded) into tokens, one per
 * code point: `\x` is the literal `x`, runs of `*` are one star, `[…]` is a class (`!` or `^`
 * negates, ranges, `[:alpha:]`-style names, `]` first is literal); an unclosed `[` is literal (`compileGlob` refuses such a glob first).
 */
export function tokenizeSegment(segment: string): SegmentToken[] {
  const chars = Array.from(segment);
  const tokens: SegmentToken[] = [];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i] as string;
    if (c === "\\") {
      tokens.push({ kind: "char", char: chars[++i] ?? "\\" });
    } else if (c === "*") {
      if (tokens.at(-1)?.kind !== "star") tokens.push({ kind: "star" });
    } else if (c === "?") {
      tokens.push({ kind: "any" });
    } else if (c === "[") {
      const parsed = parseClass(chars, i);
      if (parsed) {
        tokens.push(parsed.token);
        i = parsed.end;
      } else tokens.push({ kind: "char", char: c });
    } else tokens.push({ kind: "char", char: c });
  }
  return tokens;
}

/**
 * Matches one path segment against segment tokens: a string when it has no astral
 * character, else its code points. A star backtracks only
 * to the most recent star, so the cost is at most tokens × characters, never exponential.
 */
export function matchSegment(tokens: readonly SegmentToken[], chars: ArrayLike<string>): boolean {
  let t = 0;
  let c = 0;
  let starT = -1;
  let starC = 0;
  while (c < chars.length) {
    const token = tokens[t];
    if (token?.kind === "star") {
      starT = t++;
      starC = c;
    } else if (token && matchesOne(token, chars[c] as string)) {
      t++;
      c++;
    } else if (starT >= 0) {
      t = starT + 1;
      c = ++starC;
    } else return false;
  }
  while (tokens[t]?.kind === "star") t++;
  return t === tokens.length;
}

function matchesOne(token: Exclude<SegmentToken, { kind: "star" }>, char: string): boolean {
  if (token.kind === "char") return token.char === char;
  if (token.kind === "any") return true;
  return token.test(char) !== token.negated;
}

function parseClass(chars: readonly string[], open: number): { token: SegmentToken; end: number } | undefined {
  let i = open + 1;
  const negated = chars[i] === "!" || chars[i] === "^";
  if (negated) i++;
  const tests: Array<(char: string) => boolean> = [];
  let first = true;
  for (; i < chars.length; i++, first = false) {
    let c = chars[i] as string;
    if (c === "]" && !first) return { token: { kind: "class", negated, test: (x) => tests.some((t) => t(x)) }, end: i };
    if (c === "[" && chars[i + 1] === ":") {
      const close = chars.indexOf(":", i + 2);
      const name = close > 0 && chars[close + 1] === "]" ? chars.slice(i + 2, close).join("") : "";
      const posix = POSIX_CLASSES[name];
      if (posix) {
        tests.push((x) => posix.test(x));
        i = close + 1;
        continue;
      }
    }
    if (c === "\\" && i + 1 < chars.length) c = chars[++i] as string;
    const lo = c;
    if (chars[i + 1] === "-" && chars[i + 2] !== undefined && chars[i + 2] !== "]") {
      let hi = chars[i + 2] as string;
      i += 2;
      if (hi === "\\" && i + 1 < chars.length) hi = chars[++i] as string;
      const from = lo.codePointAt(0) ?? 0;
      const to = hi.codePointAt(0) ?? 0;
      tests.push((x) => codePoint(x) >= from && codePoint(x) <= to);
    } else tests.push((x) => x === lo);
  }
  return undefined;
}
