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
  const parser = new JsRegexParser(source, caseInsensitive ? foldCase : normalizeRanges);
  try {
    const node = parser.disjunction();
    if (parser.pos < source.length) parser.refuse(`could not be parsed (unexpected "${parser.peek()}" at ${parser.pos})`);
    return { ok: true, node };
  } catch (error) {
    if (error instanceof Unsupported) return { ok: false, reason: error.message };
    throw error;
  }
}

/** The parser of {@link parseJsRegex}: one method per production of the grammar, `pos` moving along `source`. */
class JsRegexParser {
  pos = 0;
  private depth = 0;
  private atoms = 0;

  constructor(
    readonly source: string,
    private readonly fold: (ranges: CodeRange[]) => CodeRange[],
  ) {}

  peek(offset = 0): string {
    return this.source[this.pos + offset] ?? "";
  }

  refuse(clause: string): never {
    throw new Unsupported(clause);
  }

  private unsupported(what: string): never {
    return this.refuse(`uses ${what}, which the linear-time engine does not support`);
  }

  private needsUnicodeFlag(what: string, plain = ""): never {
    return this.refuse(`uses ${what}, which needs the u flag that trigger patterns cannot set${plain}`);
  }

  disjunction(): RegexNode {
    const items = [this.alternative()];
    while (this.peek() === "|") {
      this.pos++;
      items.push(this.alternative());
    }
    return items.length === 1 ? (items[0] as RegexNode) : { kind: "alt", items };
  }

  private alternative(): RegexNode {
    const items: RegexNode[] = [];
    while (this.pos < this.source.length && this.peek() !== "|" && this.peek() !== ")") items.push(this.term());
    if (items.length === 0) return { kind: "empty" };
    return items.length === 1 ? (items[0] as RegexNode) : { kind: "concat", items };
  }

  private term(): RegexNode {
    const c = this.peek();
    if (c === "^" || c === "$") {
      this.pos++;
      return { kind: "assert", assertion: c === "^" ? "start" : "end" };
    }
    if (c === "\\" && (this.peek(1) === "b" || this.peek(1) === "B")) {
      this.pos += 2;
      return { kind: "assert", assertion: this.peek(-1) === "b" ? "word" : "not-word" };
    }
    const node = this.atom();
    const repeated = this.quantified(node);
    // JavaScript without the u flag repeats only the second half of a character outside the BMP.
    if (repeated !== node && c !== "(" && this.isAstral(node)) {
      this.unsupported("a quantifier right after a character outside the Basic Multilingual Plane (group it: (?:😀)+)");
    }
    return repeated;
  }

  private atom(): RegexNode {
    // Every atom costs at least one instruction: stop reading a pattern that is already too large.
    if (++this.atoms > MAX_PROGRAM_SIZE) this.refuse(`is too large for the engine (more than ${MAX_PROGRAM_SIZE} characters or classes)`);
    const c = this.peek();
    if (c === "(") return this.group();
    if (c === ".") {
      this.pos++;
      return { kind: "set", ranges: this.fold(DOT) };
    }
    if (c === "[") return this.characterClass();
    if (c === "\\") {
      const classEscape = CLASS_ESCAPES[this.peek(1)];
      if (classEscape) {
        this.pos += 2;
        return { kind: "set", ranges: this.fold(classEscape) };
      }
      return this.char(this.escapedCharacter(false));
    }
    return this.char(this.sourceCharacter());
  }

  private group(): RegexNode {
    if (this.source.startsWith("(?=", this.pos) || this.source.startsWith("(?!", this.pos)) this.unsupported("a lookahead assertion (?= or (?!");
    if (this.source.startsWith("(?<=", this.pos) || this.source.startsWith("(?<!", this.pos)) this.unsupported("a lookbehind assertion (?<= or (?<!");
    if (this.source.startsWith("(?<", this.pos)) this.pos = this.source.indexOf(">", this.pos) + 1;
    else if (this.source.startsWith("(?:", this.pos)) this.pos += 3;
    else if (this.peek(1) === "?") this.unsupported("an inline modifier group such as (?i:...)");
    else this.pos++;
    // The parser recurses once per group: a bound keeps a hostile pattern from exhausting the stack.
    if (++this.depth > MAX_NESTING_DEPTH) this.refuse(`nests groups more than ${MAX_NESTING_DEPTH} deep`);
    const child = this.disjunction();
    this.depth--;
    this.pos++; // the closing parenthesis
    return child;
  }

  private quantified(node: RegexNode): RegexNode {
    let min: number;
    let max: number;
    const c = this.peek();
    QUANTIFIER.lastIndex = this.pos;
    const braced = c === "{" ? QUANTIFIER.exec(this.source) : null;
    if (c === "*" || c === "+" || c === "?") {
      [min, max] = c === "*" ? [0, Number.POSITIVE_INFINITY] : c === "+" ? [1, Number.POSITIVE_INFINITY] : [0, 1];
      this.pos++;
    } else if (braced) {
      min = Number(braced[1]);
      max = braced[2] === undefined ? min : braced[3] ? Number(braced[3]) : Number.POSITIVE_INFINITY;
      this.pos += braced[0].length;
    } else {
      return node;
    }
    if (min > MAX_REPEAT || (max !== Number.POSITIVE_INFINITY && max > MAX_REPEAT)) this.refuse(`uses a repeat count over ${MAX_REPEAT}`);
    if (this.peek() === "?") this.pos++; // laziness does not change which text matches
    return { kind: "repeat", child: node, min, max };
  }

