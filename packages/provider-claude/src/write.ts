import { type ExportOutput, type Rule, pathsFields, writeRuleFolder } from "@rulebook/core/provider";

/**
 * Writes rules in Claude Code's format (code.claude.com/docs/en/memory (path-specific rules with `paths`)):
 * `.claude/rules/<name>.md` at the project root, always applied, or attached by `paths` globs;
 * a rule read on demand becomes always applied and a manual one is not written (both reported).
 */
export function writeClaudeRules(rules: readonly Rule[]): ExportOutput {
  return writeRuleFolder(rules, {
    target: "claude",
    nested: false,
    folder: ".claude/rules",
    extension: ".md",
    fields: (rule, lose) => pathsFields(rule, lose, "Claude Code"),
  });
}
