/**
 * One ignore file (`.gitignore`, `.git/info/exclude`) compiled for the walk's question: is this
 * entry ignored, given that its parent folders are not? The semantics are git's own (dir.c's
 * `add_patterns_from_buffer`, `match_basename`, `match_pathname`; wildmatch.c), ported rather
 * than approximated: see the core README, "Ignore files".
 *
 * Speed: the last matching rule decides, so a verdict is the highest index of a matching rule,
 * and each kind of rule is asked only whether it beats the best so far. Literal names (`dist`,
 * `.DS_Store`, also behind a leading `**` and slash) and literal paths (`/build`, `apps/web/out`) are map lookups;
 * `*.ext` rules are `endsWith` tests bucketed by their last character; only real wildcards reach
 * a regular expression: all those on the name in one, all those on the path in another, each
 * confirmed rule by rule from the last only when it matches (rarely). Folder-only rules (`dir/`)
 * are left out of the view that tests files.
 */

/** One ignore file, compiled; `base` is its folder relative to the walk root (`""` for the root). */
export interface IgnoreFile {
  readonly base: string;
  /** The rules that can match a file (folder-only rules left out). */
  readonly files: RuleView;
  /** Every rule, for folders. */
  readonly folders: RuleView;
}

interface Rule {
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

/** Every wildcard rule of one kind in one regular expression, and each alone, highest index first. */
interface Wildcards {
  /** The highest rule index among them. */
  last: number;
  flags: string;
  regex: RegExp;
  members: { index: number; source: string; regex?: RegExp }[];
}

interface RuleView {
  negative: boolean[];
  names: Map<string, number>;
  /** `*.ext`-style rules by the char code their suffix ends with, highest index first. */
  suffixes: Map<number, { index: number; suffix: string }[]>;
  /** Index of the last rule matching every name (`*`), or -1. */
  all: number;
  /** Literal paths, keyed by the path from the walk root. */
  paths: Map<string, number>;
  /** Wildcard rules on the entry's name (`^…$`) that can end with any character. */
  wildNames?: Wildcards;
  /** The others, by the character the name must end with (`*-PLAN.md`: `d`). */
  wildNameEnds: Map<number, Wildcards>;
  /** Wildcard rules on the path from the ignore file's folder (sticky, `…$`). */
  wildPaths?: Wildcards;
}

/** Compiles the text of one ignore file standing in folder `base` (relative to the walk root, `""` for the root). */
export function compileIgnoreFile(text: string, base: string): IgnoreFile {
  const rules = parseIgnoreFile(text).map((line, index) => compileRule(line, index));
  const shared = new Map<string, Wildcards>();
  return {
    base,
    files: buildView(
      rules.filter((rule) => !rule.folderOnly),
      rules,
      base,
      shared,
    ),
    folders: buildView(rules, rules, base, shared),
  };
}

/**
 * True when git ignores `path` (relative to the walk root, `/`; `name` its last segment) in a
 * folder it does not ignore, given the ignore files that apply there, root first
 * (`.git/info/exclude`, then each `.gitignore` down to the entry's folder): the deepest file
 * that decides wins, each testing the path relative to its own folder.
 */
export function isIgnored(files: readonly IgnoreFile[], path: string, name: string, isFolder: boolean): boolean {
  for (let i = files.length - 1; i >= 0; i--) {
    const verdict = ignoreVerdict(files[i] as IgnoreFile, path, name, isFolder);
    if (verdict !== undefined) return verdict;
  }
  return false;
}

/**
 * git's verdict of one ignore file on `path` (relative to the walk root, `/`; `name` its last
 * segment): `true` ignored, `false` re-included by a `!` rule, `undefined` when no rule matches.
 */
export function ignoreVerdict(file: IgnoreFile, path: string, name: string, isFolder: boolean): boolean | undefined {
  const view = isFolder ? file.folders : file.files;
  let best = view.names.get(name) ?? -1;
  if (view.all > best) best = view.all;
  if (view.suffixes.size > 0) {
    const bucket = view.suffixes.get(name.charCodeAt(name.length - 1));
    if (bucket) {
      for (const rule of bucket) {
        if (rule.index <= best) break;
        if (name.endsWith(rule.suffix)) {
          best = rule.index;
          break;
        }
      }
    }
  }
  if (view.paths.size > 0) {
    const index = view.paths.get(path);
    if (index !== undefined && index > best) best = index;
  }
  const { wildNames, wildPaths } = view;
  const wildEnd = view.wildNameEnds.size > 0 ? view.wildNameEnds.get(name.charCodeAt(name.length - 1)) : undefined;
  if ((wildNames && wildNames.last > best) || (wildEnd && wildEnd.last > best) || (wildPaths && wildPaths.last > best)) {
    // wildmatch compares bytes: a path that is not all ASCII is tested as one character per UTF-8 byte.
    const offset = file.base === "" ? 0 : file.base.length + 1;
    const ascii = !NON_ASCII.test(path);
    if (wildEnd && wildEnd.last > best) best = highest(wildEnd, ascii ? name : toBytes(name), 0, best);
    if (wildNames && wildNames.last > best) best = highest(wildNames, ascii ? name : toBytes(name), 0, best);
    if (wildPaths && wildPaths.last > best) best = highest(wildPaths, ascii ? path : toBytes(path.slice(offset)), ascii ? offset : 0, best);
  }
  return best < 0 ? undefined : !view.negative[best];
}

/** The index of the last rule of `wild` above `best` that matches `subject` from `offset`, else `best`. */
function highest(wild: Wildcards, subject: string, offset: number, best: number): number {
  wild.regex.lastIndex = offset;
  if (!wild.regex.test(subject)) return best;
  for (const member of wild.members) {
    if (member.index <= best) break;
    member.regex ??= new RegExp(member.source, wild.flags);
    member.regex.lastIndex = offset;
    if (member.regex.test(subject)) return member.index;
  }
  return best;
}

// Any character above U+007F (a name is ASCII when it holds none).
const NON_ASCII = /[\u0080-\uffff]/;
const encoder = new TextEncoder();

function toBytes(text: string): string {
  let out = "";
  for (const byte of encoder.encode(text)) out += String.fromCharCode(byte);
  return out;
}

/**
 * The patterns of an ignore file, as git reads them: a UTF-8 BOM skipped, lines split at `\n`
 * with a `\r` before it dropped, blank lines and lines starting with `#` skipped, trailing spaces
 * removed unless escaped with `\`.
 */
export function parseIgnoreFile(text: string): string[] {
  const lines: string[] = [];
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  for (let start = 0; start < body.length; ) {
    let end = body.indexOf("\n", start);
    if (end === -1) end = body.length;
    let line = body.slice(start, end);
    start = end + 1;
    if (line === "" || line[0] === "#") continue;
    // git drops a `\r` before every `\n`, and it adds a `\n` after a last line without one.
    if (line.endsWith("\r")) line = line.slice(0, -1);
    lines.push(trimTrailingSpaces(line));
  }
  return lines;
}

/** git's `trim_trailing_spaces`: spaces (not tabs) at the end go, unless the first of them is escaped. */
function trimTrailingSpaces(line: string): string {
  let lastSpace = -1;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === " ") {
      if (lastSpace === -1) lastSpace = i;
    } else if (c === "\\") {
      i++;
      if (i >= line.length) return line;
      lastSpace = -1;
    } else lastSpace = -1;
  }
  return lastSpace === -1 ? line : line.slice(0, lastSpace);
}

