import { withExportSources } from "./marker.js";
import type { ExportFile, ExportLoss } from "./types.js";
import type { Provider } from "../provider/provider.js";
import type { Rule } from "../rule/types.js";

/** A rule a target already reads from its own file: left where it is, nothing is written for it. */
export interface InPlaceRule {
  rule: string;
  target: string;
}

/** What {@link planExport} returns: every file to write, and every loss per rule and target. */
export interface ExportPlan {
  /** Sorted by path; each names its sources (project-relative) in `sources` and in its marker. */
  files: ExportFile[];
  losses: ExportLoss[];
  /** Rules whose source is already a file of the target tool (docs/behaviour.md#export). */
  inPlace: InPlaceRule[];
}

/** Options of {@link planExport}. */
export interface ExportPlanOptions {
  /**
   * The absolute project root the rules' paths are under: each file's marker names its sources
   * relative to it, and a file that is itself a rule's source is never written over.
   */
  root?: string;
  /**
   * The load's content duplicates: a rule is in place for a target that already reads a copy of
   * its text (a `.clinerules` identical to the `.windsurfrules` that won), so no tool gets a text twice.
   */
  duplicates?: ReadonlyArray<{ rule: Rule; duplicateOf: Rule }>;
}

/**
 * Plans an export of `rules` to each target (pure: no I/O): the files each target's tool
 * would read them from, and what each target cannot express (docs/behaviour.md#export). A rule
 * the target's own provider read is left alone; a planned file that is a rule's own source is
 * not written (a warning loss per rule it held). Throws, naming it, for a target without a
 * write side or two targets writing one path.
 */
export function planExport(rules: readonly Rule[], targets: readonly Provider[], options: ExportPlanOptions = {}): ExportPlan {
  const files: ExportFile[] = [];
  const losses: ExportLoss[] = [];
  const inPlace: InPlaceRule[] = [];
  const owner = new Map<string, string>();
  const byName = new Map<string, Rule>();
  for (const rule of rules) if (!byName.has(rule.name)) byName.set(rule.name, rule);
  const relative = (rule: Rule) => projectPath(rule.path, options.root);
  const sourceFiles = new Map<string, string>();
  for (const rule of rules) sourceFiles.set(relative(rule), rule.name);
  for (const target of targets) {
    if (typeof target.write !== "function") throw new TypeError(`provider "${target.id}" cannot write rules (it has no write side)`);
    const copied = new Set((options.duplicates ?? []).filter((d) => d.rule.source.provider === target.id).map((d) => d.duplicateOf.name));
    const own = (rule: Rule) => rule.source.provider === target.id || copied.has(rule.name);
    const given = rules.filter((rule) => !own(rule));
    for (const rule of rules) if (own(rule)) inPlace.push({ rule: rule.name, target: target.id });
    const output = target.write(given);
    const unwritten = new Set<string>();
    const blocked: ExportLoss[] = [];
    for (const file of output.files) {
      const source = sourceFiles.get(file.path);
      if (source !== undefined) {
        for (const name of file.rules) {
          unwritten.add(name);
          const message = `not written: ${file.path} is the source file of "${source}", and export never writes over a source; move the rule's text there by hand, or export to another target`;
          blocked.push({ rule: name, target: target.id, part: "rule", severity: "warning", message });
        }
        continue;
      }
      const other = owner.get(file.path);
      if (other !== undefined) throw new Error(`providers "${other}" and "${target.id}" both write ${file.path}`);
      owner.set(file.path, target.id);
      const sources = [...new Set(file.rules.map((name) => byName.get(name)).flatMap((rule) => (rule ? [relative(rule)] : [])))];
      files.push({ ...file, content: withExportSources(file.content, sources), sources });
    }
    // What a writer said of how it wrote a rule that is not written at all would only mislead.
    losses.push(...output.losses.filter((loss) => !unwritten.has(loss.rule)));
    losses.push(...blocked);
  }
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files, losses, inPlace };
}

/** `path` relative to `root` with `/` separators when it is inside it, else as it is. */
function projectPath(path: string, root: string | undefined): string {
  const unix = path.replaceAll("\\", "/");
  if (root === undefined) return unix;
  const base = root.replaceAll("\\", "/").replace(/\/+$/, "");
  return unix.startsWith(`${base}/`) ? unix.slice(base.length + 1) : unix;
}
