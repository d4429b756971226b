/**
 * The patterns of an ignore file, as git reads them: a UTF-8 BOM skipped, lines split at `\n`
 * with a `\r` before it dropped, blank lines and lines starting with `#` skipped, trailing spaces
 * removed unless escaped with `\`.
 */
export function parseIgnoreFile(text: string): string[] {
  const lines: string[] = [];
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  for (let start = 0; start < body.length; ) {
    let end = body.indexOf("\n", start);
    if (end === -1) end = body.length;
    let line = body.slice(start, end);
    start = end + 1;
    if (line === "" || line[0] === "#") continue;
    // git drops a `\r` before every `\n`, and it adds a `\n` after a last line without one.
    if (line.endsWith("\r")) line = line.slice(0, -1);
    lines.push(trimTrailingSpaces(line));
  }
  return lines;
}

/** git's `trim_trailing_spaces`: spaces (not tabs) at the end go, unless the first of them is escaped. */
function trimTrailingSpaces(line: string): string {
  let lastSpace = -1;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === " ") {
      if (lastSpace === -1) lastSpace = i;
    } else if (c === "\\") {
      i++;
      if (i >= line.length) return line;
      lastSpace = -1;
    } else lastSpace = -1;
  }
  return lastSpace === -1 ? line : line.slice(0, lastSpace);
}
