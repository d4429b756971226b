import { type ExportOutput, type Rule, triggerFields, writeRuleFolder } from "@rulebook/core/provider";

/**
 * Writes rules in Antigravity's format (antigravity.google/docs/rules-workflows): `.agents/rules/<name>.md` in the rule's
 * scope folder with a `trigger`: `always_on`, `glob` (with `globs`), `model_decision`
 * (with `description`; globs it also has are lost) or `manual`.
 */
export function writeAgentsRules(rules: readonly Rule[]): ExportOutput {
  return writeRuleFolder(rules, { target: "agents", nested: true, folder: ".agents/rules", extension: ".md", fields: triggerFields });
}
