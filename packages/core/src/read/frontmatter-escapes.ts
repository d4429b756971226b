import type { FrontmatterData } from "./frontmatter-types.js";
import { topLevelKey } from "./frontmatter-lines.js";
import { hasHiddenCharacters, stripHiddenCharacters } from "../text/hidden-characters.js";
import { type HiddenField, type HiddenWhere, checkHiddenInField } from "../text/hidden-diagnostics.js";
import type { Diagnostic } from "../rule/types.js";

const FIELD_OF_KEY: Record<string, HiddenField> = {
  description: "description",
  globs: "glob",
  condition: "condition",
  ttsr_trigger: "condition",
  ttsrTrigger: "condition",
  "ttsr-trigger": "condition",
};
const MAX_VALUES = 10_000;

/**
 * Reports hidden characters that YAML escapes put into frontmatter values (`"\u200B"` in a
 * double-quoted string), which a scan of the file's text cannot see: one diagnostic per
 * affected string, on its key's line. Characters written literally are left to that scan,
 * so nothing is reported twice.
 */
export function escapedHiddenDiagnostics(
  data: FrontmatterData,
  lines: readonly string[],
  keyLines: Readonly<Record<string, number>>,
  where: HiddenWhere,
): Diagnostic[] {
  // Only a double-quoted scalar can spell a character as an escape.
  if (!lines.some((line) => line.includes("\\"))) return [];
  const literal = literalHiddenPerKey(lines);
  const diagnostics: Diagnostic[] = [];
  for (const [key, value] of Object.entries(data)) {
    // A key the line reader cannot place (`\ key:`, a complex key) is reported on the opening
    // fence, and may hold any of the literal characters: only more than all of them is an escape.
    const located = Object.hasOwn(keyLines, key);
    const at = { ...where, line: located ? (keyLines[key] as number) : 1 };
    if (literal.total === 0 && hasHiddenCharacters(key)) diagnostics.push(...checkHiddenInField(key, "key", at, { escaped: true }));
    const strings = stringsIn(value);
    let removed = 0;
    for (const text of strings) removed += text.length - stripHiddenCharacters(text).length;
    if (removed <= (located ? (literal.byKey.get(key) ?? 0) : literal.total)) continue;
    const field = FIELD_OF_KEY[key] ?? key;
    for (const text of strings) diagnostics.push(...checkHiddenInField(text, field, at, { escaped: true }));
  }
  return diagnostics;
}

/** How many UTF-16 units of hidden characters each top-level key's lines hold as written. */
function literalHiddenPerKey(lines: readonly string[]): { byKey: Map<string, number>; total: number } {
  const byKey = new Map<string, number>();
  let total = 0;
  let key: string | undefined;
  for (const line of lines) {
    key = topLevelKey(line) ?? key;
    const removed = line.length - stripHiddenCharacters(line).length;
    if (removed === 0) continue;
    total += removed;
    if (key !== undefined) byKey.set(key, (byKey.get(key) ?? 0) + removed);
  }
  return { byKey, total };
}

/** The strings inside a value (lists and mappings included), at most {@link MAX_VALUES} values visited. */
function stringsIn(value: unknown): string[] {
  const strings: string[] = [];
  const stack: unknown[] = [value];
  for (let visited = 0; stack.length > 0 && visited < MAX_VALUES; visited++) {
    const item = stack.pop();
    if (typeof item === "string") strings.push(item);
    else if (Array.isArray(item)) for (let i = item.length - 1; i >= 0; i--) stack.push(item[i]);
    else if (item !== null && typeof item === "object") for (const entry of Object.values(item)) stack.push(entry);
  }
  return strings;
}
