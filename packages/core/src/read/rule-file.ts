import { type DiagnosticCode, createDiagnostic } from "../rule/diagnostics.js";
import { type NormalizedFields, type RuleFields, normalizeRuleFields } from "./fields.js";
import { normalizeNewlines, parseNormalizedFrontmatter } from "./frontmatter.js";
import type { FrontmatterData } from "./frontmatter-types.js";
import { hasHiddenCharacters, stripHiddenCharacters } from "../text/hidden-characters.js";
import { hiddenCharacterDiagnostics } from "../text/hidden-diagnostics.js";
import { globProblemDiagnostics } from "./glob-problems.js";
import { inlineRuleImports } from "./imports.js";
import type { ProviderContext, ProviderResult } from "../provider/provider.js";
import { type MaybePromise, isPromiseLike, mapMaybe, settle } from "../support/maybe-promise.js";
import { DecodedText, type TextRead, decodeText, isMissing, readTextOf } from "./fs.js";
import { errorText } from "../text/error-text.js";
import { scanRuleFolderMaybe } from "../sources/scan.js";
import { isInside } from "../load/project-root.js";
import { readExportMarker, withoutExportMarker } from "../export/marker.js";
import { carryExportMark, markExportedRule } from "./export-mark.js";
import type { ActivationDefault, FoundRuleFile, MapFields, RuleFileResult } from "../sources/types.js";

export type { MapFields, MapFieldsContext, RuleFileResult } from "../sources/types.js";
import type { Diagnostic, Rule, RuleSource } from "../rule/types.js";

/** Options of {@link parseRuleFile}. */
export interface RuleFileOptions {
  source: RuleSource;
  mapFields?: MapFields;
  /** What a file without activation metadata means; default `frontmatter`. */
  activation?: ActivationDefault;
  /** Agent modes the rule is limited to. */
  modes?: readonly string[];
  /**
   * The folder the file's real path must stay inside (symlinks resolved); a file that leaves
   * it is refused with a `symlink-outside` diagnostic.
   */
  boundary?: string;
  /** Inline `@path` imports in the body (Claude Code, Gemini CLI). */
  imports?: boolean;
  /** The user trusts the project: a project rule's imports may leave it (docs/behaviour.md#imports). */
  trusted?: boolean;
}

/**
 * A {@link MapFields} for files their tool always applied (legacy `.cursorrules`,
 * `.windsurfrules`, a single `.clinerules`): always-apply unless the frontmatter sets
 * `alwaysApply` (or `always-apply`) itself.
 */
export const alwaysApplyUnlessSet: MapFields = (fields, data) =>
  data.alwaysApply !== undefined && data.alwaysApply !== null ? fields : { ...fields, alwaysApply: true };

/**
 * Turns the text of one rule file into a {@link Rule}: frontmatter, shared field
 * normalisation, hidden-character checks (reported, then removed). Never throws.
 */
export function parseRuleFile(text: string, file: FoundRuleFile, options: RuleFileOptions): RuleFileResult {
  const where = { path: file.path, provider: options.source.provider };
  const normalized = normalizeNewlines(text);
  const hidden = hasHiddenCharacters(normalized);
  const diagnostics = hidden ? hiddenCharacterDiagnostics(normalized, where) : [];
  const parsed = parseNormalizedFrontmatter(normalized, where);
  for (const d of parsed.diagnostics) diagnostics.push(d);
  const normalizedFields: NormalizedFields = normalizeRuleFields(parsed.data, {
    path: file.path,
    provider: options.source.provider,
    keyLines: parsed.keyLines,
  });
  for (const d of normalizedFields.diagnostics) diagnostics.push(d);
  const fields = normalizedFields.fields;
  const activated = options.activation === "always" ? applyAlwaysActivation(fields, parsed.data) : fields;
  const mapped = options.mapFields
    ? options.mapFields(activated, parsed.data, {
        file,
        report: (code, message, extra = {}) =>
          diagnostics.push(
            createDiagnostic(code, message, {
              ...where,
              ...(extra.severity && { severity: extra.severity }),
              ...(extra.key !== undefined && { line: parsed.keyLines[extra.key] }),
            }),
          ),
      })
    : activated;
  for (const d of globProblemDiagnostics(mapped.globs, parsed.keyLines, where)) diagnostics.push(d);
  // The export marker is a fact about the file, never part of the rule's text (docs/behaviour.md#export).
  const marker = normalized.startsWith("<!--") || normalized.startsWith("---") ? readExportMarker(normalized) : undefined;
  const body = marker?.shape === "html" ? withoutExportMarker(parsed.body) : parsed.body;
  const rule = buildRule(file, body, mapped, options, hidden);
  if (marker) markExportedRule(rule, marker.sources);
  return { rule, diagnostics };
}

