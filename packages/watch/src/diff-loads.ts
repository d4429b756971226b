import type { LoadResult, Rule } from "@rulebook/core";

/** What differs between two loads, by rule name. */
export interface LoadDiff {
  /** Names of winning rules only in the new load, in its precedence order. */
  added: string[];
  /** Names of winning rules only in the old load, in its precedence order. */
  removed: string[];
  /** Names in both whose winner differs (path, provider, content or any field), in the new order. */
  changed: string[];
  /** True when the diagnostics differ. */
  diagnosticsChanged: boolean;
}

/** Compares two loads by the names of their winning rules. */
export function diffLoads(before: LoadResult, after: LoadResult): LoadDiff {
  const old = new Map(before.rules.map((rule) => [rule.name, rule]));
  const now = new Map(after.rules.map((rule) => [rule.name, rule]));
  const added: string[] = [];
  const changed: string[] = [];
  for (const [name, rule] of now) {
    const was = old.get(name);
    if (!was) added.push(name);
    else if (fingerprint(was) !== fingerprint(rule)) changed.push(name);
  }
  const removed = [...old.keys()].filter((name) => !now.has(name));
  const diagnosticsChanged = JSON.stringify(before.diagnostics) !== JSON.stringify(after.diagnostics);
  return { added, removed, changed, diagnosticsChanged };
}

/** True when the diff has anything to report. */
export function isEmptyDiff(diff: LoadDiff): boolean {
  return diff.added.length === 0 && diff.removed.length === 0 && diff.changed.length === 0 && !diff.diagnosticsChanged;
}

function fingerprint(rule: Rule): string {
  const { name, path, content, description, globs, alwaysApply, condition, scope, modes, source } = rule;
  return JSON.stringify([name, path, content, description, globs, alwaysApply, condition, scope, modes, source.provider, source.level]);
}
