/**
 * A fast path for the frontmatter most rule files have: flat `key: value` lines with plain
 * words, quoted strings without escapes, `true`/`false`, or nothing. It returns exactly what
 * the `yaml` package would return for such a block, and `undefined` for anything else (the
 * caller then runs the full parser). A differential test holds it to that promise.
 */
export function parseSimpleYaml(lines: readonly string[]): Record<string, unknown> | undefined {
  const data: Record<string, unknown> = {};
  for (const line of lines) if (!addSimpleLine(data, line)) return undefined;
  return data;
}

/**
 * Adds one line to `data` the way {@link parseSimpleYaml} reads it; false when the line is
 * not simple (then the whole block goes to the full parser).
 */
export function addSimpleLine(data: Record<string, unknown>, line: string): boolean {
  if (line === "") return true;
  const colon = line.indexOf(":");
  if (colon <= 0 || !isSimpleKey(line, colon)) return false;
  const key = line.slice(0, colon);
  if (key === "__proto__" || Object.hasOwn(data, key)) return false;
  let start = colon + 1;
  if (start < line.length && line.charCodeAt(start) !== 32) return false;
  // YAML separates with spaces only; String#trim would also eat U+00A0 and friends.
  let end = line.length;
  while (start < end && line.charCodeAt(start) === 32) start++;
  while (end > start && line.charCodeAt(end - 1) === 32) end--;
  const value = simpleValue(line.slice(start, end));
  if (value === NOT_SIMPLE) return false;
  data[key] = value;
  return true;
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

const NOT_SIMPLE = Symbol("not simple");
// Characters that start something other than a plain string (YAML indicators), and text
// that YAML's core schema resolves to null, booleans or numbers.
const INDICATORS = "-?:,[]{}#&*!|>'\"%@`~";
const NOT_A_STRING = /^(?:null|Null|NULL|true|True|TRUE|false|False|FALSE|[-+]?\.?[0-9]|[-+]?\.(?:inf|Inf|INF)$|\.(?:nan|NaN|NAN)$)/;

function simpleValue(raw: string): unknown {
  if (raw === "") return null;
  if (raw === "true") return true;
  if (raw === "false") return false;
  const first = raw[0];
  if (first === '"') {
    const inner = raw.slice(1, -1);
    if (raw.length < 2 || !raw.endsWith('"') || inner.includes('"') || inner.includes("\\")) return NOT_SIMPLE;
    return inner;
  }
  if (first === "'") {
    const inner = raw.slice(1, -1);
    if (raw.length < 2 || !raw.endsWith("'") || inner.replaceAll("''", "").includes("'")) return NOT_SIMPLE;
    return inner.replaceAll("''", "'");
  }
  if (INDICATORS.includes(first as string) || NOT_A_STRING.test(raw) || raw.includes("\t") || raw.includes("\\")) return NOT_SIMPLE;
  if (raw.includes(": ") || raw.includes(" #") || raw.endsWith(":")) return NOT_SIMPLE;
  return raw;
}
