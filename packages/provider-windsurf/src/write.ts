import { type ExportOutput, type Rule, globListValue, writeRuleFolder } from "@rulebook/core/provider";

/**
 * Writes rules in Windsurf's format (docs.windsurf.com/windsurf/cascade/memories): `.windsurf/rules/<name>.md` in the rule's
 * scope folder with a `trigger`: `always_on`, `glob` (with `globs`), `model_decision`
 * (with `description`; globs it also has are lost) or `manual`.
 */
export function writeWindsurfRules(rules: readonly Rule[]): ExportOutput {
  return writeRuleFolder(rules, {
    target: "windsurf",
    nested: true,
    folder: ".windsurf/rules",
    extension: ".md",
    fields: ({ rule, activation }, lose) => {
      const globs = rule.globs ? globListValue(rule.globs) : undefined;
      switch (activation) {
        case "always":
          if (rule.globs) lose("globs", "info", "an always_on rule has no globs");
          return { trigger: "always_on", description: rule.description };
        case "description":
          if (rule.globs) lose("globs", "info", "a model_decision rule has no globs");
          return { trigger: "model_decision", description: rule.description };
        case "globs":
          return { trigger: "glob", globs };
        default:
          return { trigger: "manual" };
      }
    },
  });
}