const GLOB_SPECIAL = /[*?[\\]/;

/** git's `parse_path_pattern` and the choice `last_matching_pattern_from_list` makes for a rule. */
function compileRule(line: string, index: number): Rule {
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
      if (pattern !== "") rule.test = { kind: "name", name: pattern };
    } else if (pattern[0] === "*" && !GLOB_SPECIAL.test(pattern.slice(1))) {
      rule.test = { kind: "suffix", suffix: pattern.slice(1) };
    } else {
      const source = wildmatchSource(encoder.encode(pattern), 0, false);
      if (source !== undefined) rule.test = { kind: "wild-name", source: `^${source}$`, end: literalEnd(pattern) };
    }
    return rule;
  }
  // Matched against the path from the ignore file's folder; one leading `/` only anchors.
  if (pattern[0] === "/") pattern = pattern.slice(1);
  const bytes = encoder.encode(pattern);
  let prefix = 0;
  while (prefix < bytes.length && !isGlobSpecial(bytes[prefix] as number)) prefix++;
  if (prefix === bytes.length) {
    rule.test = { kind: "path", path: pattern };
    return rule;
  }
  // The literal part is compared first and wildmatch runs on the rest, as its own pattern: so a
  // `**` right after the literal part is a full `**` even mid-segment (`foo**` matches `foo/x/y`).
  const rest = wildmatchSource(bytes, prefix, true);
  if (rest !== undefined) rule.test = { kind: "wild-path", source: `${literalBytes(bytes, 0, prefix)}${rest}$` };
  return rule;
}

