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

/**
 * A message for human output with the paths it names shortened as {@link displayPath} shortens
 * one: `<root>/x` → `x` (`./~/x` for a project folder named `~`), `<home>/x` → `~/x`, the root
 * itself → `the project root`, home itself → `~`; text between backticks (a command to run) stays
 * exact. `--json` keeps messages exact (docs/behaviour.md#diagnostics).
 */
export function shortPaths(text: string, where: Pick<Locations, "root" | "home">): string {
  // A command between backticks (`rulebook trust /abs/root --home /abs/home`) is kept exact, to be run as written.
  if (text.includes("`"))
    return text
      .split("`")
      .map((part, i) => (i % 2 === 0 ? shortPathsIn(part, where) : part))
      .join("`");
  return shortPathsIn(text, where);
}

function shortPathsIn(text: string, where: Pick<Locations, "root" | "home">): string {
  const root = withoutSlash(where.root);
  const home = withoutSlash(where.home);
  // The longer first: the root is usually inside home (a home of "/" names nothing).
  const bases = (root.length >= home.length ? [root, home] : [home, root]).filter((b) => b.length > 1 && text.includes(b));
  if (bases.length === 0) return text;
  const pattern = new RegExp(bases.map((b) => `${escapeRegExp(b)}(?:/|(?![\\w.~-]))`).join("|"), "g");
  return text.replace(pattern, (found: string, offset: number) => {
    const slash = found.endsWith("/") && found.length > 1;
    const base = slash ? found.slice(0, -1) : found;
    if (base === root) return slash ? (text.startsWith("~/", offset + found.length) ? "./" : "") : "the project root";
    return slash ? "~/" : "~";
  });
}

function withoutSlash(path: string): string {
  return path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
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
      lines.push(`  ${place}${paint(d.severity.padEnd(7))}  ${d.code}  ${printable(shortPaths(d.message, where))}${from}`);
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

// What the configuration, trust and the command's options say: not problems of the rule files.
const SETUP_CODES: ReadonlySet<string> = new Set([
  "untrusted-config-skipped",
  "untrusted-plugin-skipped",
  "config-file-skipped",
  "trust-list-invalid",
  "mode-unknown",
]);

/** True for a warning about the configuration, trust or an option (`--mode`), which commands say in its own words. */
export function isSetupWarning(d: Diagnostic): boolean {
  return d.severity !== "info" && SETUP_CODES.has(d.code);
}

/**
 * For commands whose output is not the diagnostics: one line on stderr saying how many
 * problems the rule files have and where to see them; nothing when there are none. Warnings
 * about the configuration, trust or options are not counted: they have lines of their own.
 */
export function writeProblemCount(output: Output, diagnostics: readonly Diagnostic[]): void {
  // An info (a deliberate CLAUDE.md → AGENTS.md link, a git-ignored personal file) is not a problem.
  const problems = diagnostics.filter((d) => d.severity !== "info" && !isSetupWarning(d));
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
