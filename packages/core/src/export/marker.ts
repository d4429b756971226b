/** The words that mark a file as written by `rulebook export`; a file without them is a person's. */
export const EXPORT_MARKER = "written by rulebook export";

/** The marker as a YAML comment, for the frontmatter of formats that have one. */
export const EXPORT_MARKER_YAML = `# ${EXPORT_MARKER}; edit the source rules and export again`;

/** The marker as an HTML comment, the first line of plain Markdown formats. */
export const EXPORT_MARKER_HTML = `<!-- ${EXPORT_MARKER}; edit the source rules and export again -->`;

/** True when `text` (a file's first lines) carries the export marker. */
export function hasExportMarker(text: string): boolean {
  const head = text.slice(0, 2048).split(/\r?\n/, 8);
  return head.some((line) => line.trim() === EXPORT_MARKER_YAML || line.trim() === EXPORT_MARKER_HTML);
}

/** `content` without the HTML marker line, for comparing a plain file's body with its source. */
export function withoutExportMarker(content: string): string {
  return content.startsWith(EXPORT_MARKER_HTML) ? content.slice(EXPORT_MARKER_HTML.length).trim() : content;
}
