import { type Diagnostic, projectPathLabel } from "@rulebook/core";
import type { Colors } from "./runtime/ansi.js";
import type { Output } from "./runtime/io.js";
import type { Locations } from "./locations.js";

// C0/C1 controls (terminal escapes) and the hidden characters of docs/behaviour.md#safety.
const UNPRINTABLE = /[\p{Cc}\u202a-\u202e\u2066-\u2069\u200b-\u200d\u2060\ufeff\u{e0000}-\u{e007f}]/gu;

/**
 * Makes text from rule files safe for a terminal line: control and invisible characters
 * become visible `\u{…}` escapes, so a file name cannot clear the screen or hide text.
 */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (c) => `\\u{${(c.codePointAt(0) ?? 0).toString(16).toUpperCase()}}`);
}

/**
 * A short path for human output: relative to the project root when inside it (`./~/…` for a
 * project folder named `~`, which is not the home folder), `~/…` only when really inside the
 * home folder, absolute otherwise.
 */
export function displayPath(path: string, where: Pick<Locations, "root" | "home">): string {
  const inRoot = below(path, where.root);
  if (inRoot !== undefined) return printable(projectPathLabel(inRoot));
  const inHome = below(path, where.home);
  return printable(inHome !== undefined ? `~/${inHome}` : path);
}

/** `path` relative to `folder` when it is inside it. */
function below(path: string, folder: string): string | undefined {
  const base = folder.endsWith("/") ? folder : `${folder}/`;
  return path.startsWith(base) ? path.slice(base.length) : undefined;
}

/** `3 problems (1 error, 1 warning, 1 info)`, or `no problems`. */
export function countLine(diagnostics: readonly Diagnostic[]): string {
  if (diagnostics.length === 0) return "no problems";
  const counts = { error: 0, warning: 0, info: 0 };
  for (const d of diagnostics) counts[d.severity]++;
  return `${plural(diagnostics.length, "problem")} (${plural(counts.error, "error")}, ${plural(counts.warning, "warning")}, ${counts.info} info)`;
}

/**
 * Diagnostics grouped by file (files in order of their first diagnostic, problems without
 * a file last), each as `  line:col  severity  code  message`, then the count line; ""
 * when there are none.
 */
export function formatDiagnosticGroups(diagnostics: readonly Diagnostic[], where: Pick<Locations, "root" | "home">, color: Colors): string {
  if (diagnostics.length === 0) return "";
  const groups = new Map<string | undefined, Diagnostic[]>();
  for (const d of diagnostics) {
    const group = groups.get(d.path);
    if (group) group.push(d);
    else groups.set(d.path, [d]);
  }
  const general = groups.get(undefined);
  groups.delete(undefined);
  if (general) groups.set(undefined, general);
  const lines: string[] = [];
  for (const [path, group] of groups) {
    lines.push(color.bold(path === undefined ? "(not tied to a file)" : displayPath(path, where)));
    const at = group.map((d) => (d.line === undefined ? "" : `${d.line}${d.column === undefined ? "" : `:${d.column}`}`));
    const width = Math.max(...at.map((a) => a.length));
    group.forEach((d, i) => {
      const paint = d.severity === "error" ? color.red : d.severity === "warning" ? color.yellow : color.cyan;
      const from = path === undefined && d.provider !== undefined ? ` (${d.provider})` : "";
      const place = width > 0 ? `${(at[i] ?? "").padEnd(width)}  ` : "";
      lines.push(`  ${place}${paint(d.severity.padEnd(7))}  ${d.code}  ${printable(d.message)}${from}`);
    });
    lines.push("");
  }
  lines.push(countLine(diagnostics));
  return `${lines.join("\n")}\n`;
}

/** Writes the diagnostics grouped by file with a count line, in one write; nothing when there are none. */
export function writeDiagnostics(output: Output, diagnostics: readonly Diagnostic[], where: Pick<Locations, "root" | "home">): void {
  const text = formatDiagnosticGroups(diagnostics, where, output.color);
  if (text !== "") output.write(text);
}

/**
 * For commands whose output is not the diagnostics: one line on stderr saying how many
 * problems the rule files have and where to see them; nothing when there are none.
 */
export function writeProblemCount(output: Output, diagnostics: readonly Diagnostic[]): void {
  // An info (a deliberate CLAUDE.md → AGENTS.md link, a git-ignored personal file) is not a problem.
  const problems = diagnostics.filter((d) => d.severity !== "info");
  if (problems.length === 0) return;
  output.write(`rulebook: the rule files have ${countLine(problems)}; \`rulebook lint\` lists them\n`);
}

/** A diagnostic with its fields in a stable order and absent ones left out. */
export function diagnosticJson(d: Diagnostic): Diagnostic {
  const json: Diagnostic = { severity: d.severity, code: d.code, message: d.message };
  if (d.provider !== undefined) json.provider = d.provider;
  if (d.path !== undefined) json.path = d.path;
  if (d.line !== undefined) json.line = d.line;
  if (d.column !== undefined) json.column = d.column;
  return json;
}

/** `3 rules` / `1 rule`. */
export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}
