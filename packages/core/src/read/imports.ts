import { dirname, resolve } from "node:path";
import { type DiagnosticCode, createDiagnostic } from "../rule/diagnostics.js";
import { normalizeNewlines, parseFrontmatter } from "./frontmatter.js";
import { hasHiddenCharacters, stripHiddenCharacters } from "../text/hidden-characters.js";
import { hiddenCharacterDiagnostics } from "../text/hidden-diagnostics.js";
import { type ReadResult, isMissing } from "./fs.js";
import type { MaybePromise } from "../support/maybe-promise.js";
import { cleanPath, isInside } from "../load/project-root.js";
import type { ProviderContext } from "../provider/provider.js";
import type { RuleFileResult } from "../sources/types.js";
import type { Diagnostic, Rule, RuleLevel } from "../rule/types.js";
import { type ImportToken, findImportTokens } from "./import-tokens.js";

export { findImportTokens } from "./import-tokens.js";

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
  /**
   * A `project` rule's imports stay inside the project unless the project is `trusted`, and even
   * then may read from home only Markdown files (never `~/.npmrc`).
   */
  level: RuleLevel;
  /** The user trusts the project (docs/behaviour.md#trust): its rules' imports may leave it. Default false. */
  trusted?: boolean;
  /** 1-based line of the file where `text` starts, for diagnostics. Default 1. */
  firstLine?: number;
}

/** Where one import the text itself wrote (not a nested one) was placed in the expanded text. */
export interface PlacedImport {
  /** The resolved path of the imported file, as written (links not followed). */
  path: string;
  /** The reference as written, without its `@`. */
  spec: string;
  /** `[start, end)` of the imported text (nested imports included) in the expanded text. */
  start: number;
  end: number;
  /**
   * For a reference inside a sentence, `[start, end)` of the reference, kept in the sentence
   * while the imported text follows its paragraph; absent when the reference had its own line.
   */
  reference?: [number, number];
}

/** What {@link expandImports} returns. */
export interface ExpandedImports {
  text: string;
  /** Absolute paths of the files inlined, in the order met. */
  imported: string[];
  /** The imports the text itself wrote, in the order they appear in `text`. */
  placed: PlacedImport[];
  diagnostics: Diagnostic[];
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
 * A reference on a line of its own is replaced by the text; a reference inside a sentence
 * stays as written and the text follows its paragraph as a block of its own, so nothing is
 * pasted mid-sentence. Never inside code spans or fenced blocks; each file at most once;
 * nothing from outside the project root and home; at most `maxFileBytes` imported in all.
 * Problems are diagnostics and leave the reference as text. Never throws for data.
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
  const placed: PlacedImport[] = [];
  const out = await expandText(walk, text, options.path, options.firstLine ?? 1, [...walk.seen], placed);
  return { text: out, imported: walk.imported, placed, diagnostics: walk.diagnostics };
}

// The imports each rule read from a file placed in its content, for the merge to point at rules
// of the load instead of carrying their text twice (docs/behaviour.md#imports). Kept beside the
// rule rather than on it: the Rule shape is public and stays as the specification writes it.
const placedImports = new WeakMap<Rule, readonly PlacedImport[]>();

/** The imports a rule's content carries (offsets into `rule.content`), if it was read with imports. */
export function importsOf(rule: Rule): readonly PlacedImport[] {
  return placedImports.get(rule) ?? NO_IMPORTS;
}

const NO_IMPORTS: readonly PlacedImport[] = Object.freeze([]);

/** Records that `to` carries the same imports as `from` (a rule object copied by validation). */
export function carryImports(from: Rule, to: Rule): void {
  const placed = placedImports.get(from);
  if (placed && from.content === to.content) placedImports.set(to, placed);
}

/**
 * Inlines the imports of a parsed rule file's content (the hook behind `imports: true`
 * sources), leaving the project only when it is `trusted`; synchronous when the content holds
 * no `@` at all.
 */
export function inlineRuleImports(context: ProviderContext, result: RuleFileResult, fileText: string, trusted = false): MaybePromise<RuleFileResult> {
  const rule = result.rule;
  if (!rule?.content.includes("@")) return result;
  const options = { context, path: rule.path, provider: rule.source.provider, level: rule.source.level, trusted, firstLine: bodyStartLine(fileText) };
  return expandImports(rule.content, options).then((expanded) => {
    const lead = expanded.text.length - expanded.text.trimStart().length;
    const content = expanded.text.trim();
    const shift = (at: number) => Math.min(Math.max(at - lead, 0), content.length);
    const inlined: Rule = { ...rule, content };
    const placed = expanded.placed.map((p) => ({
      ...p,
      start: shift(p.start),
      end: shift(p.end),
      ...(p.reference && { reference: [shift(p.reference[0]), shift(p.reference[1])] as [number, number] }),
    }));
    if (placed.length > 0) placedImports.set(inlined, placed);
    return { rule: inlined, diagnostics: [...result.diagnostics, ...expanded.diagnostics] };
  });
}

interface Edit {
  /** `[at, end)` of the source text replaced (`at === end` for an insertion). */
  at: number;
  end: number;
  text: string;
  token: ImportToken;
  path: string;
  /** For an import inside a sentence: where the reference is, kept as written. */
  sentence: boolean;
}

