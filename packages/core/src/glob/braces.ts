/** Deepest `{…}` nesting a glob may use. */
export const MAX_GLOB_BRACE_DEPTH = 4;
/** Most patterns one glob may expand to through `{a,b}` sets and `{1..9}` ranges. */
export const MAX_GLOB_ALTERNATIVES = 64;

/** The patterns a glob's braces expand to, or why the glob is refused. */
export type BraceExpansion = { patterns: string[] } | { problem: string };

interface Group {
  start: number;
  end: number;
  alternatives: string[];
}

/**
 * Expands `{a,b}` sets (nested, empty members allowed) and `{1..3}` / `{a..c}` ranges into
 * plain patterns, escapes (`\{`) kept for the tokenizer. A brace without a top-level comma
 * or range (`{a}`) and an unclosed one are literal text, as in picomatch. Refused past
 * {@link MAX_GLOB_BRACE_DEPTH} or {@link MAX_GLOB_ALTERNATIVES}, before anything is built
 * that large.
 */
export function expandBraces(glob: string): BraceExpansion {
  const problem = checkDepth(glob);
  if (problem !== undefined) return { problem };
  const patterns = expand(glob);
  if (patterns === undefined) return { problem: `its braces expand to more than ${MAX_GLOB_ALTERNATIVES} patterns` };
  return { patterns };
}

function expand(text: string): string[] | undefined {
  const group = findGroup(text, 0);
  if (!group) return [text];
  const prefix = text.slice(0, group.start);
  const rest = expand(text.slice(group.end + 1));
  if (rest === undefined) return undefined;
  const out: string[] = [];
  for (const alternative of group.alternatives) {
    const inner = expand(alternative);
    if (inner === undefined) return undefined;
    for (const head of inner) {
      for (const tail of rest) {
        if (out.length === MAX_GLOB_ALTERNATIVES) return undefined;
        out.push(prefix + head + tail);
      }
    }
  }
  return out;
}

/** The first brace group at or after `from` that expands (a set with a comma, or a range). */
function findGroup(text: string, from: number): Group | undefined {
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === "\\") {
      i++;
      continue;
    }
    if (c !== "{") continue;
    const end = closingBrace(text, i);
    if (end === -1) return undefined;
    const body = text.slice(i + 1, end);
    const members = splitTopLevel(body);
    if (members.length > 1) return { start: i, end, alternatives: members };
    const range = expandRange(body);
    if (range) return { start: i, end, alternatives: range };
  }
  return undefined;
}

function closingBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === "\\") i++;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return i;
  }
  return -1;
}

function splitTopLevel(body: string): string[] {
  const members: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === "\\") i++;
    else if (c === "{") depth++;
    else if (c === "}") depth--;
    else if (c === "," && depth === 0) {
      members.push(body.slice(start, i));
      start = i + 1;
    }
  }
  members.push(body.slice(start));
  return members;
}

function expandRange(body: string): string[] | undefined {
  const numeric = /^(-?\d{1,6})\.\.(-?\d{1,6})(?:\.\.(-?\d{1,6}))?$/.exec(body);
  const letters = /^([a-zA-Z])\.\.([a-zA-Z])(?:\.\.(-?\d{1,6}))?$/.exec(body);
  const match = numeric ?? letters;
  if (!match) return undefined;
  const [, start = "", end = "", stepText] = match;
  const from = numeric ? Number(start) : start.charCodeAt(0);
  const to = numeric ? Number(end) : end.charCodeAt(0);
  const size = Math.abs(Number(stepText ?? 1)) || 1;
  const step = from <= to ? size : -size;
  // `{01..10}` pads every number to the wider end, as bash and picomatch do.
  const width = numeric && /^-?0\d/.test(start + end) ? Math.max(start.length, end.length) : 0;
  const out: string[] = [];
  // One past the limit is enough for expand() to refuse the glob.
  for (let v = from; step > 0 ? v <= to : v >= to; v += step) {
    out.push(numeric ? String(v).padStart(width, "0") : String.fromCharCode(v));
    if (out.length > MAX_GLOB_ALTERNATIVES) break;
  }
  return out;
}

function checkDepth(glob: string): string | undefined {
  let depth = 0;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === "\\") i++;
    else if (c === "{" && ++depth > MAX_GLOB_BRACE_DEPTH) return `its braces nest deeper than ${MAX_GLOB_BRACE_DEPTH} levels`;
    else if (c === "}" && depth > 0) depth--;
  }
  return undefined;
}