  private characterClass(): RegexNode {
    this.pos++;
    const negate = this.peek() === "^";
    if (negate) this.pos++;
    const ranges: CodeRange[] = [];
    while (this.peek() !== "]") {
      const from = this.classAtom();
      if (this.peek() === "-" && this.peek(1) !== "]" && this.peek(1) !== "") {
        this.pos++;
        const to = this.classAtom();
        if (typeof from === "number" && typeof to === "number") ranges.push([from, to]);
        else ranges.push(...this.toRanges(from), [0x2d, 0x2d], ...this.toRanges(to));
      } else {
        ranges.push(...this.toRanges(from));
      }
    }
    this.pos++;
    return { kind: "set", ranges: negate ? complement(this.fold(ranges)) : this.fold(ranges) };
  }

  private classAtom(): number | CodeRange[] {
    if (this.peek() !== "\\") {
      const code = this.sourceCharacter();
      if (code > 0xffff) this.unsupported("a character outside the Basic Multilingual Plane inside [...]");
      return code;
    }
    const classEscape = CLASS_ESCAPES[this.peek(1)];
    if (classEscape) {
      this.pos += 2;
      return classEscape;
    }
    if (this.peek(1) === "b") {
      this.pos += 2;
      return 0x08;
    }
    if (this.peek(1) === "-") {
      this.pos += 2;
      return 0x2d;
    }
    return this.escapedCharacter(true);
  }

  // One character written as an escape (the backslash is at `this.pos`); returns its code point.
  private escapedCharacter(inClass: boolean): number {
    const c = this.peek(1);
    if (c in CONTROL_ESCAPES) {
      this.pos += 2;
      return CONTROL_ESCAPES[c] as number;
    }
    if (c === "c") {
      const letter = this.peek(2);
      if (/[A-Za-z]/.test(letter) || (inClass && /[0-9_]/.test(letter))) {
        this.pos += 3;
        return (letter.codePointAt(0) as number) % 32;
      }
      this.pos++; // Annex B: a backslash not followed by a control letter is itself
      return 0x5c;
    }
    if (c === "0" && !/[0-9]/.test(this.peek(2))) {
      this.pos += 2;
      return 0;
    }
    if (/[0-9]/.test(c)) this.refuse(decimalEscapeReason(this.source, this.pos));
    if (c === "x") return this.hexEscape(2, "\\x");
    if (c === "u") {
      if (this.peek(2) === "{") this.needsUnicodeFlag("\\u{...}");
      const unit = this.hexEscape(4, "\\u");
      return this.surrogatePair(unit, () => (this.source.startsWith("\\u", this.pos) ? this.hexEscape(4, "\\u") : -1), inClass);
    }
    if (c === "k") this.unsupported("a named backreference (\\k)");
    if (c === "p" || c === "P") this.needsUnicodeFlag(`\\${c}{...}`, ` (without it, \\${c} is the letter ${c})`);
    if (/[A-Za-z]/.test(c)) this.refuse(`uses \\${c}, which is not an escape in JavaScript (it would match the letter ${c}); remove the backslash`);
    this.pos++;
    return this.sourceCharacter();
  }

  private hexEscape(digits: number, name: string): number {
    const hex = this.source.slice(this.pos + 2, this.pos + 2 + digits);
    if (hex.length < digits || !/^[0-9A-Fa-f]+$/.test(hex)) this.refuse(`uses an incomplete ${name} escape`);
    this.pos += 2 + digits;
    return Number.parseInt(hex, 16);
  }

  private sourceCharacter(): number {
    const unit = this.source.charCodeAt(this.pos++);
    return this.surrogatePair(unit, () => (this.pos < this.source.length ? this.source.charCodeAt(this.pos++) : -1), false);
  }

  // JavaScript without the u flag sees a surrogate pair as two characters; the engine sees one code
  // point. A pair written out in a row matches the same text either way; anything else is refused.
  private surrogatePair(unit: number, nextUnit: () => number, inClass: boolean): number {
    if (!isHighSurrogate(unit) && !isLowSurrogate(unit)) return unit;
    const saved = this.pos;
    const low = isHighSurrogate(unit) ? nextUnit() : -1;
    if (isLowSurrogate(low) && !inClass) return 0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00);
    this.pos = saved;
    return this.unsupported(inClass ? "a surrogate code unit inside [...]" : "a lone surrogate code unit");
  }

  private char(code: number): RegexNode {
    return { kind: "set", ranges: this.fold([[code, code]]) };
  }

  private isAstral(node: RegexNode): boolean {
    const [range] = node.kind === "set" && node.ranges.length === 1 ? node.ranges : [];
    return range !== undefined && range[0] === range[1] && range[0] > 0xffff;
  }

  private toRanges(atomValue: number | CodeRange[]): CodeRange[] {
    return typeof atomValue === "number" ? [[atomValue, atomValue]] : atomValue;
  }
}
