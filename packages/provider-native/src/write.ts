import { type ExportOutput, type Rule, writeRuleFolder } from "@rulebook/core/provider";

/**
 * Writes rules in the native format: `<folder>/rules/<name>.md` in the rule's scope folder,
 * with every field Rulebook has except modes (`description`, `globs`, `alwaysApply`, `condition`).
 */
export function writeNativeRules(rules: readonly Rule[], folderName = ".xcsh"): ExportOutput {
  return writeRuleFolder(rules, {
    target: "native",
    nested: true,
    condition: true,
    folder: `${folderName}/rules`,
    extension: ".md",
    fields: ({ rule }) => ({ description: rule.description, globs: rule.globs, alwaysApply: rule.alwaysApply, condition: rule.condition }),
  });
}
