import { EXPORT_MARKER_HTML, EXPORT_MARKER_YAML } from "./marker.js";
import { type ExportActivation, type Lose, type PreparedRule, type TargetAbilities, prepareRule } from "./rule.js";
import type { ExportFile, ExportLoss, ExportOutput } from "./types.js";
import { type ExportValue, globListValue, serializeFrontmatter } from "./yaml.js";
import type { Rule } from "../rule/types.js";

/** A format with one file per rule in a rule folder (`.cursor/rules/<name>.mdc`). */
export interface RuleFolderFormat extends TargetAbilities {
  /** The rule folder inside the folder it governs, e.g. `.cursor/rules`. */
  folder: string | ((rule: PreparedRule) => string);
  extension: string;
  /** The file's path inside the rule folder, without the extension (default the rule's name there). */
  fileName?(rule: PreparedRule): string;
  /** Subfolders of the rule folder the tool never reads (Cline's `workflows`, `hooks`): a file there is written beside them instead. */
  skipped?: readonly string[];
  /**
   * The frontmatter of a rule, or `null` for a plain Markdown file without one, or
   * `undefined` when the rule is not written (after reporting why with `lose`).
   */
  fields(rule: PreparedRule, lose: Lose): Record<string, ExportValue | undefined> | null | undefined;
}

/** Writes one file per rule in `format`'s folder, with the marker and every loss reported. */
export function writeRuleFolder(rules: readonly Rule[], format: RuleFolderFormat): ExportOutput {
  const files: ExportFile[] = [];
  const losses: ExportLoss[] = [];
  const taken = new Set<string>();
  for (const source of rules) {
    const lose: Lose = (part, severity, message) => losses.push({ rule: source.name, target: format.target, part, severity, message });
    const prepared = prepareRule(source, format, lose);
    if (!prepared) continue;
    const fields = format.fields(prepared, lose);
    if (fields === undefined) continue;
    const ruleFolder = typeof format.folder === "string" ? format.folder : format.folder(prepared);
    const base = [prepared.folder, ruleFolder].filter((p) => p !== "").join("/");
    let stem = format.fileName ? format.fileName(prepared) : prepared.name;
    if (format.skipped?.includes(stem.split("/")[0] ?? "") && stem.includes("/")) {
      const flat = stem.replace("/", "-");
      lose(
        "name",
        "info",
        `${format.target} does not read ${ruleFolder}/${stem.split("/")[0]}/; written as ${flat}${format.extension}, read back as "${flat}"`,
      );
      stem = flat;
    }
    let path = `${base}/${stem}${format.extension}`;
    for (let n = 2; taken.has(path.toLowerCase()); n++) path = `${base}/${stem}-${n}${format.extension}`;
    if (!path.endsWith(`/${stem}${format.extension}`)) lose("name", "info", `another rule has the same file name; written as ${path}`);
    taken.add(path.toLowerCase());
    const body = prepared.rule.content.trim();
    const content = fields === null ? `${EXPORT_MARKER_HTML}\n\n${body}\n` : `${serializeFrontmatter(fields, EXPORT_MARKER_YAML)}\n${body}\n`;
    files.push({ path, content, target: format.target, rules: [source.name] });
  }
  return { files, losses };
}

/** A format with one plain Markdown file per folder (`AGENTS.md`), read as the rule `name`. */
export interface SingleFileFormat extends TargetAbilities {
  /** The file inside the folder it governs, e.g. `AGENTS.md`. */
  file: string;
  /** The rule name the target's reader gives the file at the root, e.g. `AGENTS`. */
  name: string;
}

/**
 * Writes every rule into one always-applied file per folder: one rule is the file's whole
 * body, several become `## <name>` sections (a reported loss); a rule applied otherwise is
 * written as always-applied (a warning), a manual one is not written (a warning).
 */
export function writeSingleFile(rules: readonly Rule[], format: SingleFileFormat): ExportOutput {
  const losses: ExportLoss[] = [];
  const groups = new Map<string, { rule: Rule; prepared: PreparedRule; lose: Lose }[]>();
  for (const source of rules) {
    const lose: Lose = (part, severity, message) => losses.push({ rule: source.name, target: format.target, part, severity, message });
    const prepared = prepareRule(source, { ...format, globs: false }, lose);
    if (!prepared) continue;
    if (!writeAsAlways(prepared.activation, format.target, lose, prepared.rule)) continue;
    if (prepared.rule.description) lose("description", "info", `${format.file} has no description; written without it`);
    const group = groups.get(prepared.folder) ?? [];
    group.push({ rule: source, prepared, lose });
    groups.set(prepared.folder, group);
  }
  const files: ExportFile[] = [];
  for (const [folder, group] of [...groups].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const fileName = folder ? `${folder}/${format.name}` : format.name;
    const only = group.length === 1 ? group[0] : undefined;
    if (only) {
      if (only.rule.name !== fileName) only.lose("name", "info", `${format.target} reads ${format.file} as the rule "${fileName}"`);
    } else {
      for (const g of group)
        g.lose("section", "info", `written as the section "## ${g.prepared.name}" of ${format.file}, read back as part of "${fileName}"`);
    }
    const body = only
      ? only.prepared.rule.content.trim()
      : group.map((g) => `## ${g.prepared.name}\n\n${g.prepared.rule.content.trim()}`).join("\n\n");
    const path = folder ? `${folder}/${format.file}` : format.file;
    files.push({ path, content: `${EXPORT_MARKER_HTML}\n\n${body}\n`, target: format.target, rules: group.map((g) => g.rule.name) });
  }
  return { files, losses };
}

/**
 * For formats whose every rule is always applied: true when the rule is written (as always),
 * after reporting a change; given the rule, globs it keeps beside another activation are
 * reported as dropped too.
 */
export function writeAsAlways(activation: ExportActivation, target: string, lose: Lose, rule?: Rule): boolean {
  if (activation === "manual") {
    lose("rule", "warning", `${target} has no manual rules (read only by name); not written`);
    return false;
  }
  const globs = rule?.globs?.join(", ");
  if (activation === "globs")
    lose(
      "activation",
      "warning",
      `${target} has no rules attached by globs; written as always applied, for every file${globs ? ` (not only ${globs})` : ""}`,
    );
  else if (globs) lose("globs", "info", `${target} has no globs; written without ${globs}`);
  if (activation === "description") lose("activation", "warning", `${target} has no rules read on demand by description; written as always applied`);
  return true;
}

/**
 * The frontmatter of a rule in Windsurf's `trigger` format (also Antigravity's), the write-side
 * twin of `triggerKeyMap`: `always_on`, `glob` (with `globs`), `model_decision` (with
 * `description`; globs an always or described rule also has are lost) or `manual`.
 */
export function triggerFields({ rule, activation }: PreparedRule, lose: Lose): Record<string, ExportValue | undefined> {
  switch (activation) {
    case "always":
      if (rule.globs) lose("globs", "info", "an always_on rule has no globs");
      return { trigger: "always_on", description: rule.description };
    case "description":
      if (rule.globs) lose("globs", "info", "a model_decision rule has no globs");
      return { trigger: "model_decision", description: rule.description };
    case "globs":
      return { trigger: "glob", globs: rule.globs ? globListValue(rule.globs) : undefined };
    default:
      return { trigger: "manual" };
  }
}
