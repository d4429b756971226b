import { createDiagnostic } from "./diagnostics.js";
import { parseLines, topLevelKey, topLevelValue } from "./frontmatter-lines.js";
import { lazyRequire } from "./lazy-require.js";
import { addSimpleLine } from "./simple-yaml.js";
import type { Diagnostic } from "./types.js";

const loadYaml = lazyRequire<typeof import("yaml")>("yaml");

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
  if (firstBreak === -1 || !isFence(source, 0, firstBreak)) return empty(source);

  // One pass over the frontmatter lines: find the closing fence, note each key's line,
  // repair Cursor's glob lines and try the fast parser. The body is sliced, never split.
  const block: string[] = [];
  const keyLines: Record<string, number> = {};
  let simple: FrontmatterData | undefined = {};
  let dashedKeys = false;
  let bodyStart = -1;
  for (let start = firstBreak + 1, found = 0; found !== -1 && start <= source.length; start = found + 1) {
    found = source.indexOf("\n", start);
    const end = found === -1 ? source.length : found;
    if (isFence(source, start, end)) {
      bodyStart = found === -1 ? source.length : found + 1;
      break;
    }
    const line = source.slice(start, end);
    const key = topLevelKey(line);
    let glob: string | undefined;
    if (key !== undefined) {
      if (keyLines[key] === undefined) keyLines[key] = block.length + 2;
      if (key.includes("-")) dashedKeys = true;
      if (key === "globs") glob = unquotedGlob(line);
    }
    block.push(line);
    if (simple === undefined) continue;
    // A repaired glob line is a single-quoted scalar whose value is `glob` itself.
    if (glob !== undefined) simple = Object.hasOwn(simple, "globs") ? undefined : Object.assign(simple, { globs: glob });
    else if (!addSimpleLine(simple, line)) simple = undefined;
  }
  if (bodyStart === -1) return empty(source);
  const body = source.slice(bodyStart).trim();

  const diagnostics: Diagnostic[] = [];
  let data = simple ?? parseYamlBlock(block.map(repairGlobLine).join("\n"), diagnostics, where);
  if (data === undefined) data = parseLines(block);
  if (!dashedKeys && simple !== undefined) return { data, body, keyLines, diagnostics };
  for (const key of Object.keys(keyLines)) {
    const camel = toCamelCase(key);
    if (!(camel in keyLines)) keyLines[camel] = keyLines[key] as number;
  }
  return { data: addCamelCaseKeys(data), body, keyLines, diagnostics };
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

/**
 * The value of a `globs:` line when it is meant as a plain string but is not valid YAML
 * (`*.ts` reads as an alias, `!x` as a tag, `{a,b}/**` as a mapping); otherwise undefined.
 */
function unquotedGlob(line: string): string | undefined {
  const value = topLevelValue(line);
  return value && GLOB_NEEDS_QUOTES.test(value) ? value : undefined;
}

/** Quotes a `globs:` line that {@link unquotedGlob} finds, so YAML reads the intended string. */
function repairGlobLine(line: string): string {
  const glob = topLevelKey(line) === "globs" ? unquotedGlob(line) : undefined;
  return glob === undefined ? line : `globs: '${glob.replaceAll("'", "''")}'`;
}

function parseYamlBlock(
  yamlText: string,
  diagnostics: Diagnostic[],
  where: { path?: string; provider?: string },
): FrontmatterData | undefined {
  if (yamlText.trim() === "") return {};
  try {
    const doc = loadYaml().parseDocument(yamlText, { prettyErrors: false });
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