function literalEnd(pattern: string): number | undefined {
  const last = pattern.charCodeAt(pattern.length - 1);
  if (last > 0x7f || isGlobSpecial(last) || last === 0x5d || pattern[pattern.length - 2] === "\\") return undefined;
  return last;
}

function isGlobSpecial(byte: number): boolean {
  return byte === 0x2a || byte === 0x3f || byte === 0x5b || byte === 0x5c;
}

function buildView(rules: readonly Rule[], all: readonly Rule[], base: string, shared: Map<string, Wildcards>): RuleView {
  const view: RuleView = {
    negative: all.map((rule) => rule.negative),
    names: new Map(),
    suffixes: new Map(),
    all: -1,
    paths: new Map(),
    wildNameEnds: new Map(),
  };
  const wild: { index: number; onPath: boolean; source: string; end?: number }[] = [];
  for (const rule of rules) {
    const test = rule.test;
    if (!test) continue;
    // Later rules overwrite earlier ones: the last matching rule decides.
    if (test.kind === "name") view.names.set(test.name, rule.index);
    else if (test.kind === "path") view.paths.set(base === "" ? test.path : `${base}/${test.path}`, rule.index);
    else if (test.kind === "suffix") {
      if (test.suffix === "") view.all = rule.index;
      else {
        const key = test.suffix.charCodeAt(test.suffix.length - 1);
        const bucket = view.suffixes.get(key) ?? [];
        bucket.unshift({ index: rule.index, suffix: test.suffix });
        view.suffixes.set(key, bucket);
      }
    } else wild.push({ index: rule.index, onPath: test.kind === "wild-path", source: test.source, end: test.end });
  }
  view.wildNames = wildcards(
    wild.filter((w) => !w.onPath && w.end === undefined),
    "",
    shared,
  );
  const ends = new Set(wild.flatMap((w) => (w.end === undefined ? [] : [w.end])));
  for (const end of ends) {
    const made = wildcards(
      wild.filter((w) => w.end === end),
      "",
      shared,
    );
    if (made) view.wildNameEnds.set(end, made);
  }
  view.wildPaths = wildcards(
    wild.filter((w) => w.onPath),
    "y",
    shared,
  );
  return view;
}

/** One regular expression for the rules, shared by the two views when they hold the same ones. */
function wildcards(rules: readonly { index: number; source: string }[], flags: string, shared: Map<string, Wildcards>): Wildcards | undefined {
  if (rules.length === 0) return undefined;
  const key = `${flags}${rules.map((rule) => rule.index).join(",")}`;
  const known = shared.get(key);
  if (known) return known;
  // Alternatives are tried in order, so a match found by one regex is confirmed rule by rule from
  // the last, each rule's own regex made when first needed.
  const members = [...rules].reverse().map((rule) => ({ index: rule.index, source: rule.source }));
  const source = rules.length === 1 ? (rules[0]?.source as string) : rules.map((rule) => `(?:${rule.source})`).join("|");
  const made: Wildcards = { last: members[0]?.index as number, flags, regex: new RegExp(source, flags), members };
  shared.set(key, made);
  return made;
}

/**
 * A regular expression source matching what git's wildmatch matches for `pattern[start..]`,
 * on a string of one character per byte; `undefined` when it can never match (an unclosed `[`,
 * an unknown `[:class:]`, a trailing `\`). `pathname` is WM_PATHNAME: `*`, `?` and `[…]` do not
 * match `/`, and `**` is special at the start or after a `/` when followed by `/` or the end.
 * Without it (names, which hold no `/`) every wildcard is kept off `/` all the same.
 */
function wildmatchSource(pattern: Uint8Array, start: number, pathname: boolean): string | undefined {
  let out = "";
  const end = pattern.length;
  for (let i = start; i < end; ) {
    const c = pattern[i] as number;
    if (c === 0x5c) {
      if (i + 1 >= end) return undefined;
      out += literalBytes(pattern, i + 1, i + 2);
      i += 2;
    } else if (c === 0x3f) {
      out += "[^/]";
      i++;
    } else if (c === 0x2a) {
      let j = i + 1;
      if (j < end && pattern[j] === 0x2a) {
        const atSegmentStart = i === start || pattern[i - 1] === 0x2f;
        while (j < end && pattern[j] === 0x2a) j++;
        const next = pattern[j];
        if (pathname && atSegmentStart && (j === end || next === 0x2f || (next === 0x5c && pattern[j + 1] === 0x2f))) {
          if (next === 0x2f) {
            // `**/` matches nothing (the slash skipped too) or anything up to a slash.
            out += "(?:[^]*/)?";
            i = j + 1;
          } else {
            out += "[^]*";
            i = j;
          }
          continue;
        }
      }
      out += "[^/]*";
      i = j;
    } else if (c === 0x5b) {
      const bracket = bracketSource(pattern, i);
      if (!bracket) return undefined;
      out += bracket.source;
      i = bracket.next;
    } else {
      out += literalBytes(pattern, i, i + 1);
      i++;
    }
  }
  return out;
}

