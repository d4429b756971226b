import { type CodeRange, normalizeRanges } from "./regex-ast.js";

/** The characters that compare equal to another one, and for each gap between them the classes that span it. */
interface CaseTable {
  /** Every character with a case partner, sorted. */
  points: number[];
  /** The members of the class of `points[i]`. */
  classOf: number[][];
  /** `spanning[i]`: the classes with a member below `points[i]` and one at or above it. */
  spanning: number[][][];
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
  const { points, classOf, spanning } = caseTable();
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
    for (const members of spanning[first] ?? []) if (members.some((m) => m >= lo && m <= hi)) addClassOf(members);
    for (const members of spanning[last] ?? []) if (members.some((m) => m >= lo && m <= hi)) addClassOf(members);
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
  const spanning: number[][][] = points.map(() => []);
  spanning.push([]);
  for (const members of classes) {
    const from = lowerBound(points, Math.min(...members));
    const to = lowerBound(points, Math.max(...members));
    for (let i = from + 1; i <= to; i++) (spanning[i] as number[][]).push(members);
  }
  table = { points, classOf, spanning };
  return table;
}

// The characters that compare equal to at least one other, grouped by canonical form. Without the
// u flag JavaScript compares UTF-16 code units, so only the Basic Multilingual Plane takes part. A
// character's canonical form differs from it only if uppercasing changes it.
function caseClasses(): number[][] {
  const changesWhenUppercased = /\p{Changes_When_Uppercased}/u;
  const byCanonical = new Map<number, number[]>();
  for (let unit = 0; unit <= 0xffff; unit++) {
    const char = String.fromCharCode(unit);
    if (!changesWhenUppercased.test(char)) continue;
    const upper = char.toUpperCase();
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
