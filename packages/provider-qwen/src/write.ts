import { type ExportOutput, type Rule, pathsFields, writeRuleFolder } from "@rulebook/core/provider";

/**
 * Writes rules as Qwen Code's rule files (github.com/QwenLM/qwen-code, docs/users/features/memory.md):
 * `.qwen/rules/<name>.md` at the project root, always applied, or attached by `paths` globs;
 * a rule read on demand becomes always applied and a manual one is not written (both reported).
 */
export function writeQwenRules(rules: readonly Rule[]): ExportOutput {
  return writeRuleFolder(rules, {
    target: "qwen",
    nested: false,
    folder: ".qwen/rules",
    extension: ".md",
    fields: (rule, lose) => pathsFields(rule, lose, "Qwen Code"),
  });
}
