/** An `@path` reference found in a text. */
export interface ImportToken {
  start: number;
  end: number;
  spec: string;
  line: number;
  /** 1-based column in code points; computed on demand (only reported tokens need it). */
  column(): number;
  /** Written like a path (`./x`, `~/x`, `x.md`): a missing file is worth a warning. */
  pathLike: boolean;
}

const TOKEN = /(?<=^|\s)@([^\s`]+)/g;
const TRAILING = /[.,;:!?)\]}>'"*_]+$/;
const PATH_PREFIX = /^(?:\.{1,2}\/|~\/|\/)/;
const EXTENSION = /\.[A-Za-z0-9]{1,10}$/;
const BARE = /^[\w.-]+(?:\/[\w.-]+)*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * The `@path` references of a Markdown text outside fenced code blocks and inline code spans,
 * as Claude Code and Gemini CLI read them: `@` at the start of a word (never an e-mail),
 * trailing punctuation dropped. Stops after `max` references.
 */
export function findImportTokens(text: string, firstLine = 1, max = Number.POSITIVE_INFINITY): ImportToken[] {
  const tokens: ImportToken[] = [];
  let fence: string | undefined;
  let lineStart = 0;
  for (let index = 0; lineStart <= text.length; index++) {
    const newline = text.indexOf("\n", lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    const line = text.slice(lineStart, lineEnd);
    const opened = FENCE.exec(line)?.[1];
    if (fence !== undefined) {
      if (opened && opened[0] === fence[0] && opened.length >= fence.length && line.trim() === opened) fence = undefined;
    } else if (opened && !(opened[0] === "`" && line.slice(line.indexOf(opened) + opened.length).includes("`"))) {
      fence = opened;
    } else {
      for (const token of lineTokens(line, max - tokens.length)) {
        tokens.push({ ...token, start: lineStart + token.start, end: lineStart + token.end, line: firstLine + index });
      }
    }
    if (newline === -1 || tokens.length >= max) break;
    lineStart = newline + 1;
  }
  return tokens;
}

function lineTokens(line: string, max: number): Array<Omit<ImportToken, "line">> {
  if (!line.includes("@")) return [];
  const spans = codeSpans(line);
  const found: Array<Omit<ImportToken, "line">> = [];
  let span = 0;
  for (const match of line.matchAll(TOKEN)) {
    const start = match.index;
    while (span < spans.length && (spans[span] as [number, number])[1] <= start) span++;
    if (span < spans.length && (spans[span] as [number, number])[0] <= start) continue;
    const spec = (match[1] as string).replace(TRAILING, "");
    if (spec === "" || spec.includes("@") || spec.includes("://") || spec === "~" || spec.endsWith("/")) continue;
    const last = spec.slice(spec.lastIndexOf("/") + 1);
    const pathLike = PATH_PREFIX.test(spec) || EXTENSION.test(last);
    if (!pathLike && !BARE.test(spec)) continue;
    const column = () => [...line.slice(0, start)].length + 1;
    found.push({ start, end: start + 1 + spec.length, spec, column, pathLike });
    if (found.length >= max) break;
  }
  return found;
}

/**
 * The [start, end) ranges of inline code spans in one line, in order: a run of N backticks up
 * to the next run of exactly N (linear: each run knows the next run of its length).
 */
function codeSpans(line: string): Array<[number, number]> {
  if (!line.includes("`")) return [];
  const runs = [...line.matchAll(/`+/g)];
  const nextSame = new Array<number>(runs.length).fill(-1);
  const lastOfLength = new Map<number, number>();
  for (let i = runs.length - 1; i >= 0; i--) {
    const length = (runs[i] as RegExpExecArray)[0].length;
    nextSame[i] = lastOfLength.get(length) ?? -1;
    lastOfLength.set(length, i);
  }
  const spans: Array<[number, number]> = [];
  for (let i = 0; i < runs.length; i++) {
    const close = nextSame[i] as number;
    if (close === -1) continue;
    const open = runs[i] as RegExpExecArray;
    const end = runs[close] as RegExpExecArray;
    spans.push([open.index, end.index + end[0].length]);
    i = close;
  }
  return spans;
}
