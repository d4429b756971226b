import { type ExportOutput, type Rule, triggerFields, writeRuleFolder } from "@rulebook/core/provider";

/**
 * Writes rules in Windsurf's format (docs.windsurf.com/windsurf/cascade/memories): `.windsurf/rules/<name>.md` in the rule's
 * scope folder with a `trigger`: `always_on`, `glob` (with `globs`), `model_decision`
 * (with `description`; globs it also has are lost) or `manual`.
 */
export function writeWindsurfRules(rules: readonly Rule[]): ExportOutput {
  return writeRuleFolder(rules, { target: "windsurf", nested: true, folder: ".windsurf/rules", extension: ".md", fields: triggerFields });
}
