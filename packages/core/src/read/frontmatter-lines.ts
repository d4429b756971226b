import type { FrontmatterData } from "./frontmatter-types.js";

/** The key of a top-level `key: value` line (`[A-Za-z_][\w.-]*`, spaces allowed before the colon). */
export function topLevelKey(line: string): string | undefined {
  const c0 = line.charCodeAt(0);
  if (!((c0 >= 65 && c0 <= 90) || (c0 >= 97 && c0 <= 122) || c0 === 95)) return undefined;
  let i = 1;
  for (; i < line.length; i++) {
    const c = line.charCodeAt(i);
    const word = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95 || c === 46 || c === 45;
    if (!word) break;
  }
  let colon = i;
  while (colon < line.length && (line.charCodeAt(colon) === 32 || line.charCodeAt(colon) === 9)) colon++;
  if (line.charCodeAt(colon) !== 58) return undefined;
  const after = line.charCodeAt(colon + 1);
  if (colon + 1 < line.length && after !== 32 && after !== 9) return undefined;
  return line.slice(0, i);
}

/** The trimmed value of a line {@link topLevelKey} accepts (text after the first colon). */
export function topLevelValue(line: string): string {
  return line.slice(line.indexOf(":") + 1).trim();
}

/**
 * The design's line fallback, improved: `key: value` per line with quotes removed,
 * `true`/`false` as booleans, `[a, b]` and `- item` lines as lists.
 */
export function parseLines(block: readonly string[]): FrontmatterData {
  const data: FrontmatterData = {};
  let listKey: string | undefined;
  for (const line of block) {
    const item = /^[ \t]+-[ \t]+(.*)$/.exec(line);
    if (item && listKey !== undefined) {
      const list = Array.isArray(data[listKey]) ? (data[listKey] as unknown[]) : [];
      list.push(unquote((item[1] as string).trim()));
      data[listKey] = list;
      continue;
    }
    const key = topLevelKey(line);
    if (key === undefined) {
      listKey = undefined;
      continue;
    }
    const raw = topLevelValue(line);
    listKey = raw === "" ? key : undefined;
    if (raw !== "") data[key] = lineValue(raw);
  }
  return data;
}

function lineValue(raw: string): unknown {
  if (raw === "true") return true;
  if (raw === "false") return false;
  if (raw.startsWith("[") && raw.endsWith("]")) {
    return raw
      .slice(1, -1)
      .split(",")
      .map((part) => unquote(part.trim()))
      .filter((part) => part !== "");
  }
  return unquote(raw);
}

function unquote(value: string): string {
  if (value.length >= 2) {
    const first = value[0];
    if ((first === '"' || first === "'") && value.endsWith(first)) return value.slice(1, -1);
  }
  return value;
}
