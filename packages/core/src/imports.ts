import { dirname, resolve } from "node:path";
import { type DiagnosticCode, createDiagnostic } from "./diagnostics.js";
import { normalizeNewlines, parseFrontmatter } from "./frontmatter.js";
import { hasHiddenCharacters, stripHiddenCharacters } from "./hidden-characters.js";
import { hiddenCharacterDiagnostics } from "./hidden-diagnostics.js";
import { type ReadResult, isMissing } from "./fs.js";
import type { MaybePromise } from "./maybe-promise.js";
import { cleanPath, isInside } from "./project-root.js";
import type { ProviderContext } from "./provider.js";
import type { RuleFileResult } from "./rule-file.js";
import type { Diagnostic, RuleLevel } from "./types.js";

/** How many files deep imports are followed, as in Claude Code and Gemini CLI. */
export const MAX_IMPORT_HOPS = 5;
/** How many `@` references one rule may try to resolve; the rest stay text. */
export const MAX_IMPORTS_PER_RULE = 100;

/** Options of {@link expandImports}. */
export interface ExpandImportsOptions {
  context: ProviderContext;
  /** Absolute path of the file the text comes from; relative imports resolve from its folder. */
  path: string;
  provider: string;
  /** A `project` rule may read from home only Markdown files (never `~/.npmrc`). */
  level: RuleLevel;
  /** 1-based line of the file where `text` starts, for diagnostics. Default 1. */
  firstLine?: number;
}

/** What {@link expandImports} returns. */
export interface ExpandedImports {
  text: string;
  /** Absolute paths of the files inlined, in the order met. */
  imported: string[];
  diagnostics: Diagnostic[];
}

interface ImportToken {
  start: number;
  end: number;
  spec: string;
  line: number;
  /** 1-based column in code points; computed on demand (only reported tokens need it). */
  column(): number;
  /** Written like a path (`./x`, `~/x`, `x.md`): a missing file is worth a warning. */
  pathLike: boolean;
}

interface Walk {
  options: ExpandImportsOptions;
  bounds: { project: string[]; home: string[] };
  bytesLeft: number;
  tries: number;
  seen: Set<string>;
  imported: string[];
  diagnostics: Diagnostic[];
}

/**
 * Replaces the `@path` imports of a Claude Code or Gemini CLI instruction text with the
 * imported files' bodies (frontmatter removed), recursively up to {@link MAX_IMPORT_HOPS}.
 * Never inside code spans or fenced blocks; each file at most once; nothing from outside the
 * project root and home; at most `maxFileBytes` imported in all. Problems are diagnostics and
 * leave the reference as text. Never throws for data.
 */
export async function expandImports(text: string, options: ExpandImportsOptions): Promise<ExpandedImports> {
  const { context } = options;
  const real = async (path: string) => {
    try {
      return context.fs.realpath ? cleanPath(await context.fs.realpath(path)) : path;
    } catch {
      return path;
    }
  };
  const walk: Walk = {
    options,
    bounds: { project: [context.root, await real(context.root)], home: [context.home, await real(context.home)] },
    bytesLeft: context.maxFileBytes,
    tries: 0,
    seen: new Set([await real(options.path)]),
    imported: [],
    diagnostics: [],
  };
  const out = await expandText(walk, text, options.path, options.firstLine ?? 1, [...walk.seen]);
  return { text: out, imported: walk.imported, diagnostics: walk.diagnostics };
}

/**
 * Inlines the imports of a parsed rule file's content (the hook behind `imports: true`
 * sources); synchronous when the content holds no `@` at all.
 */
export function inlineRuleImports(context: ProviderContext, result: RuleFileResult, fileText: string): MaybePromise<RuleFileResult> {
  const rule = result.rule;
  if (!rule?.content.includes("@")) return result;
  const options = { context, path: rule.path, provider: rule.source.provider, level: rule.source.level, firstLine: bodyStartLine(fileText) };
  return expandImports(rule.content, options).then((expanded) => ({
    rule: { ...rule, content: expanded.text.trim() },
    diagnostics: [...result.diagnostics, ...expanded.diagnostics],
  }));
}

