import type { Diagnostic, Severity } from "./types.js";

/**
 * Every diagnostic code the core and the bundled providers emit, with its severity.
 * Codes are stable: tools may match on them.
 */
export const DIAGNOSTIC_CODES = {
  "yaml-invalid": "warning",
  "frontmatter-not-mapping": "warning",
  "description-not-string": "warning",
  "always-apply-not-boolean": "warning",
  "globs-invalid": "warning",
  "globs-empty": "info",
  "condition-invalid": "warning",
  "condition-pattern-invalid": "warning",
  "condition-no-valid-pattern": "warning",
  "hidden-character": "error",
  "rule-empty": "warning",
  "rule-inactive": "info",
  "file-too-large": "error",
  "file-binary": "error",
  "file-not-utf8": "error",
  "file-unreadable": "error",
  "folder-unreadable": "warning",
  "not-a-folder": "warning",
  "not-a-file": "warning",
  "provider-failed": "error",
  "provider-conflict": "warning",
  "symlink-outside": "error",
  "walk-truncated": "warning",
  "rule-duplicate": "info",
  "rule-name-invalid": "error",
  "rule-malformed": "error",
  "shadow-hides-active": "warning",
  "shadow-narrows": "warning",
  "shadow-drops-text": "warning",
  "always-apply-too-large": "warning",
  "git-ignored": "info",
  "export-copy": "info",
  "export-orphan": "info",
  "mode-unknown": "warning",
  "glob-never-matches": "warning",
  "glob-matches-no-file": "warning",
  "glob-unmatched": "info",
  "condition-unchecked": "warning",
  "file-name-not-utf8": "error",
  "hidden-character-lone": "warning",
  "frontmatter-too-large": "error",
  "frontmatter-key-invalid": "warning",
  "name-twin": "warning",
  "import-missing": "warning",
  "import-outside": "warning",
  "import-untrusted": "warning",
  "import-cycle": "warning",
  "import-repeated": "info",
  "import-too-deep": "warning",
  "import-too-large": "warning",
  "import-unreadable": "warning",
  "import-limit": "warning",
  "project-shadows-user": "warning",
  "user-rule-protected": "info",
  "rule-name-user-only": "warning",
  "untrusted-config-skipped": "warning",
  "untrusted-plugin-skipped": "warning",
  "trust-list-invalid": "warning",
  "ignore-file-skipped": "warning",
  "ignore-budget": "warning",
  "config-file-skipped": "warning",
  "not-rules": "info",
  "listed-invalid": "warning",
  "listed-outside": "warning",
  "listed-skipped": "info",
  "listed-missing": "info",
  "listed-bounds": "warning",
} as const satisfies Record<string, Severity>;

/** A diagnostic code known to the core. Providers may use codes of their own as well. */
export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES;

/**
 * Builds a diagnostic, leaving out absent fields. Known codes get their standard severity;
 * a provider's own codes take `where.severity` (default `warning`).
 */
export function createDiagnostic(
  code: DiagnosticCode | (string & {}),
  message: string,
  where: Omit<Diagnostic, "severity" | "code" | "message"> & { severity?: Severity } = {},
): Diagnostic {
  const severity = where.severity ?? (DIAGNOSTIC_CODES as Record<string, Severity>)[code] ?? "warning";
  const diagnostic: Diagnostic = { severity, code, message };
  if (where.provider !== undefined) diagnostic.provider = where.provider;
  if (where.path !== undefined) diagnostic.path = where.path;
  if (where.line !== undefined) diagnostic.line = where.line;
  if (where.column !== undefined) diagnostic.column = where.column;
  return diagnostic;
}

/** True when any diagnostic has severity `error`. */
export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === "error");
}

/** One line of text for a diagnostic: `path:line:column severity code: message`. */
export function formatDiagnostic(d: Diagnostic): string {
  let where = d.path ?? (d.provider ? `[${d.provider}]` : "");
  if (d.path && d.line !== undefined) where += `:${d.line}${d.column !== undefined ? `:${d.column}` : ""}`;
  return `${where ? `${where}: ` : ""}${d.severity} ${d.code}: ${d.message}`;
}
