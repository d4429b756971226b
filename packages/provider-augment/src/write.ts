import { type ExportOutput, type Rule, writeRuleFolder } from "@rulebook/core/provider";

/**
 * Writes rules as Augment rules (docs.augmentcode.com/setup-augment/guidelines):
 * `.augment/rules/<name>.md` at the project root with `type: always_apply`,
 * `agent_requested` (with `description`) or `manual`; Augment has no globs, so a rule attached
 * by globs is written as always applied (reported).
 */
export function writeAugmentRules(rules: readonly Rule[]): ExportOutput {
  return writeRuleFolder(rules, {
    target: "augment",
    nested: false,
    globs: false,
    folder: ".augment/rules",
    extension: ".md",
    fields: ({ rule, activation }, lose) => {
      if (rule.globs) {
        const why = activation === "globs" ? "Augment has no rules attached by globs; written as always applied" : "Augment rules have no globs";
        lose(activation === "globs" ? "activation" : "globs", activation === "globs" ? "warning" : "info", why);
      }
      if (activation === "description") return { type: "agent_requested", description: rule.description };
      if (activation === "manual") return { type: "manual" };
      return { type: "always_apply", description: rule.description };
    },
  });
}
