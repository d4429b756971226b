import { createDiagnostic } from "../rule/diagnostics.js";
import { type FrontmatterBlock, type KeyIndex, indexKeys, readFrontmatterBlock } from "./frontmatter-block.js";
import { escapedHiddenDiagnostics } from "./frontmatter-escapes.js";
import { parseLines, topLevelKey, topLevelValue } from "./frontmatter-lines.js";
import { parseYamlBlock } from "./frontmatter-yaml.js";
import { type SimpleKeys, readSimpleLines } from "./simple-yaml.js";
import type { Diagnostic } from "../rule/types.js";

import type { FrontmatterData } from "./frontmatter-types.js";

export type { FrontmatterData };

/** What {@link parseFrontmatter} returns. */
export interface ParsedFrontmatter {
  data: FrontmatterData;
  /** The text after the frontmatter, trimmed. */
  body: string;
  /** 1-based line of each top-level key in the file (camelCase aliases included). */
  keyLines: Record<string, number>;
  /** Problems found; each carries the line in the file. */
  diagnostics: Diagnostic[];
}

/** Options of {@link parseFrontmatter}. */
export interface ParseFrontmatterOptions {
  /** File path copied into diagnostics. */
  path?: string;
  /** Provider id copied into diagnostics. */
  provider?: string;
}

/** Most top-level keys a frontmatter may have; past it the metadata is refused (real files have a handful). */
export const MAX_FRONTMATTER_KEYS = 256;
/** Most characters a frontmatter may have, fences excluded; past it the metadata is refused. */
export const MAX_FRONTMATTER_LENGTH = 32 * 1024;

