import { type ExportOutput, type Rule, writeModeFolders } from "@rulebook/core/provider";

/**
 * Writes rules as Kilo Code rule files (kilo.ai/docs/customize/custom-rules), as Roo Code's:
 * plain Markdown in `.kilocode/rules/` (which Kilo Code 5 and 7 both read), or
 * `.kilocode/rules-<mode>/` for a rule limited to one mode; a rule attached by globs gets a
 * `paths` list (Kilo Code 7's path-scoped rules), every other is always applied (others written
 * as such, reported) and manual ones are not written.
 */
export function writeKilocodeRules(rules: readonly Rule[]): ExportOutput {
  return writeModeFolders(rules, { target: "kilocode", base: ".kilocode", tool: "Kilo Code", paths: true, flat: true });
}