async function expandText(
  walk: Walk,
  text: string,
  from: string,
  firstLine: number,
  chain: readonly string[],
  placed?: PlacedImport[],
): Promise<string> {
  const tokens = findImportTokens(text, firstLine, MAX_IMPORTS_PER_RULE + 1);
  if (tokens.length === 0) return text;
  const edits: Edit[] = [];
  for (const token of tokens) {
    const inlined = await importOne(walk, token, from, chain);
    if (inlined === undefined) continue;
    const path = inlined.path;
    const lineEnd = ownLineEnd(text, token);
    if (lineEnd !== undefined) edits.push({ at: token.start, end: lineEnd, text: inlined.text, token, path, sentence: false });
    else {
      // Never mid-sentence: the text follows the paragraph that holds the reference.
      const end = paragraphEnd(text, token.end);
      edits.push({ at: end, end, text: `\n\n${inlined.text.trim()}`, token, path, sentence: true });
    }
  }
  // Insertions at one paragraph end keep their order; replacements come before later insertions.
  edits.sort((a, b) => a.at - b.at);
  let out = "";
  let at = 0;
  for (const edit of edits) {
    out += text.slice(at, edit.at);
    const start = out.length + (edit.sentence ? 2 : 0);
    out += edit.text;
    at = edit.end;
    if (placed) {
      const reference = edit.sentence ? referenceIn(edit, edits) : undefined;
      placed.push({ path: edit.path, spec: edit.token.spec, start, end: out.length, ...(reference && { reference }) });
    }
  }
  return out + text.slice(at);
}

/** Where a sentence's reference sits in the output: before its paragraph end, shifted by the edits before it. */
function referenceIn(edit: Edit, edits: readonly Edit[]): [number, number] {
  let shift = 0;
  for (const other of edits) {
    if (other.at > edit.token.start || other === edit) continue;
    shift += other.text.length - (other.end - other.at);
  }
  return [edit.token.start + shift, edit.token.end + shift];
}

/**
 * Where the replaced part ends when the reference is the only thing on its line (list markers,
 * spaces and punctuation aside): the reference itself, or the line's end when a `# comment`
 * follows it (goose's hints write `@docs/dev.md  # how to set up`; the note for humans goes);
 * undefined when the reference is part of a sentence.
 */
function ownLineEnd(text: string, token: ImportToken): number | undefined {
  const lineStart = text.lastIndexOf("\n", token.start - 1) + 1;
  const newline = text.indexOf("\n", token.end);
  const end = newline === -1 ? text.length : newline;
  if (!/^\s*(?:[-*+]\s+)?$/.test(text.slice(lineStart, token.start))) return undefined;
  const after = text.slice(token.end, end);
  if (/^[\s.,;:]*$/.test(after)) return token.end;
  return /^\s+#\s/.test(after) ? end : undefined;
}

/** The end of the paragraph holding `from`: the next blank line, or the end of the text. */
function paragraphEnd(text: string, from: number): number {
  const blank = /\n[ \t]*\n/g;
  blank.lastIndex = from;
  const found = blank.exec(text);
  return found ? found.index : text.replace(/\s+$/, "").length;
}

/** The inlined text for one reference and the file it came from, or undefined to leave the reference as written. */
async function importOne(
  walk: Walk,
  token: ImportToken,
  from: string,
  chain: readonly string[],
): Promise<{ text: string; path: string } | undefined> {
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
    report(outside.code, `${target} ${outside.why}; not imported`);
    return undefined;
  }
  let read: ReadResult;
  try {
    read = await context.fs.readFile(target, walk.bytesLeft);
  } catch (error) {
    // Read as a rule file is: a FIFO or a device is never opened for reading (it could hang or never end).
    if ((error as { code?: unknown } | null)?.code === "ENOTREG")
      report("import-unreadable", `${target} is not a regular file (a FIFO, socket or device); left as text`);
    else if (token.pathLike)
      report("import-missing", isMissing(error) ? `no file at ${target}; left as text` : `cannot read ${target}; left as text`);
    return undefined;
  }
  const realPath = read.realPath === undefined ? target : cleanPath(read.realPath);
  const realOutside = realPath === target ? undefined : whyOutside(walk, realPath, level);
  if (realOutside) {
    report(realOutside.code, `${target} is a link to ${realPath}, which ${realOutside.why}; not imported`);
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
  return { text: await expandText(walk, body.text, target, body.firstLine, [...chain, realPath]), path: target };
}

/** Why a path may not be imported (and the diagnostic that says so), or undefined when it may. */
function whyOutside(walk: Walk, path: string, level: RuleLevel): { code: DiagnosticCode; why: string } | undefined {
  if (walk.bounds.project.some((root) => isInside(path, root))) return undefined;
  if (!walk.bounds.home.some((home) => isInside(path, home))) return { code: "import-outside", why: "is outside the project root and home" };
  // Claude Code asks before following an import that leaves the project: a cloned repository's
  // rules read nothing of the user's unless the user trusts the project.
  if (level === "project" && walk.options.trusted !== true) {
    return {
      code: "import-untrusted",
      why: "is outside the project, and the project is not trusted, so its rules import nothing from outside it (trust the project to follow the import)",
    };
  }
  // Even then, never `~/.npmrc` or `~/.aws/credentials` in the prompt.
  if (level === "project" && !/\.md$/i.test(path)) {
    return { code: "import-outside", why: "is in home but not a Markdown file, and a project rule may import only those from home" };
  }
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