// Values YAML would misread in a `globs:` line: `*.ts` (alias), `!x` (tag), `{a,b}/**` (flow map).
const GLOB_NEEDS_QUOTES = /^[*!{?&@`%|>]/;

/**
 * Normalises line endings and removes a leading byte-order mark (docs/behaviour.md#reading-a-file).
 */
export function normalizeNewlines(text: string): string {
  const noBom = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return noBom.includes("\r") ? noBom.replace(/\r\n?/g, "\n") : noBom;
}

/**
 * Splits a rule file into frontmatter metadata and body (docs/behaviour.md#reading-a-file). Never throws: YAML
 * problems become diagnostics and the line fallback recovers what it can. Linear in the
 * text; a frontmatter past {@link MAX_FRONTMATTER_KEYS} keys or {@link MAX_FRONTMATTER_LENGTH}
 * characters is refused with a `frontmatter-too-large` error, and the body still loads.
 */
export function parseFrontmatter(text: string, options: ParseFrontmatterOptions = {}): ParsedFrontmatter {
  return parseNormalizedFrontmatter(normalizeNewlines(text), { path: options.path, provider: options.provider });
}

/** {@link parseFrontmatter} of a text whose line endings are already normalised (see {@link normalizeNewlines}). */
export function parseNormalizedFrontmatter(source: string, where: ParseFrontmatterOptions): ParsedFrontmatter {
  const block = readFrontmatterBlock(source, MAX_FRONTMATTER_LENGTH);
  if (block === undefined) return { data: {}, body: source.trim(), keyLines: {}, diagnostics: [] };
  const body = source.slice(block.bodyStart).trim();
  // The fast path first: a block it reads whole has one top-level key per entry it read, so
  // it notes their lines itself (what indexKeys would find), and fewer lines than the key limit.
  if (block.overflowLine === undefined && block.lines.length <= MAX_FRONTMATTER_KEYS) {
    const simpleKeys: SimpleKeys = { keyLines: {}, dashed: false };
    const simple = readSimpleLines(block.lines, unquotedGlob, simpleKeys);
    if (simple !== undefined && !simpleKeys.dashed) return { data: simple, body, keyLines: simpleKeys.keyLines, diagnostics: [] };
  }
  const keys = indexKeys(block.lines, MAX_FRONTMATTER_KEYS);
  const refusal = refuseOversized(block, keys, where);
  if (refusal) return { data: {}, body, keyLines: {}, diagnostics: [refusal] };

  const fast = parseSimpleBlock(block.lines);
  if (fast !== undefined && !keys.dashedKeys) return { data: fast, body, keyLines: keys.keyLines, diagnostics: [] };
  const diagnostics: Diagnostic[] = [];
  let data = fast ?? parseYamlBlock(block.lines.map(repairGlobLine).join("\n"), diagnostics, where);
  if (data !== undefined && fast === undefined) diagnostics.push(...escapedHiddenDiagnostics(data, block.lines, keys.keyLines, where));
  if (data === undefined) data = parseLines(block.lines);
  return { data: addCamelCaseKeys(data), body, keyLines: addCamelCaseLines(keys.keyLines), diagnostics };
}

/** The `frontmatter-too-large` error when the block is past a bound, on the line where it went past. */
function refuseOversized(block: FrontmatterBlock, keys: KeyIndex, where: ParseFrontmatterOptions): Diagnostic | undefined {
  const tooLong = block.overflowLine !== undefined;
  if (!tooLong && keys.overflowLine === undefined) return undefined;
  const what = tooLong ? `over ${MAX_FRONTMATTER_LENGTH} characters` : `more than ${MAX_FRONTMATTER_KEYS} keys`;
  const message = `frontmatter has ${what}; its metadata is ignored, the body still loads`;
  return createDiagnostic("frontmatter-too-large", message, { ...where, line: block.overflowLine ?? keys.overflowLine });
}

/**
 * The fast path: the block read by {@link readSimpleLines}, with unquoted glob lines taken
 * as the strings they mean; undefined as soon as a line needs real YAML.
 */
function parseSimpleBlock(lines: readonly string[]): FrontmatterData | undefined {
  return readSimpleLines(lines, unquotedGlob);
}

/**
 * The keys whose values real files write as unquoted globs: Cursor's `globs`, Cline's and
 * Claude Code's `paths`, Copilot's `applyTo`, Kiro's `fileMatchPattern`.
 */
const GLOB_KEYS: ReadonlySet<string> = new Set(["globs", "paths", "applyTo", "fileMatchPattern"]);

/**
 * The key and value of a glob line when the value is meant as a plain string but is not
 * valid YAML (`*.ts` reads as an alias, `!x` as a tag, `{a,b}/**` as a mapping); otherwise undefined.
 */
function unquotedGlob(line: string): { key: string; value: string } | undefined {
  const first = line.charCodeAt(0);
  const second = line.charCodeAt(1);
  // Cheap check of the first two letters before reading the key: gl(obs), pa(ths), ap(plyTo),
  // fi(leMatchPattern); `alwaysApply`, `description` and most other keys stop here.
  if (
    !((first === 103 && second === 108) || (first === 112 && second === 97) || (first === 97 && second === 112) || (first === 102 && second === 105))
  ) {
    return undefined;
  }
  const key = topLevelKey(line);
  if (key === undefined || !GLOB_KEYS.has(key)) return undefined;
  const value = topLevelValue(line);
  return value && GLOB_NEEDS_QUOTES.test(value) ? { key, value } : undefined;
}

/** Quotes a glob line that {@link unquotedGlob} finds, so YAML reads the intended string. */
function repairGlobLine(line: string): string {
  const glob = unquotedGlob(line);
  return glob === undefined ? line : `${glob.key}: '${glob.value.replaceAll("'", "''")}'`;
}

function addCamelCaseKeys(data: FrontmatterData): FrontmatterData {
  const out: FrontmatterData = { ...data };
  for (const [key, value] of Object.entries(data)) {
    if (!key.includes("-")) continue;
    const camel = toCamelCase(key);
    if (!(camel in out)) out[camel] = value;
  }
  return out;
}

function addCamelCaseLines(keyLines: Record<string, number>): Record<string, number> {
  for (const key of Object.keys(keyLines)) {
    if (!key.includes("-")) continue;
    const camel = toCamelCase(key);
    if (!(camel in keyLines)) keyLines[camel] = keyLines[key] as number;
  }
  return keyLines;
}

function toCamelCase(key: string): string {
  return key.replace(/-+([a-zA-Z0-9])/g, (_, c: string) => c.toUpperCase());
}
