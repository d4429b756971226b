import { type CodeRange, normalizeRanges } from "./regex-ast.js";

/** The characters that compare equal to another one, and where each class starts and ends among them. */
interface CaseTable {
  /** Every character with a case partner, sorted. */
  points: number[];
  /** The members of the class of `points[i]`. */
  classOf: number[][];
  /** Every class, with the index in `points` of its lowest and highest member. */
  classes: number[][];
  lowest: Int32Array;
  highest: Int32Array;
  /** `spanning(i)`, worked out the first time a range ends at `points[i]`. */
  spanningAt: Map<number, number[][]>;
}

let table: CaseTable | undefined;

/**
 * Closes a set of characters under JavaScript's case-insensitive comparison without the `u` flag:
 * the result holds every character whose canonical form (ECMAScript `Canonicalize`) equals that of
 * a member. Applying it while translating keeps `(?i)` patterns exact: RE2's own case folding
 * differs on characters such as U+017F and U+212A.
 */
export function foldCase(ranges: readonly CodeRange[]): CodeRange[] {
  const sorted = normalizeRanges(ranges);
  const cases = caseTable();
  const { points, classOf } = cases;
  const added: CodeRange[] = [];
  const addClassOf = (members: readonly number[]) => {
    if (members.some((member) => !contains(sorted, member))) for (const member of members) added.push([member, member]);
  };
  for (const [lo, hi] of sorted) {
    const first = lowerBound(points, lo);
    const last = lowerBound(points, hi + 1);
    // Only a class with members on both sides of a range end can add anything: a class wholly
    // inside the range is already in the set. So a large range costs no more than a small one.
    if (last - first <= 8) {
      for (let i = first; i < last; i++) addClassOf(classOf[i] as number[]);
      continue;
    }
    for (const members of spanning(cases, first)) if (members.some((m) => m >= lo && m <= hi)) addClassOf(members);
    for (const members of spanning(cases, last)) if (members.some((m) => m >= lo && m <= hi)) addClassOf(members);
  }
  return added.length === 0 ? sorted : normalizeRanges([...sorted, ...added]);
}

function caseTable(): CaseTable {
  if (table) return table;
  const classes = caseClasses();
  const memberClass = new Map<number, number[]>();
  for (const members of classes) for (const member of members) memberClass.set(member, members);
  const points = [...memberClass.keys()].sort((a, b) => a - b);
  const classOf = points.map((point) => memberClass.get(point) as number[]);
  const lowest = new Int32Array(classes.length);
  const highest = new Int32Array(classes.length);
  classes.forEach((members, c) => {
    lowest[c] = lowerBound(points, Math.min(...members));
    highest[c] = lowerBound(points, Math.max(...members));
  });
  table = { points, classOf, classes, lowest, highest, spanningAt: new Map() };
  return table;
}

// The classes with a member below `points[i]` and one at or above it. Worked out per index a
// pattern asks about (one pass over the ~1,100 classes), not for all ~2,300 indexes up front:
// that table has ~190,000 entries and cost every case-insensitive trigger ~30 ms at start-up.
function spanning(cases: CaseTable, i: number): number[][] {
  let found = cases.spanningAt.get(i);
  if (found) return found;
  found = [];
  for (let c = 0; c < cases.classes.length; c++) {
    if ((cases.lowest[c] as number) < i && i <= (cases.highest[c] as number)) found.push(cases.classes[c] as number[]);
  }
  cases.spanningAt.set(i, found);
  return found;
}

// The characters that compare equal to at least one other, grouped by canonical form. Without the
// u flag JavaScript compares UTF-16 code units, so only the Basic Multilingual Plane takes part. A
// character's canonical form differs from it only if uppercasing changes it (ECMAScript's
// Canonicalize is `toUppercase` itself, so no Unicode property test is needed first).
function caseClasses(): number[][] {
  const byCanonical = new Map<number, number[]>();
  for (let unit = 0; unit <= 0xffff; unit++) {
    const char = String.fromCharCode(unit);
    const upper = char.toUpperCase();
    if (upper === char) continue;
    const canonical = upper.length === 1 ? upper.charCodeAt(0) : unit;
    if (canonical === unit || (unit >= 128 && canonical < 128)) continue;
    const members = byCanonical.get(canonical);
    if (members) members.push(unit);
    else byCanonical.set(canonical, [canonical, unit]);
  }
  return [...byCanonical.values()];
}

// The index of the first element of `sorted` that is at least `value`.
function lowerBound(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// `ranges` must be sorted and disjoint.
function contains(ranges: readonly CodeRange[], code: number): boolean {
  let lo = 0;
  let hi = ranges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [from, to] = ranges[mid] as CodeRange;
    if (code < from) hi = mid - 1;
    else if (code > to) lo = mid + 1;
    else return true;
  }
  return false;
}
