import { type RuleFolderFormat, writeAsAlways, writeRuleFolder } from "./files.js";
import type { Lose, PreparedRule } from "./rule.js";
import type { ExportOutput } from "./types.js";
import { type ExportValue, globListValue } from "./yaml.js";
import type { Rule } from "../rule/types.js";

/**
 * The frontmatter of a rule in the `description` / `globs` / `alwaysApply` format (Cursor's,
 * also Trae's): the write-side twin of the core's default fields; nothing of them is a manual rule.
 */
export function alwaysApplyFields({ rule }: PreparedRule): Record<string, ExportValue | undefined> {
  return { description: rule.description, globs: rule.globs ? globListValue(rule.globs) : undefined, alwaysApply: rule.alwaysApply };
}

/**
 * The frontmatter of a rule in a `paths` format (Claude Code's `.claude/rules`, Qwen Code's
 * `.qwen/rules`): attached by `paths` globs, or always applied without them; a rule read on
 * demand becomes always applied, a manual one is not written, and descriptions are lost (all reported).
 */
export function pathsFields({ rule, activation }: PreparedRule, lose: Lose, tool: string): Record<string, ExportValue | undefined> | undefined {
  if (activation !== "globs" && !writeAsAlways(activation, tool, lose)) return undefined;
  if (activation !== "globs" && rule.globs) lose("globs", "info", "a rule applied otherwise than by its globs is written without paths");
  if (rule.description) lose("description", "info", `${tool} reads no description in its rule files`);
  return { paths: activation === "globs" ? rule.globs : undefined };
}

/** A format of always-applied plain Markdown rules in `<base>/rules/`, or `<base>/rules-<mode>/` for a rule of one mode. */
export interface ModeFoldersFormat extends Pick<RuleFolderFormat, "target"> {
  /** The tool's folder at the project root, e.g. `.roo`. */
  base: string;
  /** The tool's name, for losses. */
  tool: string;
  /** The tool reads a `paths` frontmatter list and attaches the rule by it (Kilo Code 7); default false. */
  paths?: boolean;
  /** The tool reads only the files directly in its rule folders (Kilo Code 7): a name's folders become `-`. */
  flat?: boolean;
}

/**
 * Writes rules as Roo Code does (and Kilo Code, its fork): plain Markdown in `<base>/rules/`,
 * or `<base>/rules-<mode>/` for a rule limited to one mode, read back as `rules-<mode>/<name>`;
 * every rule is always applied (or, with `paths`, attached by a `paths` list), so others are
 * written as such (reported) and manual ones are not.
 */
export function writeModeFolders(rules: readonly Rule[], format: ModeFoldersFormat): ExportOutput {
  const modeOf = (rule: Rule) => rule.modes?.[0];
  const inFolder = (rule: Rule, name: string) => {
    const prefix = `rules-${modeOf(rule)}/`;
    return modeOf(rule) !== undefined && name.startsWith(prefix) ? name.slice(prefix.length) : name;
  };
  const fileNameOf = (rule: Rule, name: string) => (format.flat ? inFolder(rule, name).replaceAll("/", "-") : inFolder(rule, name));
  return writeRuleFolder(rules, {
    target: format.target,
    nested: false,
    globs: format.paths === true,
    modes: true,
    folder: ({ rule }) => (modeOf(rule) !== undefined ? `${format.base}/rules-${modeOf(rule)}` : `${format.base}/rules`),
    fileName: ({ rule, name }) => fileNameOf(rule, name),
    extension: ".md",
    fields: ({ rule, name, activation }, lose) => {
      const file = fileNameOf(rule, name);
      if (inFolder(rule, name) !== file) {
        lose("name", "info", `${format.tool} reads only the files directly in its rule folder; written as "${file}.md", read back as "${file}"`);
      }
      const [mode, ...more] = rule.modes ?? [];
      if (more.length > 0) lose("modes", "warning", `${format.tool} limits a rule to one mode by its folder; written for ${mode} only`);
      else if (mode !== undefined && !rule.name.startsWith(`rules-${mode}/`))
        lose("name", "info", `${format.tool} names a mode rule after its folder: read back as "rules-${mode}/…"`);
      if (rule.description) lose("description", "info", `a ${format.tool} rule file is plain Markdown without a description`);
      if (format.paths && activation === "globs") return { paths: rule.globs };
      if (!writeAsAlways(activation, format.tool, lose, rule)) return undefined;
      return null;
    },
  });
}
