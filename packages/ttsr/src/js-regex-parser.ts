import { isHighSurrogate, isLowSurrogate } from "@rulebook/core/text";
import { MAX_NESTING_DEPTH, MAX_PROGRAM_SIZE, MAX_REPEAT } from "./bounds.js";
import { foldCase } from "./case-fold.js";
import { decimalEscapeReason } from "./decimal-escape.js";
import { type CodeRange, DIGIT, DOT, type RegexNode, SPACE, WORD, complement, normalizeRanges } from "./regex-ast.js";

/** The outcome of {@link parseJsRegex}: the tree, or why the engine does not run the pattern. */
export type ParseResult = { ok: true; node: RegexNode } | { ok: false; reason: string };

class Unsupported extends Error {}

const CLASS_ESCAPES: Record<string, CodeRange[]> = {
  d: DIGIT,
  D: complement(DIGIT),
  w: WORD,
  W: complement(WORD),
  s: SPACE,
  S: complement(SPACE),
};
const CONTROL_ESCAPES: Record<string, number> = { f: 0x0c, n: 0x0a, r: 0x0d, t: 0x09, v: 0x0b };
const QUANTIFIER = /\{(\d+)(?:(,)(\d*))?\}/y;

/**
 * Parses the source of a JavaScript regular expression with no flags (Annex B syntax), which must
 * already compile with `new RegExp`. Refuses what has no linear-time equivalent (backreferences,
 * lookaround) and what JavaScript reads differently from what its author most likely meant
 * (`\A`, `\z`, `\p{L}` without the `u` flag are plain letters there). With `caseInsensitive`
 * (the `i` flag), every set of characters is closed under JavaScript's case-insensitive comparison,
 * so the tree matches case-sensitively exactly what the flagged expression matches.
 */
