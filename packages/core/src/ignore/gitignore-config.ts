/**
 * `core.ignorecase` read from the text of a git config file as git's config.c reads it
 * (`git_parse_source`, `get_base_var`, `get_value`, `parse_value`, `git_config_bool`): section
 * and key names case-insensitive, `#`/`;` comments, quotes and escapes in values, `\` line
 * continuations, a bare key meaning true, the last setting winning. Where git would refuse the
 * file (a syntax error anywhere, a value that is not a boolean) it would refuse to run at all, so
 * there is no verdict of git's to follow: the answer is `false`, case-sensitive, git's default.
 */
export function readIgnoreCase(text: string): boolean {
  const source = new ConfigSource(text);
  let section: string | undefined;
  let ignoreCase = false;
  let comment = false;
  for (;;) {
    const c = source.next();
    if (c === "\n") {
      if (source.eof) return ignoreCase;
      comment = false;
      continue;
    }
    if (comment || isSpace(c)) continue;
    if (c === "#" || c === ";") {
      comment = true;
      continue;
    }
    if (c === "[") {
      section = sectionName(source);
      if (section === undefined || section === "") return false;
      continue;
    }
    if (!isAlpha(c)) return false;
    let key = c.toLowerCase();
    let d = source.next();
    while (!source.eof && isKeyChar(d)) {
      key += d.toLowerCase();
      d = source.next();
    }
    while (d === " " || d === "\t") d = source.next();
    let value: string | undefined;
    if (d !== "\n") {
      if (d !== "=") return false;
      value = parseValue(source);
      if (value === undefined) return false;
    }
    if (section === "core" && key === "ignorecase") {
      const bool = parseBool(value);
      if (bool === undefined) return false;
      ignoreCase = bool;
    }
  }
}

/** The characters of a config file as git's `get_next_char` gives them: `\r\n` as `\n`, the end as a `\n` with `eof` set. */
class ConfigSource {
  eof = false;
  private at = 0;
  constructor(private readonly text: string) {
    if (text.startsWith("\uFEFF")) this.at = 1;
  }
  next(): string {
    if (this.at >= this.text.length) {
      this.eof = true;
      return "\n";
    }
    const c = this.text[this.at++] as string;
    if (c === "\r" && this.text[this.at] === "\n") {
      this.at++;
      return "\n";
    }
    return c;
  }
}

/** `[section]`, `[section "subsection"]` or the old `[section.subsection]`, after the `[`: the lower-cased name (`core`, `core.x`), else `undefined`. */
function sectionName(source: ConfigSource): string | undefined {
  let name = "";
  for (;;) {
    const c = source.next();
    if (source.eof) return undefined;
    if (c === "]") return name;
    if (isSpace(c)) return subsection(source, name, c);
    if (!isKeyChar(c) && c !== ".") return undefined;
    name += c.toLowerCase();
  }
}

function subsection(source: ConfigSource, name: string, first: string): string | undefined {
  let c = first;
  do {
    if (c === "\n") return undefined;
    c = source.next();
  } while (isSpace(c));
  if (c !== '"') return undefined;
  let sub = "";
  for (;;) {
    let d = source.next();
    if (d === "\n") return undefined;
    if (d === '"') break;
    if (d === "\\") {
      d = source.next();
      if (d === "\n") return undefined;
    }
    sub += d;
  }
  return source.next() === "]" ? `${name}.${sub}` : undefined;
}

/** A value after the `=`: leading and trailing blanks dropped, quotes, escapes, comments and continuations as git's `parse_value`. */
function parseValue(source: ConfigSource): string | undefined {
  let value = "";
  let quote = false;
  let comment = false;
  let spaces = 0;
  for (;;) {
    let c = source.next();
    if (c === "\n") return quote ? undefined : value;
    if (comment) continue;
    if (isSpace(c) && !quote) {
      if (value !== "") spaces++;
      continue;
    }
    if (!quote && (c === ";" || c === "#")) {
      comment = true;
      continue;
    }
    value += " ".repeat(spaces);
    spaces = 0;
    if (c === "\\") {
      c = source.next();
      if (c === "\n") continue;
      const escaped = ESCAPES[c];
      if (escaped === undefined) return undefined;
      value += escaped;
      continue;
    }
    if (c === '"') quote = !quote;
    else value += c;
  }
}

const ESCAPES: Record<string, string> = { t: "\t", b: "\b", n: "\n", "\\": "\\", '"': '"' };

/**
 * git's `git_config_bool`: no value is true; `""`, `false`, `no`, `off` false; `true`, `yes`,
 * `on` true (any case); else an integer (decimal, `0x` hex or `0` octal, a `k`/`m`/`g` unit),
 * true unless zero; `undefined` for anything else, where git stops with "bad boolean config value".
 */
export function parseBool(value: string | undefined): boolean | undefined {
  if (value === undefined) return true;
  const word = value.toLowerCase();
  if (word === "" || word === "false" || word === "no" || word === "off") return false;
  if (word === "true" || word === "yes" || word === "on") return true;
  const number = /^[ \t\n\v\f\r]*([-+]?)(0x[0-9a-f]+|0[0-7]*|[1-9][0-9]*)([kmg]?)$/.exec(word);
  if (!number) return undefined;
  const unit = number[3] === "k" ? 1024 : number[3] === "m" ? 1024 ** 2 : number[3] === "g" ? 1024 ** 3 : 1;
  const digits = number[2] as string;
  const magnitude = digits.startsWith("0x")
    ? Number.parseInt(digits.slice(2), 16)
    : digits.length > 1 && digits[0] === "0"
      ? Number.parseInt(digits, 8)
      : Number(digits);
  const result = (number[1] === "-" ? -magnitude : magnitude) * unit;
  // git keeps the value in an `int`: outside its range it stops with "bad numeric config value".
  if (result > 2 ** 31 - 1 || result < -(2 ** 31)) return undefined;
  return result !== 0;
}

/** git's `isspace` (sane_ctype): space, tab, line feed, carriage return. */
function isSpace(c: string): boolean {
  return c === " " || c === "\t" || c === "\n" || c === "\r";
}

function isAlpha(c: string): boolean {
  return (c >= "a" && c <= "z") || (c >= "A" && c <= "Z");
}

function isKeyChar(c: string): boolean {
  return isAlpha(c) || (c >= "0" && c <= "9") || c === "-";
}
