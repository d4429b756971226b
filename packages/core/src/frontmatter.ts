import { parseDocument } from "yaml";
import { createDiagnostic } from "./diagnostics.js";
import { parseSimpleYaml } from "./simple-yaml.js";
import type { Diagnostic } from "./types.js";

/** Frontmatter metadata: the parsed keys, with kebab-case keys also under their camelCase name. */
export type FrontmatterData = Record<string, unknown>;

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

const FENCE = /^---[ \t]*$/;
const TOP_LEVEL_KEY = /^([A-Za-z_][\w.-]*)[ \t]*:(?:[ \t]+(.*)|[ \t]*)$/;
// Values YAML would misread in a `globs:` line: `*.ts` (alias), `!x` (tag), `{a,b}/**` (flow map).
const GLOB_NEEDS_QUOTES = /^[*!{?&@`%|>]/;

/**
 * Normalises line endings and removes a leading byte-order mark (SPEC §4).
 */
export function normalizeNewlines(text: string): string {
  const noBom = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return noBom.includes("\r") ? noBom.replace(/\r\n?/g, "\n") : noBom;
}

/**
 * Splits a rule file into frontmatter metadata and body (SPEC §4). Never throws: YAML
 * problems become diagnostics and the line fallback recovers what it can.
 */
export function parseFrontmatter(text: string, options: ParseFrontmatterOptions = {}): ParsedFrontmatter {
  const source = normalizeNewlines(text);
  const where = { path: options.path, provider: options.provider };
  const empty = (body: string): ParsedFrontmatter => ({ data: {}, body: body.trim(), keyLines: {}, diagnostics: [] });
  const firstBreak = source.indexOf("\n");
  if (firstBreak === -1 || !FENCE.test(source.slice(0, firstBreak))) return empty(source);

  // Walk line by line only through the frontmatter; the body is sliced, never split.
  const block: string[] = [];
  let bodyStart = -1;
  for (let start = firstBreak + 1; start <= source.length; ) {
    const end = source.indexOf("\n", start);
    const line = source.slice(start, end === -1 ? source.length : end);
    if (FENCE.test(line)) {
      bodyStart = end === -1 ? source.length : end + 1;
      break;
    }
    block.push(line);
    if (end === -1) break;
    start = end + 1;
  }
  if (bodyStart === -1) return empty(source);
  const body = source.slice(bodyStart).trim();
  const keyLines: Record<string, number> = {};
  block.forEach((line, i) => {
    const key = TOP_LEVEL_KEY.exec(line)?.[1];
    if (key !== undefined && !(key in keyLines)) keyLines[key] = i + 2;
  });

  const diagnostics: Diagnostic[] = [];
  const repaired = block.map(repairGlobLine);
  let data = parseSimpleYaml(repaired) ?? parseYamlBlock(repaired.join("\n"), diagnostics, where);
  if (data === undefined) data = parseLines(block);
  const withAliases = addCamelCaseKeys(data);
  for (const key of Object.keys(keyLines)) {
    const camel = toCamelCase(key);
    if (!(camel in keyLines)) keyLines[camel] = keyLines[key] as number;
  }
  return { data: withAliases, body, keyLines, diagnostics };
}

/** Quotes a `globs:` value that is meant as a plain string but is not valid YAML. */
function repairGlobLine(line: string): string {
  if (!line.startsWith("globs")) return line;
  const match = TOP_LEVEL_KEY.exec(line);
  const value = match?.[2]?.trim();
  if (match?.[1] !== "globs" || !value || !GLOB_NEEDS_QUOTES.test(value)) return line;
  return `globs: '${value.replaceAll("'", "''")}'`;
}

function parseYamlBlock(
  yamlText: string,
  diagnostics: Diagnostic[],
  where: { path?: string; provider?: string },
): FrontmatterData | undefined {
  if (yamlText.trim() === "") return {};
  try {
    const doc = parseDocument(yamlText, { prettyErrors: false });
    const error = doc.errors[0];
    if (error) {
      const offset = error.pos[0];
      const line = yamlText.slice(0, offset).split("\n").length + 1;
      const message = error.message.split("\n")[0] ?? "invalid YAML";
      diagnostics.push(
        createDiagnostic("yaml-invalid", `frontmatter is not valid YAML (${message}); read line by line instead`, {
          ...where,
          line,
        }),
      );
      return undefined;
    }
    const value: unknown = doc.toJS({ maxAliasCount: 100 });
    if (value === null || value === undefined) return {};
    if (typeof value !== "object" || Array.isArray(value)) {
      diagnostics.push(
        createDiagnostic("frontmatter-not-mapping", "frontmatter is not a list of `key: value` pairs; ignored", {
          ...where,
          line: 2,
        }),
      );
      return {};
    }
    return value as FrontmatterData;
  } catch (error) {
    // yaml throws (rather than reporting) for alias bombs past maxAliasCount.
    const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
    diagnostics.push(
      createDiagnostic("yaml-invalid", `frontmatter could not be read as YAML (${message}); read line by line instead`, {
        ...where,
        line: 2,
      }),
    );
    return undefined;
  }
}

/**
 * The design's line fallback, improved: `key: value` per line with quotes removed,
 * `true`/`false` as booleans, `[a, b]` and `- item` lines as lists.
 */
function parseLines(block: string[]): FrontmatterData {
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

function addCamelCaseKeys(data: FrontmatterData): FrontmatterData {
  const out: FrontmatterData = { ...data };
  for (const [key, value] of Object.entries(data)) {
    if (!key.includes("-")) continue;
    const camel = toCamelCase(key);
    if (!(camel in out)) out[camel] = value;
  }
  return out;
}

function toCamelCase(key: string): string {
  return key.replace(/-+([a-zA-Z0-9])/g, (_, c: string) => c.toUpperCase());
}
