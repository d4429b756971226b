import { createDiagnostic } from "../rule/diagnostics.js";
import { type HiddenRun, findHiddenRuns } from "./hidden-characters.js";
import { cutText } from "./text-cut.js";
import { formatCodePoint, invisibleRun } from "./unicode-invisible.js";
import type { Diagnostic } from "../rule/types.js";

/** Where a text or a field came from, copied into its diagnostics. */
export interface HiddenWhere {
  path?: string;
  provider?: string;
  /** For a field: the line of its frontmatter key. */
  line?: number;
}

/** The field a value belongs to; the four core fields get a message saying what happens to them. */
export type HiddenField = "name" | "description" | "glob" | "condition" | (string & {});

const DEFAULT_MAX_REPORTS = 10;
const SHOWN_CHARACTERS = 60;

const CONSEQUENCE: Record<string, string> = {
  name: "it is removed from the rule's name",
  description: "it is removed from the prompt",
  glob: "it is removed, so the glob matches what it shows",
  condition: "the pattern keeps it and matches it literally; write a \\u escape in the pattern if that is meant",
};

/**
 * The diagnostics for the hidden characters of a rule file's text (frontmatter included):
 * one per run with its line and column, at most `max` (default 10), then one line counting
 * the rest. Bidi controls, tag characters and runs are errors, a lone character a warning.
 */
export function hiddenCharacterDiagnostics(text: string, where: HiddenWhere, options: { max?: number } = {}): Diagnostic[] {
  const max = options.max ?? DEFAULT_MAX_REPORTS;
  const scan = findHiddenRuns(text, { max });
  const diagnostics = scan.runs.map((run) =>
    createDiagnostic(codeFor(run.severity), `${describe(run)} ${risk(run)}; it is removed from the prompt`, {
      ...where,
      line: run.line,
      column: run.column,
    }),
  );
  if (scan.omittedSeverity !== undefined) {
    const more = scan.total - scan.runs.length;
    const message = `${more} more ${more === 1 ? "run" : "runs"} of invisible characters not listed`;
    diagnostics.push(createDiagnostic(codeFor(scan.omittedSeverity), message, { path: where.path, provider: where.provider }));
  }
  return diagnostics;
}

/**
 * Reports the hidden characters of one field value (a rule name, a description, one glob,
 * one trigger pattern…) as a single diagnostic on the field's line, showing where they are;
 * `escaped` says they were written as YAML escapes (`"\u200B"`), which no scan of the file's
 * text can see. Returns no diagnostic for a clean value.
 */
export function checkHiddenInField(value: string, field: HiddenField, where: HiddenWhere, options: { escaped?: boolean } = {}): Diagnostic[] {
  const scan = findHiddenRuns(value, { max: 1 });
  const first = scan.runs[0];
  if (first === undefined) return [];
  const severity = scan.omittedSeverity === "error" ? "error" : first.severity;
  const written = options.escaped ? " written as a YAML escape" : "";
  const more = scan.total > 1 ? ` and ${scan.total - 1} more` : "";
  const consequence = CONSEQUENCE[field] ?? "it is removed wherever the prompt shows it";
  const message = `${field} "${showHidden(value)}" contains ${describe(first)}${written}${more}; ${consequence}`;
  return [createDiagnostic(codeFor(severity), message, where)];
}

/** `value` cut to a readable length, with each invisible character shown as `<U+200B>`. */
export function showHidden(value: string): string {
  const cut = cutText(value, SHOWN_CHARACTERS);
  const shown = cut.replace(invisibleRun(), (run) => {
    let out = "";
    for (const char of run) out += `<${formatCodePoint(char.codePointAt(0) ?? 0)}>`;
    return out;
  });
  return cut.length < value.length ? `${shown}…` : shown;
}

function codeFor(severity: "error" | "warning"): "hidden-character" | "hidden-character-lone" {
  return severity === "error" ? "hidden-character" : "hidden-character-lone";
}

function describe(run: HiddenRun): string {
  const list = `${run.codePoints.join(", ")}${run.moreCodePoints ? ", …" : ""}`;
  if (run.kind === "lone") return `invisible character ${list}`;
  if (run.kind === "bidi-control")
    return run.length === 1 ? `bidi control ${list}` : `${run.length} invisible characters with a bidi control (${list})`;
  if (run.kind === "tag") return run.length === 1 ? `tag character ${list}` : `${run.length} invisible characters with tag characters (${list})`;
  return `a run of ${run.length} invisible characters (${list})`;
}

function risk(run: HiddenRun): string {
  if (run.kind === "bidi-control") return "can make text display in another order than it is read";
  if (run.kind === "lone") return "can hide text from readers";
  return "can carry hidden text";
}
