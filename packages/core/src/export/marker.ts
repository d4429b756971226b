import { formatMarkerSources, parseMarkerSources } from "./marker-sources.js";

/** The words that mark a file as written by `rulebook export`; a file without them is a person's. */
export const EXPORT_MARKER = "written by rulebook export";

const ADVICE = "edit the source rules and export again";

/** The marker as a YAML comment, for the frontmatter of formats that have one (writers write it; the plan adds the sources). */
export const EXPORT_MARKER_YAML = `# ${EXPORT_MARKER}; ${ADVICE}`;

/** The marker as an HTML comment, the first line of plain Markdown formats (writers write it; the plan adds the sources). */
export const EXPORT_MARKER_HTML = `<!-- ${EXPORT_MARKER}; ${ADVICE} -->`;

// A marker line is short, but a file of many sections names many sources.
const MAX_MARKER_LINE = 64 * 1024;

/** Where a file's marker is and what it records (docs/behaviour.md#export). */
export interface ExportMarker {
  /** The files the text was exported from, project-relative with `/` separators (empty for a marker that names none). */
  sources: string[];
  /** `html`: the first line, a comment of plain Markdown; `yaml`: the second line, a comment in the frontmatter. */
  shape: "html" | "yaml";
}

/** The marker words with the sources named: `written by rulebook export from a.md, b.md; edit …`. */
function markerWords(sources: readonly string[]): string {
  return sources.length === 0
    ? `${EXPORT_MARKER}; ${ADVICE}`
    : `${EXPORT_MARKER} from ${formatMarkerSources(sources)}; edit the source and export again`;
}

/** The HTML marker naming `sources`. */
export function exportMarkerHtml(sources: readonly string[]): string {
  return `<!-- ${markerWords(sources)} -->`;
}

/** The YAML comment marker naming `sources`. */
export function exportMarkerYaml(sources: readonly string[]): string {
  return `# ${markerWords(sources)}`;
}

/**
 * The marker of a file's text, or `undefined`: an HTML comment on the first line, or a YAML
 * comment on the line after an opening `---` (a UTF-8 BOM and CRLF line ends are allowed).
 */
export function readExportMarker(text: string): ExportMarker | undefined {
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const first = lineAt(text, start);
  if (first === undefined) return undefined;
  if (first.line.startsWith("<!--")) {
    const inner = /^<!--\s*(.*?)\s*-->$/.exec(first.line)?.[1];
    const sources = inner === undefined ? undefined : sourcesOf(inner);
    return sources && { sources, shape: "html" };
  }
  if (first.line !== "---") return undefined;
  const second = lineAt(text, first.next);
  const inner = second?.line.startsWith("#") ? second.line.slice(1).trim() : undefined;
  const sources = inner === undefined ? undefined : sourcesOf(inner);
  return sources && { sources, shape: "yaml" };
}

/** True when `text` (a file's text) carries the export marker. */
export function hasExportMarker(text: string): boolean {
  return readExportMarker(text) !== undefined;
}

/**
 * `content` with its bare marker (as writers write it) replaced by one naming `sources`;
 * a text whose marker is elsewhere, or names sources already, is returned unchanged.
 */
export function withExportSources(content: string, sources: readonly string[]): string {
  if (content.startsWith(`${EXPORT_MARKER_HTML}\n`)) return exportMarkerHtml(sources) + content.slice(EXPORT_MARKER_HTML.length);
  if (content.startsWith(`---\n${EXPORT_MARKER_YAML}\n`)) return `---\n${exportMarkerYaml(sources)}${content.slice(4 + EXPORT_MARKER_YAML.length)}`;
  return content;
}

/**
 * A plain Markdown body without the HTML marker line it starts with (the read side: the
 * marker never reaches a rule's text), a UTF-8 BOM before it included, as {@link
 * readExportMarker} reads it; any other body unchanged.
 */
export function withoutExportMarker(body: string): string {
  if (readExportMarker(body)?.shape !== "html") return body;
  const end = body.indexOf("\n");
  return end === -1 ? "" : body.slice(end + 1).trim();
}

/** The sources a marker's words name, or `undefined` when the words are not a marker. */
function sourcesOf(words: string): string[] | undefined {
  if (!words.startsWith(EXPORT_MARKER)) return undefined;
  const rest = words.slice(EXPORT_MARKER.length);
  if (rest.startsWith(";") || rest === "") return [];
  if (!rest.startsWith(" from ")) return undefined;
  return parseMarkerSources(rest.slice(" from ".length));
}

/**
 * The line starting at `start` (without its `\r\n` or `\n`, nor spaces at its end) and where the
 * next begins (past the end after the last line); `undefined` past the end or for a line too
 * long to be a marker. Spaces at its start stay: a marker starts its line, as writers write it
 * and as the read side looks for it.
 */
function lineAt(text: string, start: number): { line: string; next: number } | undefined {
  if (start >= text.length) return undefined;
  const end = text.indexOf("\n", start);
  const stop = end === -1 ? text.length : end;
  if (stop - start > MAX_MARKER_LINE) return undefined;
  const line = text.slice(start, stop).replace(/\r$/, "").trimEnd();
  return { line, next: stop + 1 };
}