/** wildmatch's `[…]`, `[!…]`/`[^…]`, ranges and `[:class:]`, never matching `/`. */
function bracketSource(pattern: Uint8Array, open: number): { source: string; next: number } | undefined {
  const at = (k: number): number => pattern[k] ?? 0;
  const members = new Uint8Array(256);
  let k = open + 1;
  let ch = at(k);
  if (ch === 0x5e) ch = 0x21;
  const negated = ch === 0x21;
  if (negated) ch = at(++k);
  let prev = 0;
  do {
    if (ch === 0) return undefined;
    if (ch === 0x5c) {
      ch = at(++k);
      if (ch === 0) return undefined;
      members[ch] = 1;
    } else if (ch === 0x2d && prev !== 0 && at(k + 1) !== 0 && at(k + 1) !== 0x5d) {
      ch = at(++k);
      if (ch === 0x5c) {
        ch = at(++k);
        if (ch === 0) return undefined;
      }
      for (let b = prev; b <= ch; b++) members[b] = 1;
      ch = 0;
    } else if (ch === 0x5b && at(k + 1) === 0x3a) {
      const s = k + 2;
      let q = s;
      while (q < pattern.length && pattern[q] !== 0x5d) q++;
      if (q >= pattern.length) return undefined;
      if (q - s - 1 < 0 || pattern[q - 1] !== 0x3a) {
        // No `:]`: the `[` is an ordinary member.
        k = s - 2;
        ch = 0x5b;
        members[ch] = 1;
      } else {
        const name = String.fromCharCode(...pattern.subarray(s, q - 1));
        if (!addClass(members, name)) return undefined;
        k = q;
        ch = 0;
      }
    } else members[ch] = 1;
    prev = ch;
    ch = at(++k);
  } while (ch !== 0x5d);
  let source = "";
  let any = false;
  for (let b = 0; b < 256; ) {
    if ((members[b] === 1) === negated || b === 0x2f) {
      b++;
      continue;
    }
    let e = b;
    while (e + 1 < 256 && (members[e + 1] === 1) !== negated && e + 1 !== 0x2f) e++;
    source += e === b ? hexByte(b) : `${hexByte(b)}-${hexByte(e)}`;
    any = true;
    b = e + 1;
  }
  return { source: any ? `[${source}]` : "(?!)", next: k + 1 };
}

/** wildmatch's character classes, ASCII only as git's own ctype is. */
function addClass(members: Uint8Array, name: string): boolean {
  const test = CLASSES[name];
  if (!test) return false;
  for (let b = 0; b < 128; b++) if (test(b)) members[b] = 1;
  return true;
}

const isDigit = (b: number): boolean => b >= 0x30 && b <= 0x39;
const isUpper = (b: number): boolean => b >= 0x41 && b <= 0x5a;
const isLower = (b: number): boolean => b >= 0x61 && b <= 0x7a;
const isGraph = (b: number): boolean => b >= 0x21 && b <= 0x7e;
const CLASSES: Record<string, (b: number) => boolean> = {
  alnum: (b) => isDigit(b) || isUpper(b) || isLower(b),
  alpha: (b) => isUpper(b) || isLower(b),
  blank: (b) => b === 0x20 || b === 0x09,
  cntrl: (b) => b < 0x20 || b === 0x7f,
  digit: isDigit,
  graph: isGraph,
  lower: isLower,
  print: (b) => b >= 0x20 && b <= 0x7e,
  punct: (b) => isGraph(b) && !isDigit(b) && !isUpper(b) && !isLower(b),
  space: (b) => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d,
  upper: isUpper,
  xdigit: (b) => isDigit(b) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66),
};

function literalBytes(bytes: Uint8Array, from: number, to: number): string {
  let out = "";
  for (let i = from; i < to; i++) {
    const b = bytes[i] as number;
    out += isDigit(b) || isUpper(b) || isLower(b) || b === 0x2f || b === 0x2d || b === 0x5f ? String.fromCharCode(b) : hexByte(b);
  }
  return out;
}

function hexByte(b: number): string {
  return `\\x${b.toString(16).padStart(2, "0")}`;
}
