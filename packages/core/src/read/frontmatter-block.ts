import { topLevelKey } from "./frontmatter-lines.js";

/** The lines between the two `---` fences, and where the body starts. */
export interface FrontmatterBlock {
  /** The lines of the block; only those within the length bound when it is exceeded. */
  lines: string[];
  /** Offset of the body in the text. */
  bodyStart: number;
  /** 1-based file line where the block went past the length bound, if it did. */
  overflowLine?: number;
}

/** The top-level keys of a block: first line of each, and what the parser needs to know. */
export interface KeyIndex {
  /** 1-based file line of each top-level key's first occurrence. */
  keyLines: Record<string, number>;
  /** True when a key is kebab-case (then camelCase aliases are added). */
  dashedKeys: boolean;
  /** Number of top-level key lines, duplicates included. */
  count: number;
  /** 1-based file line of the key that went past `maxKeys`, if one did. */
  overflowLine?: number;
}

/**
 * Finds the frontmatter of a text with normalised line endings (docs/behaviour.md#reading-a-file): the first line is
 * `---` and a later line is `---`, trailing spaces or tabs allowed; otherwise undefined. Past
 * `maxLength` characters the lines are no longer kept, but the closing fence is still found,
 * so the body loads whatever the frontmatter holds. The body is sliced, never split.
 */
export function readFrontmatterBlock(source: string, maxLength: number): FrontmatterBlock | undefined {
  const firstBreak = source.indexOf("\n");
  if (firstBreak === -1 || !isFence(source, 0, firstBreak)) return undefined;
  const lines: string[] = [];
  let length = 0;
  let overflowLine: number | undefined;
  for (let start = firstBreak + 1, found = 0; found !== -1 && start <= source.length; start = found + 1) {
    found = source.indexOf("\n", start);
    const end = found === -1 ? source.length : found;
    if (isFence(source, start, end)) {
      const block: FrontmatterBlock = { lines, bodyStart: found === -1 ? source.length : found + 1 };
      if (overflowLine !== undefined) block.overflowLine = overflowLine;
      return block;
    }
    if (overflowLine !== undefined) continue;
    length += end - start + 1;
    if (length > maxLength) overflowLine = lines.length + 2;
    else lines.push(source.slice(start, end));
  }
  return undefined;
}

/** Notes the line of each top-level key, counting them up to `maxKeys`. */
export function indexKeys(lines: readonly string[], maxKeys: number): KeyIndex {
  const index: KeyIndex = { keyLines: {}, dashedKeys: false, count: 0 };
  for (let i = 0; i < lines.length; i++) {
    const key = topLevelKey(lines[i] as string);
    if (key === undefined) continue;
    if (++index.count > maxKeys) {
      index.overflowLine = i + 2;
      return index;
    }
    if (!Object.hasOwn(index.keyLines, key)) index.keyLines[key] = i + 2;
    if (key.includes("-")) index.dashedKeys = true;
  }
  return index;
}

/** True when `text[start, end)` is `---` followed only by spaces or tabs. */
function isFence(text: string, start: number, end: number): boolean {
  if (end - start < 3 || !text.startsWith("---", start)) return false;
  for (let i = start + 3; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9) return false;
  }
  return true;
}
