import { type ExportOutput, type Rule, writeAsAlways, writeRuleFolder } from "@rulebook/core/provider";

/**
 * Writes rules as Amazon Q Developer project rules (docs.aws.amazon.com/amazonq/latest/qdeveloper-ug/context-project-rules.html):
 * plain Markdown in `.amazonq/rules/` at the project root, every one always applied; other
 * activations are written as always (reported) and manual rules are not written.
 */
export function writeAmazonQRules(rules: readonly Rule[]): ExportOutput {
  return writeRuleFolder(rules, {
    target: "amazonq",
    nested: false,
    globs: false,
    folder: ".amazonq/rules",
    extension: ".md",
    fields: ({ rule, activation }, lose) => {
      if (!writeAsAlways(activation, "Amazon Q", lose, rule)) return undefined;
      if (rule.description) lose("description", "info", "an Amazon Q rule file is plain Markdown without a description");
      return null;
    },
  });
}
