import { type CodeRange, normalizeRanges } from "./regex-ast.js";

let foldClasses: number[][] | undefined;

/**
 * Closes a set of characters under JavaScript's case-insensitive comparison without the `u` flag:
 * the result holds every character whose canonical form (ECMAScript `Canonicalize`) equals that of
 * a member. Applying it while translating keeps `(?i)` patterns exact: RE2's own case folding
 * differs on characters such as U+017F and U+212A.
 */
export function foldCase(ranges: readonly CodeRange[]): CodeRange[] {
  const sorted = normalizeRanges(ranges);
  const added: CodeRange[] = [];
  for (const members of caseClasses()) {
    if (members.some((member) => contains(sorted, member))) for (const member of members) added.push([member, member]);
  }
  return added.length === 0 ? sorted : normalizeRanges([...sorted, ...added]);
}

// The characters that compare equal to at least one other, grouped by canonical form. Without the
// u flag JavaScript compares UTF-16 code units, so only the Basic Multilingual Plane takes part. A
// character's canonical form differs from it only if uppercasing changes it.
function caseClasses(): number[][] {
  if (foldClasses) return foldClasses;
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
  foldClasses = [...byCanonical.values()];
  return foldClasses;
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
