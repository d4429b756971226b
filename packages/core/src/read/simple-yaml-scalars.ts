// The scalars of the frontmatter fast path (simple-yaml.ts): what YAML's core schema makes of a
// plain or quoted value and of a one-line flow list, or NOT_SIMPLE when only the full parser
// can tell.

/** What a reader returns for text it leaves to the full parser. */
export const NOT_SIMPLE = Symbol("not simple");

const FLOW_INDICATOR = /[[\]{}"'#:]/;

/** `[a, "b", 'c']`: a flow list of simple scalars on one line. */
export function flowList(raw: string): unknown[] | typeof NOT_SIMPLE {
  if (!raw.endsWith("]")) return NOT_SIMPLE;
  const inner = raw.slice(1, -1);
  if (inner.trim() === "") return inner === "" ? [] : NOT_SIMPLE;
  const items: unknown[] = [];
  let i = 0;
  while (i <= inner.length) {
    while (inner.charCodeAt(i) === 32) i++;
    const quote = inner[i];
    let end: number;
    let item: unknown;
    if (quote === '"' || quote === "'") {
      let close = inner.indexOf(quote, i + 1);
      // In single quotes, `''` is an escaped quote, not the end.
      while (quote === "'" && close >= 0 && inner[close + 1] === "'") close = inner.indexOf(quote, close + 2);
      if (close < 0) return NOT_SIMPLE;
      item = simpleValue(inner.slice(i, close + 1));
      end = close + 1;
    } else {
      const comma = inner.indexOf(",", i);
      end = comma < 0 ? inner.length : comma;
      let stop = end;
      while (stop > i && inner.charCodeAt(stop - 1) === 32) stop--;
      const text = inner.slice(i, stop);
      // Flow indicators, quotes and anything YAML would read as another type stay with the full parser.
      if (text === "" || FLOW_INDICATOR.test(text)) return NOT_SIMPLE;
      item = simpleValue(text);
      if (item !== NOT_SIMPLE && typeof item !== "string") return NOT_SIMPLE;
    }
    if (item === NOT_SIMPLE) return NOT_SIMPLE;
    items.push(item);
    while (inner.charCodeAt(end) === 32) end++;
    if (end >= inner.length) break;
    if (inner[end] !== ",") return NOT_SIMPLE;
    i = end + 1;
    if (inner.slice(i).trim() === "") return NOT_SIMPLE;
  }
  return items;
}

// Characters that start something other than a plain string (YAML indicators), and text
// that YAML's core schema resolves to null, booleans or numbers: the whole text must match
// (`2025-10-23` and `4DA rules` are strings there; `10`, `1.5e3`, `0x1F` and `.inf` are not).
const INDICATORS = "-?:,[]{}#&*!|>'\"%@`~";
const NOT_A_STRING =
  /^(?:[Nn]ull|NULL|[Tt]rue|TRUE|[Ff]alse|FALSE|0o[0-7]+|0x[0-9a-fA-F]+|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;

const DECIMAL = /^[-+]?[0-9]+$/;

/**
 * A scalar value: {@link simpleValue} of `raw`, where a plain (unquoted) value may end in a
 * comment (` #` and anything after it).
 */
export function scalarValue(raw: string): unknown {
  const first = raw.charCodeAt(0);
  if (first === 34 || first === 39) return simpleValue(raw);
  const hash = raw.indexOf(" #");
  if (hash === -1) return simpleValue(raw);
  let end = hash;
  while (end > 0 && raw.charCodeAt(end - 1) === 32) end--;
  return end === 0 ? NOT_SIMPLE : simpleValue(raw.slice(0, end));
}

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
  // A decimal integer (`version: 2`) is the number YAML makes of it; other numbers go to the parser.
  if (DECIMAL.test(raw)) return Number.parseInt(raw, 10);
  if (INDICATORS.includes(first as string) || NOT_A_STRING.test(raw) || raw.includes("\t") || raw.includes("\\")) return NOT_SIMPLE;
  if (raw.includes(": ") || raw.includes(" #") || raw.endsWith(":")) return NOT_SIMPLE;
  return raw;
}
