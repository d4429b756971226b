import type { FrontmatterData } from "./frontmatter.js";

/** A top-level `key: value` line (key in group 1, value in group 2), as the frontmatter scanner reads it. */
export const TOP_LEVEL_KEY = /^([A-Za-z_][\w.-]*)[ \t]*:(?:[ \t]+(.*)|[ \t]*)$/;

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
    const match = TOP_LEVEL_KEY.exec(line);
    if (!match) {
      listKey = undefined;
      continue;
    }
    const key = match[1] as string;
    const raw = (match[2] ?? "").trim();
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
