/** A rule for the oracle: its name and the patterns the engine accepted, as JavaScript sources. */
export interface OracleRule {
  name: string;
  patterns: string[];
}

/** What the oracle says fires: the same fields as a firing, plus where the match ends. */
export interface OracleFiring {
  rule: string;
  offset: number;
  match: string;
  truncated: boolean;
  end: number;
}

/**
 * The documented semantics, computed by brute force with V8's own RegExp over the whole text of an
 * ended stream: a rule fires at the smallest end `e` of any match of any of its patterns; the offset
 * is the smallest start `s >= e - maxMatchLength` of a match ending at `e` (or `e - maxMatchLength`,
 * truncated, when every such match is longer). Only for short texts and tame patterns: it tries every
 * (start, end) pair on a backtracking engine.
 */
export function onePassFirings(text: string, rules: readonly OracleRule[], maxMatchLength: number): OracleFiring[] {
  const firings: OracleFiring[] = [];
  for (const rule of rules) {
    const matchers = rule.patterns.map((source) => exactMatcher(source, text));
    for (let end = 1; end <= text.length && !firings.some((f) => f.rule === rule.name); end++) {
      const starts: number[] = [];
      for (let start = 0; start < end; start++) if (matchers.some((matches) => matches(start, end))) starts.push(start);
      if (starts.length === 0) continue;
      const from = Math.max(0, end - maxMatchLength);
      const offset = starts.find((start) => start >= from);
      const at = offset ?? from;
      firings.push({ rule: rule.name, offset: at, match: text.slice(at, end), truncated: offset === undefined, end });
    }
  }
  return firings;
}

// Does the pattern match exactly text[start, end), with the rest of the text around it as context?
function exactMatcher(source: string, text: string): (start: number, end: number) => boolean {
  const caseInsensitive = source.startsWith("(?i)");
  const body = caseInsensitive ? source.slice(4) : source;
  const byEnd = new Map<number, RegExp>();
  return (start, end) => {
    let regex = byEnd.get(end);
    if (!regex) {
      regex = new RegExp(`(?:${body})(?=[^]{${text.length - end}}$)`, caseInsensitive ? "iy" : "y");
      byEnd.set(end, regex);
    }
    regex.lastIndex = start;
    return regex.test(text);
  };
}
