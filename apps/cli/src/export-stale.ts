import { join, relative, sep } from "node:path";
import { type ExportFile, type Provider, type Rule, loadRules } from "@rulebook/core";
import { type PlannedFile, readMarkedFile } from "./export-disk.js";

/** Where a load runs. */
interface Where {
  cwd: string;
  root: string;
  home: string;
}

/**
 * Files export wrote earlier that this plan no longer writes (docs/behaviour.md#export): each
 * target's own locations are read with that target alone, and a marked file there is stale when
 * the target would write what it read back to the same path (it is the target's file, not
 * another tool's it happens to read, as Zed reads AGENTS.md) and its rule is gone: none of its
 * sources exists any more, or a source it names is one this export reads and writes elsewhere.
 * A copy of sources this export does not read (`--from` another tool) is left alone.
 */
export async function staleFiles(
  where: Where,
  targets: readonly Provider[],
  planned: readonly ExportFile[],
  exported: readonly Rule[],
): Promise<PlannedFile[]> {
  const taken = new Set(planned.map((f) => f.path));
  const read = new Set(exported.map((rule) => projectPath(where.root, rule.path)));
  const stale: PlannedFile[] = [];
  for (const target of targets) {
    const loaded = await loadRules([target], where);
    const candidates = [
      ...loaded.copies.map((c) => ({ rule: c.rule, sources: c.sources })),
      ...[...loaded.rules, ...loaded.duplicates.map((d) => d.rule)].map((rule) => ({ rule, sources: undefined })),
    ];
    for (const { rule, sources } of candidates) {
      if (rule.source.level !== "project") continue;
      const path = projectPath(where.root, rule.path);
      if (path.startsWith("../") || taken.has(path)) continue;
      // A copy whose sources this export does not read belongs to another export.
      if (sources !== undefined && !sources.some((s) => read.has(s))) continue;
      const before = readMarkedFile(join(where.root, ...path.split("/")));
      if (before === undefined || target.write === undefined) continue;
      if (!target.write([rule]).files.some((f) => f.path === path)) continue;
      taken.add(path);
      stale.push({ path, target: target.id, rules: [rule.name], status: "delete", reason: "stale", before: Buffer.from(before, "utf8") });
    }
  }
  return stale.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The rules an export reads: every one but those read from a file export wrote (export never reads its own output). */
export function exportSourceRules(root: string, rules: readonly Rule[]): Rule[] {
  return rules.filter((rule) => rule.source.level !== "project" || readMarkedFile(rule.path) === undefined || !inside(root, rule.path));
}

function inside(root: string, path: string): boolean {
  return !projectPath(root, path).startsWith("../");
}

function projectPath(root: string, path: string): string {
  return relative(root, path).split(sep).join("/");
}
