import { NOT_SIMPLE, flowList, scalarValue } from "./simple-yaml-scalars.js";

/**
 * A fast path for the frontmatter real rule files have: `key: value` lines with plain words,
 * quoted strings without escapes, decimal integers, `true`/`false` or nothing, a plain value
 * followed by a ` # comment`; flow lists of such scalars (`globs: ["a", "b"]`); block lists
 * (`globs:` then `  - a` lines); block scalars with one indentation (`description: >-` then
 * indented lines); one level of nested mapping (`metadata:` then `  owner: web` lines); and whole-line
 * `# comments` between entries. It returns exactly what the `yaml` package would return for
 * such a block, and `undefined` for anything else (the caller then runs the full parser). A
 * differential test holds it to that promise.
 */
export function parseSimpleYaml(lines: readonly string[]): Record<string, unknown> | undefined {
  return readSimpleLines(lines);
}

/**
 * Reads `lines` the way {@link parseSimpleYaml} does; `special` may claim a line first (the
 * caller's repaired glob lines), returning its key and value.
 */
export function readSimpleLines(
  lines: readonly string[],
  special?: (line: string) => { key: string; value: string } | undefined,
  keys?: SimpleKeys,
): Record<string, unknown> | undefined {
  const data: Record<string, unknown> = {};
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const claimed = special?.(line);
    if (claimed !== undefined) {
      if (Object.hasOwn(data, claimed.key)) return undefined;
      data[claimed.key] = claimed.value;
      if (keys) noteKey(keys, claimed.key, i);
      continue;
    }
    const entry = splitEntry(line);
    if (entry === undefined) {
      if (line === "") continue;
      return undefined;
    }
    if (entry === COMMENT) continue;
    if (entry === NOT_SIMPLE || entry.key === "__proto__" || Object.hasOwn(data, entry.key)) return undefined;
    const entryLine = i;
    const raw = entry.raw;
    let value: unknown;
    if (raw === "" && isSequenceLine(lines[i + 1])) {
      const list = readBlockList(lines, i + 1);
      if (list === undefined) return undefined;
      value = list.items;
      i = list.next - 1;
    } else if (raw === "" && lines[i + 1]?.startsWith(" ")) {
      const map = readNestedMap(lines, i + 1);
      if (map === undefined) return undefined;
      value = map.value;
      i = map.next - 1;
    } else if (raw[0] === "|" || raw[0] === ">") {
      const text = readBlockScalar(raw, lines, i + 1);
      if (text === undefined) return undefined;
      value = text.value;
      i = text.next - 1;
    } else if (raw[0] === "[") {
      value = flowList(raw);
    } else {
      value = scalarValue(raw);
    }
    if (value === NOT_SIMPLE) return undefined;
    data[entry.key] = value;
    if (keys) noteKey(keys, entry.key, entryLine);
  }
  return data;
}

/**
 * The top-level keys {@link readSimpleLines} read, each with its 1-based line in the file (the
 * block starts on line 2), as `indexKeys` would list them for a block read this way.
 */
export interface SimpleKeys {
  keyLines: Record<string, number>;
  /** True when a key is kebab-case. */
  dashed: boolean;
}

function noteKey(keys: SimpleKeys, key: string, index: number): void {
  keys.keyLines[key] = index + 2;
  if (key.includes("-")) keys.dashed = true;
}

/**
 * Adds one line to `data` the way {@link parseSimpleYaml} reads a single-line entry; false
 * when the line is not simple on its own (then the whole block goes to the full parser).
 */
export function addSimpleLine(data: Record<string, unknown>, line: string): boolean {
  if (line === "") return true;
  const entry = splitEntry(line);
  if (entry === COMMENT) return true;
  if (entry === undefined || entry === NOT_SIMPLE || entry.key === "__proto__" || Object.hasOwn(data, entry.key)) return false;
  const value = scalarValue(entry.raw);
  if (value === NOT_SIMPLE) return false;
  data[entry.key] = value;
  return true;
}

const COMMENT = Symbol("comment");

/**
 * `key: raw` with the raw value trimmed of spaces; undefined for a line that is no entry,
 * {@link COMMENT} for a whole-line `# comment`.
 */
function splitEntry(line: string): { key: string; raw: string } | typeof NOT_SIMPLE | typeof COMMENT | undefined {
  if (line === "") return undefined;
  if (line.charCodeAt(0) === 35) return COMMENT;
  const colon = line.indexOf(":");
  if (colon <= 0 || !isSimpleKey(line, colon)) return NOT_SIMPLE;
  let start = colon + 1;
  if (start < line.length && line.charCodeAt(start) !== 32) return NOT_SIMPLE;
  // YAML separates with spaces only; String#trim would also eat U+00A0 and friends.
  let end = line.length;
  while (start < end && line.charCodeAt(start) === 32) start++;
  while (end > start && line.charCodeAt(end - 1) === 32) end--;
  return { key: line.slice(0, colon), raw: line.slice(start, end) };
}

