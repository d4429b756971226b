import { type ExportOutput, type Rule, writeAsAlways, writeRuleFolder } from "@rulebook/core/provider";

/**
 * Writes rules as Roo Code rule files (docs.roocode.com/features/custom-instructions): plain
 * Markdown in `.roo/rules/`, or `.roo/rules-<mode>/` for a rule limited to one mode; every
 * Roo rule is always applied, so others are written as such (reported) and manual ones are not.
 */
export function writeRooRules(rules: readonly Rule[]): ExportOutput {
  return writeRuleFolder(rules, {
    target: "roo",
    nested: false,
    modes: true,
    folder: ({ rule }) => (rule.modes?.[0] !== undefined ? `.roo/rules-${rule.modes[0]}` : ".roo/rules"),
    fileName: ({ rule, name }) => {
      const prefix = `rules-${rule.modes?.[0]}/`;
      return rule.modes?.[0] !== undefined && name.startsWith(prefix) ? name.slice(prefix.length) : name;
    },
    extension: ".md",
    fields: ({ rule, activation }, lose) => {
      const [mode, ...more] = rule.modes ?? [];
      if (more.length > 0) lose("modes", "warning", `Roo limits a rule to one mode by its folder; written for ${mode} only`);
      else if (mode !== undefined && !rule.name.startsWith(`rules-${mode}/`)) lose("name", "info", `Roo names a mode rule after its folder: read back as "rules-${mode}/…"`);
      if (!writeAsAlways(activation, "Roo Code", lose)) return undefined;
      if (rule.description) lose("description", "info", "a Roo rule file is plain Markdown without a description");
      return null;
    },
  });
}
