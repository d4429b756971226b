import { relative, sep } from "node:path";
import { DIAGNOSTIC_CODES, DIAGNOSTIC_HELP, type Diagnostic } from "@rulebook/core";
import { printable } from "./display.js";

/** Where the codes are documented: the core package's README, as npm shows it. */
export const DIAGNOSTICS_DOCS = "https://www.npmjs.com/package/@rulebook/core#diagnostics";

/** The formats `rulebook lint --format` writes. */
export const LINT_FORMATS = ["text", "json", "github", "sarif"] as const;

/** One of {@link LINT_FORMATS}. */
export type LintFormat = (typeof LINT_FORMATS)[number];

/** A diagnostic's file relative to the project root with `/`, or undefined when it has none or lies outside. */
function projectPath(path: string | undefined, root: string): string | undefined {
  if (path === undefined) return undefined;
  const rel = relative(root, path);
  if (rel === "" || rel.startsWith("..") || rel.startsWith(sep) || /^[A-Za-z]:/.test(rel)) return undefined;
  return rel.split(sep).join("/");
}

/** Workflow-command data: `%`, CR and LF encoded, as the GitHub Actions runner decodes them. */
function escapeData(text: string): string {
  return text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

/** Workflow-command property values: data escaping plus `:` and `,`, which end a property. */
function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

/**
 * GitHub Actions workflow annotations (`::warning file=…,line=…,col=…,title=…::message`), one a
 * line: errors as `error`, warnings as `warning`, infos as `notice`. Files are relative to the
 * project root (the repository the workflow checked out); a file outside it (a user rule under
 * home) is named in the message instead, since an annotation can only point into the repository.
 * Control and invisible characters from rule files are shown escaped, never passed to the log.
 */
export function githubAnnotations(diagnostics: readonly Diagnostic[], root: string): string {
  return diagnostics
    .map((d) => {
      const command = d.severity === "info" ? "notice" : d.severity;
      const file = projectPath(d.path, root);
      const properties = [`title=${escapeProperty(`rulebook ${d.code}`)}`];
      if (file !== undefined) {
        properties.unshift(`file=${escapeProperty(printable(file))}`);
        if (d.line !== undefined) properties.splice(1, 0, `line=${d.line}`, ...(d.column !== undefined ? [`col=${d.column}`] : []));
      }
      const outside = file === undefined && d.path !== undefined ? ` (${d.path})` : "";
      return `::${command} ${properties.join(",")}::${escapeData(printable(`${d.message}${outside}`))}\n`;
    })
    .join("");
}

/** A SARIF 2.1.0 log of the diagnostics (code scanning): a rule per code, a result per diagnostic. */
export function sarifLog(diagnostics: readonly Diagnostic[], root: string, version: string): object {
  const codes = [...new Set(diagnostics.map((d) => d.code))].sort();
  const rules = codes.map((code) => sarifRule(code, diagnostics.find((d) => d.code === code) as Diagnostic));
  const results = diagnostics.map((d) => {
    const file = projectPath(d.path, root);
    const region = d.line !== undefined ? { region: { startLine: d.line, ...(d.column !== undefined && { startColumn: d.column }) } } : {};
    const location =
      file !== undefined
        ? { artifactLocation: { uri: encodeUriPath(file), uriBaseId: "PROJECTROOT" }, ...region }
        : d.path !== undefined
          ? { artifactLocation: { uri: fileUri(d.path) }, ...region }
          : undefined;
    return {
      ruleId: d.code,
      ruleIndex: codes.indexOf(d.code),
      level: sarifLevel(d.severity),
      message: { text: d.message },
      ...(location && { locations: [{ physicalLocation: location }] }),
    };
  });
  return {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: { driver: { name: "rulebook", version, informationUri: "https://www.npmjs.com/package/@rulebook/cli", rules } },
        originalUriBaseIds: { PROJECTROOT: { uri: fileUri(root.endsWith("/") ? root : `${root}/`) } },
        results,
      },
    ],
  };
}

function sarifRule(code: string, first: Diagnostic): object {
  const known = Object.hasOwn(DIAGNOSTIC_HELP, code);
  const help = known
    ? DIAGNOSTIC_HELP[code as keyof typeof DIAGNOSTIC_HELP]
    : `reported by the ${first.provider ?? "unknown"} provider; see its README`;
  const severity = known ? DIAGNOSTIC_CODES[code as keyof typeof DIAGNOSTIC_CODES] : first.severity;
  return {
    id: code,
    shortDescription: { text: code },
    fullDescription: { text: help },
    help: { text: help, markdown: `${help}\n\n[All diagnostic codes](${DIAGNOSTICS_DOCS})` },
    helpUri: DIAGNOSTICS_DOCS,
    defaultConfiguration: { level: sarifLevel(severity) },
  };
}

function sarifLevel(severity: Diagnostic["severity"]): "error" | "warning" | "note" {
  return severity === "info" ? "note" : severity;
}

/** A relative path as a URI reference: each segment percent-encoded. */
function encodeUriPath(path: string): string {
  return path.split("/").map(encodeURIComponent).join("/");
}

function fileUri(path: string): string {
  return `file://${encodeUriPath(path.split(sep).join("/"))}`;
}
