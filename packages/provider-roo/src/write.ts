import { type ExportOutput, type Rule, writeModeFolders } from "@rulebook/core/provider";

/**
 * Writes rules as Roo Code rule files (docs.roocode.com/features/custom-instructions): plain
 * Markdown in `.roo/rules/`, or `.roo/rules-<mode>/` for a rule limited to one mode; every
 * Roo rule is always applied, so others are written as such (reported) and manual ones are not.
 */
export function writeRooRules(rules: readonly Rule[]): ExportOutput {
  return writeModeFolders(rules, { target: "roo", base: ".roo", tool: "Roo Code" });
}
