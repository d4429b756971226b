import { type ExportOutput, type Rule, globListValue, writeRuleFolder } from "@rulebook/core/provider";

/**
 * Writes rules as Continue's local rules (docs.continue.dev/customize/deep-dives/rules):
 * `.continue/rules/<name>.md` at the project root with `name`, `alwaysApply`, `globs` and
 * `description`: `alwaysApply: true` always, `false` with a description for the agent to pick,
 * globs alone to attach by them; a manual rule is `alwaysApply: false` alone, which Continue
 * never includes (reported). Nested rules are folded to the root (reported).
 */
export function writeContinueRules(rules: readonly Rule[]): ExportOutput {
  return writeRuleFolder(rules, {
    target: "continue",
    nested: false,
    folder: ".continue/rules",
    extension: ".md",
    fields: ({ rule, name, activation }, lose) => {
      const globs = rule.globs ? globListValue(rule.globs) : undefined;
      const base = { name: name.split("/").pop(), description: rule.description, globs };
      switch (activation) {
        case "always":
          return { ...base, alwaysApply: true };
        case "description":
          return { ...base, alwaysApply: false };
        case "globs":
          return base;
        default:
          lose(
            "activation",
            "info",
            "Continue never includes a rule with alwaysApply: false and neither globs nor a description; Rulebook reads it as manual",
          );
          return { ...base, alwaysApply: false };
      }
    },
  });
}