/**
 * The `always` activation default: a file that says nothing about when it applies is always
 * applied; `alwaysApply` (true or false) or `globs` in its frontmatter decide instead.
 */
function applyAlwaysActivation(fields: RuleFields, data: FrontmatterData): RuleFields {
  if ((data.alwaysApply !== undefined && data.alwaysApply !== null) || fields.globs) return fields;
  return { ...fields, alwaysApply: true };
}

/**
 * Reads one rule file through the context's file system and parses it. Files that are too
 * large, binary, not UTF-8 or unreadable give an error diagnostic and no rule.
 */
export async function loadRuleFile(context: ProviderContext, file: FoundRuleFile, options: RuleFileOptions): Promise<RuleFileResult> {
  return loadRuleFileMaybe(context, file, options);
}

/** {@link loadRuleFile}, synchronous when the context's file system is. */
export function loadRuleFileMaybe(context: ProviderContext, file: FoundRuleFile, options: RuleFileOptions): MaybePromise<RuleFileResult> {
  let read: MaybePromise<TextRead>;
  try {
    read = readTextOf(context.fs, file.path, context.maxFileBytes);
  } catch (error) {
    return readFailure(error, file, options);
  }
  if (isPromiseLike(read)) {
    return Promise.resolve(read).then(
      (value) => ruleFromRead(context, value, file, options),
      (error: unknown) => readFailure(error, file, options),
    );
  }
  return ruleFromRead(context, read, file, options);
}

function fileFailure(code: DiagnosticCode, message: string, file: FoundRuleFile, options: RuleFileOptions): RuleFileResult {
  return { diagnostics: [createDiagnostic(code, message, { path: file.path, provider: options.source.provider })] };
}

function ruleFromRead(context: ProviderContext, read: TextRead, file: FoundRuleFile, options: RuleFileOptions): MaybePromise<RuleFileResult> {
  if (options.boundary !== undefined && read.realPath !== undefined && !isInside(read.realPath, options.boundary)) {
    return fileFailure(
      "symlink-outside",
      `file is a link to ${read.realPath}, outside ${options.boundary} (the folder this source may read); not loaded`,
      file,
      options,
    );
  }
  let text: string;
  if (read instanceof DecodedText) text = read.text;
  else {
    if ("tooLarge" in read)
      return fileFailure("file-too-large", `file is ${read.tooLarge} bytes, over the ${context.maxFileBytes}-byte limit; not loaded`, file, options);
    if (read.bytes.includes(0)) return fileFailure("file-binary", "file contains NUL bytes (binary?); not loaded", file, options);
    try {
      text = decodeText(read.bytes);
    } catch {
      return fileFailure("file-not-utf8", "file is not valid UTF-8; not loaded", file, options);
    }
  }
  const parsed = parseRuleFile(text, file, options);
  if (!options.imports) return parsed;
  const inlined = inlineRuleImports(context, parsed, text, options.trusted === true);
  const carry = (result: RuleFileResult) => {
    if (parsed.rule && result.rule) carryExportMark(parsed.rule, result.rule);
    return result;
  };
  return isPromiseLike(inlined) ? Promise.resolve(inlined).then(carry) : carry(inlined);
}

