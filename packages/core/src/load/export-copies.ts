import { isAbsolute, join } from "node:path";
import { createDiagnostic } from "../rule/diagnostics.js";
import type { RuleFs } from "../read/fs.js";
import { exportSourcesOf } from "../read/export-mark.js";
import type { Diagnostic, Rule } from "../rule/types.js";

/** A rule file `rulebook export` wrote whose source still exists: a copy, not loaded beside it. */
export interface ExportCopy {
  rule: Rule;
  /** The sources its marker names, project-relative as written. */
  sources: string[];
  /** The first of them that exists. */
  existing: string;
}

/**
 * Sets aside the project rules read from files export wrote while a source they name exists
 * (docs/behaviour.md#export): such a file is a copy, never a rule beside its source, each with
 * an `export-copy` info. A marked file none of whose sources exists is read as an ordinary
 * rule, with an `export-orphan` info.
 */
export async function setAsideExportCopies(
  candidates: readonly Rule[],
  context: { fs: RuleFs; root: string },
  diagnostics: Diagnostic[],
): Promise<{ rules: Rule[]; copies: ExportCopy[] }> {
  const rules: Rule[] = [];
  const copies: ExportCopy[] = [];
  for (const rule of candidates) {
    const sources = rule.source.level === "project" ? exportSourcesOf(rule) : undefined;
    if (sources === undefined || sources.length === 0) {
      rules.push(rule);
      continue;
    }
    const existing = await firstExisting(sources, rule.path, context);
    const where = { provider: rule.source.provider, path: rule.path };
    if (existing === undefined) {
      const message = `written by rulebook export from ${sources.join(", ")}, which is gone: read as an ordinary rule; the next export that writes this file deletes it (remove its marker line to keep it as a source)`;
      diagnostics.push(createDiagnostic("export-orphan", message, where));
      rules.push(rule);
      continue;
    }
    const message = `a copy rulebook export wrote from ${existing}: not loaded beside its source (edit the source and export again; remove the marker line to make this file a source)`;
    diagnostics.push(createDiagnostic("export-copy", message, where));
    copies.push({ rule, sources: [...sources], existing });
  }
  return { rules, copies };
}

/** The first of `sources` (project-relative) that exists, other than the marked file itself. */
async function firstExisting(sources: readonly string[], self: string, { fs, root }: { fs: RuleFs; root: string }): Promise<string | undefined> {
  for (const source of sources) {
    if (isAbsolute(source) || source.split("/").includes("..")) continue;
    const path = join(root, ...source.split("/"));
    if (path === self) continue;
    try {
      if ((await fs.stat(path)) !== undefined) return source;
    } catch {
      // A path that cannot be checked counts as gone: the file is then read, never hidden.
    }
  }
  return undefined;
}