async function expandText(walk: Walk, text: string, from: string, firstLine: number, chain: readonly string[]): Promise<string> {
  const tokens = findImportTokens(text, firstLine, MAX_IMPORTS_PER_RULE + 1);
  if (tokens.length === 0) return text;
  let out = "";
  let at = 0;
  for (const token of tokens) {
    const inlined = await importOne(walk, token, from, chain);
    out += text.slice(at, token.start) + (inlined ?? text.slice(token.start, token.end));
    at = token.end;
  }
  return out + text.slice(at);
}

/** The inlined text for one reference, or undefined to leave the reference as written. */
async function importOne(walk: Walk, token: ImportToken, from: string, chain: readonly string[]): Promise<string | undefined> {
  const { context, provider, level } = walk.options;
  const report = (code: DiagnosticCode, message: string) =>
    walk.diagnostics.push(createDiagnostic(code, `@${token.spec}: ${message}`, { provider, path: from, line: token.line, column: token.column() }));
  if (++walk.tries > MAX_IMPORTS_PER_RULE) {
    if (walk.tries === MAX_IMPORTS_PER_RULE + 1) report("import-limit", `more than ${MAX_IMPORTS_PER_RULE} imports in one rule; the rest stay text`);
    return undefined;
  }
  if (chain.length > MAX_IMPORT_HOPS) {
    report("import-too-deep", `imports go more than ${MAX_IMPORT_HOPS} files deep; left as text`);
    return undefined;
  }
  const target = token.spec.startsWith("~/") ? resolve(context.home, token.spec.slice(2)) : resolve(dirname(from), token.spec);
  const outside = whyOutside(walk, target, level);
  if (outside) {
    report("import-outside", `${target} ${outside}; not imported`);
    return undefined;
  }
  let read: ReadResult;
  try {
    read = await context.fs.readFile(target, walk.bytesLeft);
  } catch (error) {
    if (token.pathLike) report("import-missing", isMissing(error) ? `no file at ${target}; left as text` : `cannot read ${target}; left as text`);
    return undefined;
  }
  const realPath = read.realPath === undefined ? target : cleanPath(read.realPath);
  const realOutside = realPath === target ? undefined : whyOutside(walk, realPath, level);
  if (realOutside) {
    report("import-outside", `${target} is a link to ${realPath}, which ${realOutside}; not imported`);
    return undefined;
  }
  if (chain.includes(realPath)) {
    report("import-cycle", `imports ${target}, which is already being imported (a cycle); left as text`);
    return undefined;
  }
  if (walk.seen.has(realPath)) {
    report("import-repeated", `${target} is already imported once in this rule; left as text`);
    return undefined;
  }
  if ("tooLarge" in read) {
    report("import-too-large", `imports would exceed ${context.maxFileBytes} bytes for this rule; left as text`);
    return undefined;
  }
  const body = decodeBody(read.bytes, target, walk);
  if (body === undefined) {
    report("import-unreadable", `${target} is binary or not UTF-8; left as text`);
    return undefined;
  }
  walk.seen.add(realPath);
  walk.imported.push(target);
  walk.bytesLeft -= read.bytes.length;
  return expandText(walk, body.text, target, body.firstLine, [...chain, realPath]);
}

/** Why a path may not be imported, or undefined when it may. */
function whyOutside(walk: Walk, path: string, level: RuleLevel): string | undefined {
  if (walk.bounds.project.some((root) => isInside(path, root))) return undefined;
  if (!walk.bounds.home.some((home) => isInside(path, home))) return "is outside the project root and home";
  // A cloned repository must not pull `~/.npmrc` or `~/.aws/credentials` into the prompt.
  if (level === "project" && !/\.md$/i.test(path)) return "is in home but not a Markdown file, and a project rule may import only those from home";
  return undefined;
}

const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** An imported file's body (frontmatter removed, hidden characters reported and removed), or undefined when not text. */
function decodeBody(bytes: Uint8Array, path: string, walk: Walk): { text: string; firstLine: number } | undefined {
  if (bytes.includes(0)) return undefined;
  let text: string;
  try {
    text = normalizeNewlines(decoder.decode(bytes));
  } catch {
    return undefined;
  }
  const hidden = hasHiddenCharacters(text);
  if (hidden) walk.diagnostics.push(...hiddenCharacterDiagnostics(text, { path, provider: walk.options.provider }));
  const body = parseFrontmatter(text).body;
  return { text: hidden ? stripHiddenCharacters(body) : body, firstLine: bodyStartLine(text) };
}

