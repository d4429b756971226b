import { type ExportOutput, type Rule, alwaysApplyFields, writeRuleFolder } from "@rulebook/core/provider";

/**
 * Writes rules as Trae project rules (docs.trae.ai, IDE → Rules): `.trae/rules/<name>.md` at the
 * project root with `description`, `globs` and `alwaysApply`, which Trae always sets: `false`
 * with neither globs nor description is its manual mode (without it, an always-applied file).
 */
export function writeTraeRules(rules: readonly Rule[]): ExportOutput {
  return writeRuleFolder(rules, {
    target: "trae",
    nested: false,
    folder: ".trae/rules",
    extension: ".md",
    fields: (prepared) => ({ ...alwaysApplyFields(prepared), alwaysApply: prepared.rule.alwaysApply === true }),
  });
}
