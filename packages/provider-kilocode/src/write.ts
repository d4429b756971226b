import { type ExportOutput, type Rule, writeModeFolders } from "@rulebook/core/provider";

/**
 * Writes rules as Kilo Code rule files (kilo.ai/docs/customize/custom-rules), as Roo Code's:
 * plain Markdown in `.kilocode/rules/`, or `.kilocode/rules-<mode>/` for a rule limited to one
 * mode; every rule is always applied, so others are written as such (reported) and manual ones are not.
 */
export function writeKilocodeRules(rules: readonly Rule[]): ExportOutput {
  return writeModeFolders(rules, { target: "kilocode", base: ".kilocode", tool: "Kilo Code" });
}
