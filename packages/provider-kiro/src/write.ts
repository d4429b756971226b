import { type ExportOutput, type Rule, writeRuleFolder } from "@rulebook/core/provider";

/**
 * Writes rules as Kiro steering files (kiro.dev/docs/steering): `.kiro/steering/<name>.md` in
 * the rule's scope folder with `inclusion`: `always`, `fileMatch` (with `fileMatchPattern`),
 * `auto` (with `name` and `description`) or `manual`.
 */
export function writeKiroRules(rules: readonly Rule[]): ExportOutput {
  return writeRuleFolder(rules, {
    target: "kiro",
    nested: true,
    folder: ".kiro/steering",
    extension: ".md",
    fields: ({ rule, name, activation }, lose) => {
      switch (activation) {
        case "always":
          if (rule.globs) lose("globs", "info", "an always-included steering file has no fileMatchPattern");
          return { inclusion: "always", description: rule.description };
        case "description":
          if (rule.globs) lose("globs", "info", "an auto steering file has no fileMatchPattern");
          return { inclusion: "auto", name: name.split("/").pop(), description: rule.description };
        case "globs":
          return { inclusion: "fileMatch", fileMatchPattern: rule.globs && rule.globs.length === 1 ? rule.globs[0] : rule.globs };
        default:
          return { inclusion: "manual" };
      }
    },
  });
}
