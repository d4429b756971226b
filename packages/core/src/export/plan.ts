import type { ExportFile, ExportLoss } from "./types.js";
import type { Provider } from "../provider/provider.js";
import type { Rule } from "../rule/types.js";

/** What {@link planExport} returns: every file to write, and every loss per rule and target. */
export interface ExportPlan {
  /** Sorted by path. */
  files: ExportFile[];
  losses: ExportLoss[];
}

/**
 * Plans an export of `rules` to each target (pure: no I/O): the files each target's tool
 * would read them from, and what each target cannot express (docs/behaviour.md#export).
 * Throws, naming it, for a target without a write side or two targets writing one path.
 */
export function planExport(rules: readonly Rule[], targets: readonly Provider[]): ExportPlan {
  const files: ExportFile[] = [];
  const losses: ExportLoss[] = [];
  const owner = new Map<string, string>();
  for (const target of targets) {
    if (typeof target.write !== "function") throw new TypeError(`provider "${target.id}" cannot write rules (it has no write side)`);
    const output = target.write(rules);
    for (const file of output.files) {
      const other = owner.get(file.path);
      if (other !== undefined) throw new Error(`providers "${other}" and "${target.id}" both write ${file.path}`);
      owner.set(file.path, target.id);
      files.push(file);
    }
    losses.push(...output.losses);
  }
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files, losses };
}