export function parseJsRegex(source: string, caseInsensitive = false): ParseResult {
  let pos = 0;
  let depth = 0;
  let atoms = 0;
  const fold = caseInsensitive ? foldCase : normalizeRanges;
  const peek = (offset = 0) => source[pos + offset] ?? "";
  const refuse = (clause: string): never => {
    throw new Unsupported(clause);
  };
  const unsupported = (what: string): never => refuse(`uses ${what}, which the linear-time engine does not support`);
  const needsUnicodeFlag = (what: string, plain = ""): never =>
    refuse(`uses ${what}, which needs the u flag that trigger patterns cannot set${plain}`);

  function disjunction(): RegexNode {
    const items = [alternative()];
    while (peek() === "|") {
      pos++;
      items.push(alternative());
    }
    return items.length === 1 ? (items[0] as RegexNode) : { kind: "alt", items };
  }

  function alternative(): RegexNode {
    const items: RegexNode[] = [];
    while (pos < source.length && peek() !== "|" && peek() !== ")") items.push(term());
    if (items.length === 0) return { kind: "empty" };
    return items.length === 1 ? (items[0] as RegexNode) : { kind: "concat", items };
  }

  function term(): RegexNode {
    const c = peek();
    if (c === "^" || c === "$") {
      pos++;
      return { kind: "assert", assertion: c === "^" ? "start" : "end" };
    }
    if (c === "\\" && (peek(1) === "b" || peek(1) === "B")) {
      pos += 2;
      return { kind: "assert", assertion: peek(-1) === "b" ? "word" : "not-word" };
    }
    const node = atom();
    const repeated = quantified(node);
    // JavaScript without the u flag repeats only the second half of a character outside the BMP.
    if (repeated !== node && c !== "(" && isAstral(node)) {
      unsupported("a quantifier right after a character outside the Basic Multilingual Plane (group it: (?:😀)+)");
    }
    return repeated;
  }

  function atom(): RegexNode {
    // Every atom costs at least one instruction: stop reading a pattern that is already too large.
    if (++atoms > MAX_PROGRAM_SIZE) refuse(`is too large for the engine (more than ${MAX_PROGRAM_SIZE} characters or classes)`);
    const c = peek();
    if (c === "(") return group();
    if (c === ".") {
      pos++;
      return { kind: "set", ranges: fold(DOT) };
    }
    if (c === "[") return characterClass();
    if (c === "\\") {
      const classEscape = CLASS_ESCAPES[peek(1)];
      if (classEscape) {
        pos += 2;
        return { kind: "set", ranges: fold(classEscape) };
      }
      return char(escapedCharacter(false));
    }
    return char(sourceCharacter());
  }

  function group(): RegexNode {
    if (source.startsWith("(?=", pos) || source.startsWith("(?!", pos)) unsupported("a lookahead assertion (?= or (?!");
    if (source.startsWith("(?<=", pos) || source.startsWith("(?<!", pos)) unsupported("a lookbehind assertion (?<= or (?<!");
    if (source.startsWith("(?<", pos)) pos = source.indexOf(">", pos) + 1;
    else if (source.startsWith("(?:", pos)) pos += 3;
    else if (peek(1) === "?") unsupported("an inline modifier group such as (?i:...)");
    else pos++;
    // The parser recurses once per group: a bound keeps a hostile pattern from exhausting the stack.
    if (++depth > MAX_NESTING_DEPTH) refuse(`nests groups more than ${MAX_NESTING_DEPTH} deep`);
    const child = disjunction();
    depth--;
    pos++; // the closing parenthesis
    return child;
  }

  function quantified(node: RegexNode): RegexNode {
    let min: number;
    let max: number;
    const c = peek();
    QUANTIFIER.lastIndex = pos;
    const braced = c === "{" ? QUANTIFIER.exec(source) : null;
    if (c === "*" || c === "+" || c === "?") {
      [min, max] = c === "*" ? [0, Number.POSITIVE_INFINITY] : c === "+" ? [1, Number.POSITIVE_INFINITY] : [0, 1];
      pos++;
    } else if (braced) {
      min = Number(braced[1]);
      max = braced[2] === undefined ? min : braced[3] ? Number(braced[3]) : Number.POSITIVE_INFINITY;
      pos += braced[0].length;
    } else {
      return node;
    }
    if (min > MAX_REPEAT || (max !== Number.POSITIVE_INFINITY && max > MAX_REPEAT)) refuse(`uses a repeat count over ${MAX_REPEAT}`);
    if (peek() === "?") pos++; // laziness does not change which text matches
    return { kind: "repeat", child: node, min, max };
  }

  function characterClass(): RegexNode {
    pos++;
    const negate = peek() === "^";
    if (negate) pos++;
    const ranges: CodeRange[] = [];
    while (peek() !== "]") {
      const from = classAtom();
      if (peek() === "-" && peek(1) !== "]" && peek(1) !== "") {
        pos++;
        const to = classAtom();
        if (typeof from === "number" && typeof to === "number") ranges.push([from, to]);
        else ranges.push(...toRanges(from), [0x2d, 0x2d], ...toRanges(to));
      } else {
        ranges.push(...toRanges(from));
      }
    }
    pos++;
    return { kind: "set", ranges: negate ? complement(fold(ranges)) : fold(ranges) };
  }

  function classAtom(): number | CodeRange[] {
    if (peek() !== "\\") {
      const code = sourceCharacter();
      if (code > 0xffff) unsupported("a character outside the Basic Multilingual Plane inside [...]");
      return code;
    }
    const classEscape = CLASS_ESCAPES[peek(1)];
    if (classEscape) {
      pos += 2;
      return classEscape;
    }
    if (peek(1) === "b") {
      pos += 2;
      return 0x08;
    }
    if (peek(1) === "-") {
      pos += 2;
      return 0x2d;
    }
    return escapedCharacter(true);
  }

  // One character written as an escape (the backslash is at `pos`); returns its code point.
  function escapedCharacter(inClass: boolean): number {
    const c = peek(1);
    if (c in CONTROL_ESCAPES) {
      pos += 2;
      return CONTROL_ESCAPES[c] as number;
    }
    if (c === "c") {
      const letter = peek(2);
      if (/[A-Za-z]/.test(letter) || (inClass && /[0-9_]/.test(letter))) {
        pos += 3;
        return (letter.codePointAt(0) as number) % 32;
      }
      pos++; // Annex B: a backslash not followed by a control letter is itself
      return 0x5c;
    }
    if (c === "0" && !/[0-9]/.test(peek(2))) {
      pos += 2;
      return 0;
    }
    if (/[0-9]/.test(c)) refuse(decimalEscapeReason(source, pos));
    if (c === "x") return hexEscape(2, "\\x");
    if (c === "u") {
      if (peek(2) === "{") needsUnicodeFlag("\\u{...}");
      const unit = hexEscape(4, "\\u");
      return surrogatePair(unit, () => (source.startsWith("\\u", pos) ? hexEscape(4, "\\u") : -1), inClass);
    }
    if (c === "k") unsupported("a named backreference (\\k)");
    if (c === "p" || c === "P") needsUnicodeFlag(`\\${c}{...}`, ` (without it, \\${c} is the letter ${c})`);
    if (/[A-Za-z]/.test(c)) refuse(`uses \\${c}, which is not an escape in JavaScript (it would match the letter ${c}); remove the backslash`);
    pos++;
    return sourceCharacter();
  }

  function hexEscape(digits: number, name: string): number {
    const hex = source.slice(pos + 2, pos + 2 + digits);
    if (hex.length < digits || !/^[0-9A-Fa-f]+$/.test(hex)) refuse(`uses an incomplete ${name} escape`);
    pos += 2 + digits;
    return Number.parseInt(hex, 16);
  }

  function sourceCharacter(): number {
    const unit = source.charCodeAt(pos++);
    return surrogatePair(unit, () => (pos < source.length ? source.charCodeAt(pos++) : -1), false);
  }

  // JavaScript without the u flag sees a surrogate pair as two characters; the engine sees one code
  // point. A pair written out in a row matches the same text either way; anything else is refused.
  function surrogatePair(unit: number, nextUnit: () => number, inClass: boolean): number {
    if (!isHighSurrogate(unit) && !isLowSurrogate(unit)) return unit;
    const saved = pos;
    const low = isHighSurrogate(unit) ? nextUnit() : -1;
    if (isLowSurrogate(low) && !inClass) return 0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00);
    pos = saved;
    return unsupported(inClass ? "a surrogate code unit inside [...]" : "a lone surrogate code unit");
  }

  function char(code: number): RegexNode {
    return { kind: "set", ranges: fold([[code, code]]) };
  }

  function isAstral(node: RegexNode): boolean {
    const [range] = node.kind === "set" && node.ranges.length === 1 ? node.ranges : [];
    return range !== undefined && range[0] === range[1] && range[0] > 0xffff;
  }

  function toRanges(atomValue: number | CodeRange[]): CodeRange[] {
    return typeof atomValue === "number" ? [[atomValue, atomValue]] : atomValue;
  }

  try {
    const node = disjunction();
    if (pos < source.length) refuse(`could not be parsed (unexpected "${peek()}" at ${pos})`);
    return { ok: true, node };
  } catch (error) {
    if (error instanceof Unsupported) return { ok: false, reason: error.message };
    throw error;
  }
}