/** `[A-Za-z_][A-Za-z0-9_-]*` over `line[0, end)`, without a regex (this runs for every line). */
function isSimpleKey(line: string, end: number): boolean {
  for (let i = 0; i < end; i++) {
    const c = line.charCodeAt(i);
    const letter = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
    if (!letter && (i === 0 || !((c >= 48 && c <= 57) || c === 45))) return false;
  }
  return true;
}

/** A `- item` line at indentation 0 or 2 (the shapes rule files use). */
function isSequenceLine(line: string | undefined): boolean {
  return line !== undefined && (line.startsWith("- ") || line.startsWith("  - ") || line === "-" || line === "  -");
}

/** The items of a block list starting at `from`, all at one indentation; `next` is the first line after it. */
function readBlockList(lines: readonly string[], from: number): { items: unknown[] | typeof NOT_SIMPLE; next: number } | undefined {
  const indent = (lines[from] as string).startsWith("  ") ? "  - " : "- ";
  const items: unknown[] = [];
  let i = from;
  for (; i < lines.length; i++) {
    const line = lines[i] as string;
    if (!line.startsWith(indent)) {
      // Another entry (or the end) closes the list; anything else is not simple.
      if (line === "" || line.startsWith(" ") || line.startsWith("-") || line.startsWith("\t")) return undefined;
      break;
    }
    let raw = line.slice(indent.length);
    let end = raw.length;
    while (end > 0 && raw.charCodeAt(end - 1) === 32) end--;
    raw = raw.slice(0, end);
    if (raw.startsWith(" ") || raw === "" || raw[0] === "[" || raw[0] === "|" || raw[0] === ">") return undefined;
    const value = scalarValue(raw);
    if (value === NOT_SIMPLE) return { items: NOT_SIMPLE, next: i };
    items.push(value);
  }
  return { items, next: i };
}

/**
 * A mapping one level deep starting at `from`: `  key: value` lines at one indentation, each
 * value a scalar {@link scalarValue} reads (a nested list, block scalar or deeper mapping is
 * left to the full parser, as are blank and comment lines inside it); `next` is the first
 * line after it.
 */
function readNestedMap(lines: readonly string[], from: number): { value: Record<string, unknown>; next: number } | undefined {
  const first = lines[from] as string;
  let indent = 0;
  while (first.charCodeAt(indent) === 32) indent++;
  const prefix = first.slice(0, indent);
  const value: Record<string, unknown> = {};
  let i = from;
  for (; i < lines.length; i++) {
    const line = lines[i] as string;
    if (!line.startsWith(" ")) break;
    if (!line.startsWith(prefix) || line.charCodeAt(indent) === 32) return undefined;
    const entry = splitEntry(line.slice(indent));
    if (entry === undefined || entry === NOT_SIMPLE || entry === COMMENT) return undefined;
    if (entry.key === "__proto__" || Object.hasOwn(value, entry.key)) return undefined;
    const raw = entry.raw;
    if (raw[0] === "[" || raw[0] === "|" || raw[0] === ">") return undefined;
    const item = scalarValue(raw);
    if (item === NOT_SIMPLE) return undefined;
    value[entry.key] = item;
  }
  return { value, next: i };
}

/**
 * A block scalar (`|`, `|-`, `>`, `>-`) whose lines all have the same indentation of two or
 * more spaces, no blank lines and no tabs; `next` is the first line after it.
 */
function readBlockScalar(header: string, lines: readonly string[], from: number): { value: string | typeof NOT_SIMPLE; next: number } | undefined {
  if (header !== "|" && header !== "|-" && header !== ">" && header !== ">-") return undefined;
  const first = lines[from];
  if (first === undefined) return undefined;
  let indent = 0;
  while (indent < first.length && first.charCodeAt(indent) === 32) indent++;
  if (indent < 1 || indent === first.length) return undefined;
  const prefix = first.slice(0, indent);
  const parts: string[] = [];
  let i = from;
  for (; i < lines.length; i++) {
    const line = lines[i] as string;
    if (!line.startsWith(" ")) break;
    if (!line.startsWith(prefix) || line.charCodeAt(indent) === 32 || line.includes("\t") || line.length === indent) return undefined;
    parts.push(line.slice(indent));
  }
  // What follows must be another entry or the end; a blank line or a dedented `-` is not simple.
  const after = lines[i];
  if (after !== undefined && (after === "" || after.startsWith("-") || after.startsWith("#"))) return undefined;
  // Trailing spaces change how YAML folds and keeps lines: leave those to the full parser.
  if (parts.some((p) => p.endsWith(" "))) return undefined;
  const joined = header[0] === ">" ? parts.join(" ") : parts.join("\n");
  return { value: header.endsWith("-") ? joined : `${joined}\n`, next: i };
}
