import { type Diagnostic, formatDiagnostic } from "@rulebook/core";
import type { Colors } from "./ansi.js";
import type { Output } from "./io.js";
import type { Locations } from "./session.js";

// C0/C1 controls (terminal escapes) and the hidden characters of SPEC §13.
const UNPRINTABLE = /[\p{Cc}\u202a-\u202e\u2066-\u2069\u200b-\u200d\u2060\ufeff\u{e0000}-\u{e007f}]/gu;

/**
 * Makes text from rule files safe for a terminal line: control and invisible characters
 * become visible `\u{…}` escapes, so a file name cannot clear the screen or hide text.
 */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (c) => `\\u{${(c.codePointAt(0) ?? 0).toString(16).toUpperCase()}}`);
}

/**
 * A short path for human output: relative to the project root when inside it, `~/…` when
 * inside the home folder, absolute otherwise.
 */
export function displayPath(path: string, where: Locations): string {
  for (const [root, prefix] of [
    [where.cwd, ""],
    [where.home, "~/"],
  ] as const) {
    const base = root.endsWith("/") ? root : `${root}/`;
    if (path.startsWith(base)) return printable(prefix + path.slice(base.length));
  }
  return printable(path);
}

/** One diagnostic as `path:line:col severity code: message`, the severity coloured. */
export function formatDiagnosticLine(diagnostic: Diagnostic, color: Colors): string {
  const line = printable(formatDiagnostic(diagnostic));
  if (!color.enabled) return line;
  const paint = diagnostic.severity === "error" ? color.red : diagnostic.severity === "warning" ? color.yellow : color.cyan;
  const label = `${diagnostic.severity} ${diagnostic.code}:`;
  return line.replace(label, paint(label));
}

/** Writes diagnostics one per line, in one write (thousands of small writes cost a syscall each). */
export function writeDiagnostics(output: Output, diagnostics: readonly Diagnostic[]): void {
  if (diagnostics.length === 0) return;
  output.write(`${diagnostics.map((d) => formatDiagnosticLine(d, output.color)).join("\n")}\n`);
}

/** A diagnostic with its fields in a stable order and absent ones left out. */
export function diagnosticJson(d: Diagnostic): Diagnostic {
  return {
    severity: d.severity,
    code: d.code,
    message: d.message,
    ...(d.provider !== undefined && { provider: d.provider }),
    ...(d.path !== undefined && { path: d.path }),
    ...(d.line !== undefined && { line: d.line }),
    ...(d.column !== undefined && { column: d.column }),
  };
}

/** `3 rules` / `1 rule`. */
export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}
