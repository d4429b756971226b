import { type ExportOutput, type Rule, alwaysApplyFields, writeRuleFolder } from "@rulebook/core/provider";

/**
 * Writes rules as Cursor project rules (docs.cursor.com/context/rules): `.cursor/rules/<name>.mdc`
 * in the rule's scope folder, with `description`, `globs` (comma-separated) and `alwaysApply`;
 * a rule with none of them is a manual rule, as in Cursor.
 */
export function writeCursorRules(rules: readonly Rule[]): ExportOutput {
  return writeRuleFolder(rules, { target: "cursor", nested: true, folder: ".cursor/rules", extension: ".mdc", fields: alwaysApplyFields });
}
