import { describeValue } from "../text/describe-value.js";
import { type DiagnosticCode, createDiagnostic } from "../rule/diagnostics.js";
import type { FrontmatterData } from "./frontmatter-types.js";
import { stripHiddenCharacters } from "../text/hidden-characters.js";
import { globNeverMatches } from "../glob/globs.js";
import type { Diagnostic, Rule } from "../rule/types.js";

/** The metadata fields of a rule after normalisation (docs/behaviour.md#fields-and-activation). */
export type RuleFields = Pick<Rule, "description" | "globs" | "globsIgnoreCase" | "alwaysApply" | "condition" | "protected">;

/** Where the metadata came from, for diagnostics. */
export interface NormalizeContext {
  path?: string;
  provider?: string;
  /** 1-based line of each frontmatter key, from {@link parseFrontmatter}. */
  keyLines?: Record<string, number>;
}

/** What {@link normalizeRuleFields} returns. */
export interface NormalizedFields {
  fields: RuleFields;
  diagnostics: Diagnostic[];
}

/**
 * Turns raw frontmatter into the rule fields every provider shares (docs/behaviour.md#fields-and-activation): a trimmed
 * description, `alwaysApply` only for the boolean `true`, globs split on commas outside
 * braces, and stream-trigger patterns from `condition` / `ttsr_trigger` / `ttsrTrigger`.
 * An empty `globs:` is no globs, silently. Hidden characters are removed from descriptions
 * and globs, so they read and match as they show; trigger patterns keep them (a pattern
 * may watch for them) and reporting them is the file scan's and the frontmatter's job.
 */
export function normalizeRuleFields(data: FrontmatterData, context: NormalizeContext = {}): NormalizedFields {
  const diagnostics: Diagnostic[] = [];
  const fields: RuleFields = {};

  const description = data.description;
  if (typeof description === "string") {
    const trimmed = stripHiddenCharacters(description).trim();
    if (trimmed !== "") fields.description = trimmed;
  } else if (description !== undefined && description !== null) {
    reportField(
      diagnostics,
      context,
      "description-not-string",
      "description",
      `description must be text, got ${describeValue(description)}; ignored`,
    );
  }

  const alwaysApply = data.alwaysApply;
  if (alwaysApply === true) fields.alwaysApply = true;
  else if (alwaysApply !== undefined && alwaysApply !== null && alwaysApply !== false) {
    const message = `alwaysApply must be true or false, got ${describeValue(alwaysApply)}; Cursor treats it as false, so does Rulebook`;
    reportField(diagnostics, context, "always-apply-not-boolean", "alwaysApply", message);
  }

  // Rulebook's own key; no format it reads documents a `protected` key (docs/behaviour.md#trust).
  if (data.protected === true) fields.protected = true;

  const globsValue = data.globs;
  if (globsValue !== undefined && globsValue !== null) {
    const globs = normalizeGlobs(globsValue, (message, code) => reportField(diagnostics, context, code, "globs", message));
    if (globs) fields.globs = globs;
  }

  // The first of the trigger keys that is set (not null) is read.
  const key =
    data.condition != null ? "condition" : data.ttsr_trigger != null ? "ttsr_trigger" : data.ttsrTrigger != null ? "ttsrTrigger" : undefined;
  if (key !== undefined) {
    const condition = normalizePatterns(data[key], (message) => reportField(diagnostics, context, "condition-invalid", key, `${key}: ${message}`));
    if (condition) fields.condition = condition;
  }
  return { fields, diagnostics };
}

function reportField(diagnostics: Diagnostic[], context: NormalizeContext, code: DiagnosticCode, key: string, message: string): void {
  diagnostics.push(createDiagnostic(code, message, { path: context.path, provider: context.provider, line: context.keyLines?.[key] }));
}

/**
 * Reads a list of globs from any frontmatter value as `globs` is read (a comma-separated
 * string or a list, hidden characters removed, empty entries dropped), for format keys such
 * as Copilot's `applyTo` or Claude's `paths`; diagnostics carry `key`'s line.
 */
export function readGlobList(value: unknown, key: string, context: NormalizeContext = {}): { globs?: string[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const globs = normalizeGlobs(value, (message, code) =>
    diagnostics.push(createDiagnostic(code, `${key}: ${message}`, { path: context.path, provider: context.provider, line: context.keyLines?.[key] })),
  );
  return globs ? { globs, diagnostics } : { diagnostics };
}

/**
 * Splits a glob string on commas that are not inside `{}`: `*.ts, {a,b}/**` → `["*.ts", "{a,b}/**"]`.
 */
export function splitGlobList(value: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 123) depth++;
    else if (c === 125 && depth > 0) depth--;
    else if (c === 44 && depth === 0) {
      pushTrimmed(parts, value.slice(start, i));
      start = i + 1;
    }
  }
  pushTrimmed(parts, start === 0 ? value : value.slice(start));
  return parts;
}

function pushTrimmed(parts: string[], part: string): void {
  const trimmed = part.trim();
  if (trimmed !== "") parts.push(trimmed);
}

/** The list without repeats, first occurrences kept in order; the list itself when it has none. */
function withoutRepeats(list: string[]): string[] {
  if (list.length < 2) return list;
  if (list.length <= 16) {
    for (let i = 1; i < list.length; i++) {
      if (list.lastIndexOf(list[i] as string, i - 1) !== -1) return [...new Set(list)];
    }
    return list;
  }
  const unique = new Set(list);
  return unique.size < list.length ? [...unique] : list;
}

function normalizeGlobs(
  value: unknown,
  report: (message: string, code: "globs-invalid" | "globs-empty" | "glob-never-matches") => void,
): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  let globs: string[];
  if (typeof value === "string") {
    const visible = stripHiddenCharacters(value);
    globs = splitGlobList(visible);
    if (globs.length === 0 && visible.trim() !== "") report(`globs "${visible}" holds no pattern`, "globs-empty");
  } else if (Array.isArray(value)) {
    globs = [];
    for (const entry of value) {
      if (typeof entry === "string") {
        const trimmed = stripHiddenCharacters(entry).trim();
        if (trimmed !== "") globs.push(trimmed);
      } else if (entry !== null && entry !== undefined) {
        report(`globs entries must be text, got ${describeValue(entry)}; ignored`, "globs-invalid");
      }
    }
    if (globs.length === 0 && value.length > 0) report("globs holds no usable pattern", "globs-empty");
  } else {
    report(`globs must be text or a list of text, got ${describeValue(value)}; ignored`, "globs-invalid");
    return undefined;
  }
  for (const glob of globs) {
    const never = globNeverMatches(glob);
    if (never) report(never, "glob-never-matches");
  }
  return globs.length > 0 ? withoutRepeats(globs) : undefined;
}

function normalizePatterns(value: unknown, report: (message: string) => void): string[] | undefined {
  const entries = typeof value === "string" ? [value] : Array.isArray(value) ? value : undefined;
  if (!entries) {
    report(`must be a pattern or a list of patterns, got ${describeValue(value)}; ignored`);
    return undefined;
  }
  const patterns: string[] = [];
  for (const entry of entries) {
    if (typeof entry !== "string") {
      if (entry !== null && entry !== undefined) report(`patterns must be text, got ${describeValue(entry)}; ignored`);
      continue;
    }
    const trimmed = entry.trim();
    if (trimmed !== "" && !patterns.includes(trimmed)) patterns.push(trimmed);
  }
  return patterns.length > 0 ? patterns : undefined;
}
