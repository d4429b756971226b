// Above this many line pairs the diff shows the whole old and new text instead of aligning them.
const MAX_CELLS = 4_000_000;

/**
 * A unified diff (`--- a/<path>`, `+++ b/<path>`, `@@` hunks with three lines of context)
 * from `before` (absent for a new file) to `after`; empty when they are the same.
 */
export function unifiedDiff(path: string, before: string | undefined, after: string): string {
  if (before === after) return "";
  const a = splitLines(before ?? "");
  const b = splitLines(after);
  const ops = diffLines(a, b);
  const header = `--- ${before === undefined ? "/dev/null" : `a/${path}`}\n+++ b/${path}\n`;
  return header + hunks(ops, 3).join("");
}

type Op = { kind: " " | "-" | "+"; line: string; a: number; b: number };

function splitLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** Lines of `a` and `b` aligned on a longest common subsequence (after the common ends are cut off). */
function diffLines(a: readonly string[], b: readonly string[]): Op[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const ops: Op[] = [];
  for (let i = 0; i < start; i++) ops.push({ kind: " ", line: a[i] as string, a: i, b: i });
  const n = endA - start;
  const m = endB - start;
  if (n * m > MAX_CELLS) {
    for (let i = start; i < endA; i++) ops.push({ kind: "-", line: a[i] as string, a: i, b: start });
    for (let j = start; j < endB; j++) ops.push({ kind: "+", line: b[j] as string, a: endA, b: j });
  } else {
    // lengths[i][j]: the longest common subsequence of a[start+i..] and b[start+j..].
    const lengths = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
    for (let i = n - 1; i >= 0; i--) {
      const row = lengths[i] as Uint32Array;
      const below = lengths[i + 1] as Uint32Array;
      for (let j = m - 1; j >= 0; j--) {
        row[j] = a[start + i] === b[start + j] ? (below[j + 1] as number) + 1 : Math.max(below[j] as number, row[j + 1] as number);
      }
    }
    let i = 0;
    let j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && a[start + i] === b[start + j]) {
        ops.push({ kind: " ", line: a[start + i] as string, a: start + i, b: start + j });
        i++;
        j++;
      } else if (i < n && (j === m || ((lengths[i + 1] as Uint32Array)[j] as number) >= ((lengths[i] as Uint32Array)[j + 1] as number))) {
        ops.push({ kind: "-", line: a[start + i] as string, a: start + i, b: start + j });
        i++;
      } else {
        ops.push({ kind: "+", line: b[start + j] as string, a: start + i, b: start + j });
        j++;
      }
    }
  }
  for (let k = 0; k < a.length - endA; k++) ops.push({ kind: " ", line: a[endA + k] as string, a: endA + k, b: endB + k });
  return ops;
}

function hunks(ops: readonly Op[], context: number): string[] {
  const changes = ops.flatMap((op, k) => (op.kind === " " ? [] : [k]));
  const groups: [number, number][] = [];
  for (const k of changes) {
    const last = groups[groups.length - 1];
    if (last && k - last[1] <= 2 * context + 1) last[1] = k;
    else groups.push([k, k]);
  }
  return groups.map(([first, last]) => {
    const slice = ops.slice(Math.max(0, first - context), Math.min(ops.length, last + context + 1));
    const head = slice[0] as Op;
    const aCount = slice.filter((o) => o.kind !== "+").length;
    const bCount = slice.filter((o) => o.kind !== "-").length;
    const lines = slice.map((op) => `${op.kind}${op.line}\n`).join("");
    return `@@ -${aCount === 0 ? head.a : head.a + 1},${aCount} +${bCount === 0 ? head.b : head.b + 1},${bCount} @@\n${lines}`;
  });
}
