/**
 * A fast path for the frontmatter most rule files have: flat `key: value` lines with plain
 * words, quoted strings without escapes, `true`/`false`, or nothing. It returns exactly what
 * the `yaml` package would return for such a block, and `undefined` for anything else (the
 * caller then runs the full parser). A differential test holds it to that promise.
 */
export function parseSimpleYaml(lines: readonly string[]): Record<string, unknown> | undefined {
  const data: Record<string, unknown> = {};
  for (const line of lines) {
    if (line === "") continue;
    const colon = line.indexOf(":");
    if (colon <= 0) return undefined;
    const key = line.slice(0, colon);
    if (!SIMPLE_KEY.test(key) || key === "__proto__" || Object.hasOwn(data, key)) return undefined;
    const rest = line.slice(colon + 1);
    if (rest !== "" && rest[0] !== " ") return undefined;
    // YAML separates with spaces only; String#trim would also eat U+00A0 and friends.
    const value = simpleValue(rest.replace(/^ +| +$/g, ""));
    if (value === NOT_SIMPLE) return undefined;
    data[key] = value;
  }
  return data;
}

const SIMPLE_KEY = /^[A-Za-z_][A-Za-z0-9_-]*$/;
const NOT_SIMPLE = Symbol("not simple");
// Characters that start something other than a plain string (YAML indicators), and text
// that YAML's core schema resolves to null, booleans or numbers.
const INDICATOR = /^[-?:,[\]{}#&*!|>'"%@`~]/;
const NOT_A_STRING = /^(?:null|Null|NULL|true|True|TRUE|false|False|FALSE|[-+]?\.?[0-9]|[-+]?\.(?:inf|Inf|INF)$|\.(?:nan|NaN|NAN)$)/;
const PLAIN_SAFE = /^[^\t\\]*$/;

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
  if (INDICATOR.test(raw) || NOT_A_STRING.test(raw) || !PLAIN_SAFE.test(raw)) return NOT_SIMPLE;
  if (raw.includes(": ") || raw.includes(" #") || raw.endsWith(":")) return NOT_SIMPLE;
  return raw;
}
