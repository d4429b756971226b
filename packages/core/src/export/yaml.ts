import { splitGlobList } from "../read/fields.js";

/** A frontmatter value the export writes: text, a list of text, or a boolean. */
export type ExportValue = string | readonly string[] | boolean | { readonly plain: string };

// Control, format and separator characters are written as escapes so the file's text stays
// one line per key and shows what it holds.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it escapes.
const ESCAPE = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/g;

// Plain words YAML would read as something other than text. (YAML 1.1's `y` and `n` need no
// entry: a bare scalar has at least two characters.)
const RESERVED = new Set(["true", "false", "null", "yes", "no", "on", "off"]);

/**
 * A YAML scalar for `text`: bare when it is plain words, else double-quoted: safe whatever the text holds (`---`, `:`, `#`,
 * quotes, newlines, hidden characters), as JSON strings are valid YAML double-quoted scalars.
 */
export function yamlString(text: string): string {
  if (/^[A-Za-z][A-Za-z0-9_ ./-]*[A-Za-z0-9_]$/.test(text) && !RESERVED.has(text.toLowerCase())) return text;
  return JSON.stringify(text).replace(ESCAPE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/**
 * Globs the way Cursor and Windsurf write them: one bare comma-separated value
 * (`globs: **\/*.ts,src/**`) when every glob is plain glob text that splits back the same,
 * else a YAML list (their readers take the value as it is written, quotes included).
 */
export function globListValue(globs: readonly string[]): ExportValue {
  const joined = globs.join(",");
  const plain = globs.every((g) => /^[A-Za-z0-9_*./{},!@+\-[\]]+$/.test(g)) && !/^[!{[@]/.test(joined);
  return plain && sameList(splitGlobList(joined), globs) ? { plain: joined } : globs;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

/** A YAML key: bare when it is a plain word, quoted otherwise. */
function yamlKey(key: string): string {
  return /^[A-Za-z_][A-Za-z0-9_-]*$/.test(key) ? key : yamlString(key);
}

/**
 * A frontmatter block (`---` fences, a first line carrying `comment` when given) from `fields`
 * in the given order; `undefined` values are left out.
 */
export function serializeFrontmatter(fields: Readonly<Record<string, ExportValue | undefined>>, comment?: string): string {
  const lines = ["---"];
  if (comment !== undefined) lines.push(comment);
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    const text =
      typeof value === "boolean"
        ? String(value)
        : typeof value === "string"
          ? yamlString(value)
          : "plain" in value
            ? value.plain
            : `[${value.map(yamlString).join(", ")}]`;
    lines.push(`${yamlKey(key)}: ${text}`);
  }
  lines.push("---");
  return `${lines.join("\n")}\n`;
}
