import { type ExportOutput, type Rule, writeAsAlways, writeRuleFolder } from "@rulebook/core/provider";

/**
 * Writes rules in Cline's format (docs.cline.bot/features/cline-rules (conditional rules with `paths`)):
 * `.clinerules/<name>.md` at the project root, always applied, or attached by `paths` globs;
 * a rule read on demand becomes always applied and a manual one is not written (both reported).
 */
export function writeClineRules(rules: readonly Rule[]): ExportOutput {
  return writeRuleFolder(rules, {
    target: "cline",
    nested: false,
    folder: ".clinerules",
    extension: ".md",
    skipped: ["workflows", "hooks"],
    fields: ({ rule, activation }, lose) => {
      if (activation !== "globs" && !writeAsAlways(activation, "Cline", lose)) return undefined;
      if (activation !== "globs" && rule.globs) lose("globs", "info", "a rule applied otherwise than by its globs is written without paths");
      return { description: rule.description, paths: activation === "globs" ? rule.globs : undefined };
    },
  });
}