/** The 1-based line where a file's trimmed body starts (after its frontmatter, if any). */
export function bodyStartLine(fileText: string): number {
  const text = normalizeNewlines(fileText);
  let offset = 0;
  const fence = /^---[ \t]*$/gm;
  if (/^---[ \t]*\n/.test(text)) {
    fence.lastIndex = text.indexOf("\n") + 1;
    const close = fence.exec(text);
    if (close) offset = close.index + close[0].length;
  }
  while (offset < text.length && /\s/.test(text[offset] as string)) offset++;
  let line = 1;
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) line++;
  return line;
}

const TOKEN = /(?<=^|\s)@([^\s`]+)/g;
const TRAILING = /[.,;:!?)\]}>'"*_]+$/;
const PATH_PREFIX = /^(?:\.{1,2}\/|~\/|\/)/;
const EXTENSION = /\.[A-Za-z0-9]{1,10}$/;
const BARE = /^[\w.-]+(?:\/[\w.-]+)*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * The `@path` references of a Markdown text outside fenced code blocks and inline code spans,
 * as Claude Code and Gemini CLI read them: `@` at the start of a word (never an e-mail),
 * trailing punctuation dropped. Stops after `max` references.
 */
export function findImportTokens(text: string, firstLine = 1, max = Number.POSITIVE_INFINITY): ImportToken[] {
  const tokens: ImportToken[] = [];
  let fence: string | undefined;
  let lineStart = 0;
  for (let index = 0; lineStart <= text.length; index++) {
    const newline = text.indexOf("\n", lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    const line = text.slice(lineStart, lineEnd);
    const opened = FENCE.exec(line)?.[1];
    if (fence !== undefined) {
      if (opened && opened[0] === fence[0] && opened.length >= fence.length && line.trim() === opened) fence = undefined;
    } else if (opened && !(opened[0] === "`" && line.slice(line.indexOf(opened) + opened.length).includes("`"))) {
      fence = opened;
    } else {
      for (const token of lineTokens(line, max - tokens.length)) {
        tokens.push({ ...token, start: lineStart + token.start, end: lineStart + token.end, line: firstLine + index });
      }
    }
    if (newline === -1 || tokens.length >= max) break;
    lineStart = newline + 1;
  }
  return tokens;
}

function lineTokens(line: string, max: number): Array<Omit<ImportToken, "line">> {
  if (!line.includes("@")) return [];
  const spans = codeSpans(line);
  const found: Array<Omit<ImportToken, "line">> = [];
  let span = 0;
  for (const match of line.matchAll(TOKEN)) {
    const start = match.index;
    while (span < spans.length && (spans[span] as [number, number])[1] <= start) span++;
    if (span < spans.length && (spans[span] as [number, number])[0] <= start) continue;
    const spec = (match[1] as string).replace(TRAILING, "");
    if (spec === "" || spec.includes("@") || spec.includes("://") || spec === "~" || spec.endsWith("/")) continue;
    const last = spec.slice(spec.lastIndexOf("/") + 1);
    const pathLike = PATH_PREFIX.test(spec) || EXTENSION.test(last);
    if (!pathLike && !BARE.test(spec)) continue;
    const column = () => [...line.slice(0, start)].length + 1;
    found.push({ start, end: start + 1 + spec.length, spec, column, pathLike });
    if (found.length >= max) break;
  }
  return found;
}

/**
 * The [start, end) ranges of inline code spans in one line, in order: a run of N backticks up
 * to the next run of exactly N (linear: each run knows the next run of its length).
 */
function codeSpans(line: string): Array<[number, number]> {
  if (!line.includes("`")) return [];
  const runs = [...line.matchAll(/`+/g)];
  const nextSame = new Array<number>(runs.length).fill(-1);
  const lastOfLength = new Map<number, number>();
  for (let i = runs.length - 1; i >= 0; i--) {
    const length = (runs[i] as RegExpExecArray)[0].length;
    nextSame[i] = lastOfLength.get(length) ?? -1;
    lastOfLength.set(length, i);
  }
  const spans: Array<[number, number]> = [];
  for (let i = 0; i < runs.length; i++) {
    const close = nextSame[i] as number;
    if (close === -1) continue;
    const open = runs[i] as RegExpExecArray;
    const end = runs[close] as RegExpExecArray;
    spans.push([open.index, end.index + end[0].length]);
    i = close;
  }
  return spans;
}