function readFailure(error: unknown, file: FoundRuleFile, options: RuleFileOptions): RuleFileResult {
  if ((error as { code?: string }).code === "ENOTREG") {
    return fileFailure("not-a-file", "expected a rule file, found a FIFO, socket or device; skipped without opening it for reading", file, options);
  }
  if (isMissing(error) && file.path.includes("\uFFFD")) {
    return fileFailure("file-name-not-utf8", "the file name is not valid UTF-8, so it cannot be opened by name; rename it", file, options);
  }
  if (isMissing(error)) return fileFailure("file-unreadable", "file disappeared or is a dangling symlink; ignored", file, options);
  return fileFailure("file-unreadable", `cannot read file: ${errorText(error)}`, file, options);
}

/**
 * Loads one rule file that may not exist, such as a legacy `.cursorrules`: nothing there is
 * silent, a folder or special file in its place is a `not-a-file` warning, and a file that
 * cannot be read is an error diagnostic. Never throws.
 */
export async function loadOptionalRuleFile(context: ProviderContext, file: FoundRuleFile, options: RuleFileOptions): Promise<ProviderResult> {
  const where = { path: file.path, provider: options.source.provider };
  const none: ProviderResult = { rules: [], diagnostics: [] };
  return settle(
    () => context.fs.stat(file.path),
    (found): MaybePromise<ProviderResult> => {
      if (found === undefined) return none;
      if (found.kind !== "file") {
        const what = found.kind === "directory" ? "folder" : "special file";
        return { rules: [], diagnostics: [createDiagnostic("not-a-file", `expected a rule file, found a ${what}; ignored`, where)] };
      }
      return settle(
        () => loadRuleFileMaybe(context, file, options),
        (result) => collectResults([result]),
        rethrow,
      );
    },
    (error) => ({ rules: [], diagnostics: [createDiagnostic("file-unreadable", `cannot read file: ${errorText(error)}`, where)] }),
  );
}

/**
 * Scans a rule folder and loads every rule file in it, in scan order. With an asynchronous
 * file system a bounded number of files are read at a time; with a synchronous one (the
 * default) no promise is made per file. A missing folder yields no rules and no diagnostics.
 */
export async function loadRuleFolder(
  context: ProviderContext,
  dir: string,
  options: RuleFileOptions & { extensions: readonly string[] },
): Promise<ProviderResult> {
  const scanOptions = { extensions: options.extensions, provider: options.source.provider };
  return settle(
    () => scanRuleFolderMaybe(context, dir, scanOptions),
    (scan) =>
      settle(
        () => mapMaybe(scan.files, 64, (file) => loadRuleFileMaybe(context, file, options)),
        (results) => collectResults(results, scan.diagnostics),
        rethrow,
      ),
    rethrow,
  );
}

// Only programmer errors get here: file-system failures are turned into diagnostics earlier.
function rethrow(error: unknown): never {
  throw error;
}

/** Merges per-file results into a provider result, keeping their order. */
export function collectResults(results: readonly RuleFileResult[], diagnostics: Diagnostic[] = []): ProviderResult {
  const rules: Rule[] = [];
  for (const result of results) {
    if (result.rule) rules.push(result.rule);
    for (const d of result.diagnostics) diagnostics.push(d);
  }
  return { rules, diagnostics };
}

function buildRule(file: FoundRuleFile, body: string, fields: RuleFields, options: RuleFileOptions, hidden: boolean): Rule {
  const rule: Rule = { name: file.name, path: file.path, content: hidden ? stripHiddenCharacters(body).trim() : body, source: options.source };
  const description = hidden && fields.description !== undefined ? stripHiddenCharacters(fields.description).trim() : fields.description;
  if (description) rule.description = description;
  if (fields.globs) rule.globs = fields.globs;
  if (fields.globs && fields.globsIgnoreCase === true) rule.globsIgnoreCase = true;
  if (fields.alwaysApply === true) rule.alwaysApply = true;
  if (fields.condition) rule.condition = fields.condition;
  if (fields.protected === true) rule.protected = true;
  if (file.scope) rule.scope = file.scope;
  if (options.modes && options.modes.length > 0) rule.modes = [...options.modes];
  return rule;
}
