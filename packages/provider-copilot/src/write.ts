import { type ExportOutput, type Rule, writeRuleFolder } from "@rulebook/core/provider";

/**
 * Writes rules as GitHub Copilot instructions files (code.visualstudio.com/docs/copilot/customization/custom-instructions):
 * `.github/instructions/<name>.instructions.md` with `applyTo` (`**` for always, else the globs,
 * anchored at the root with `/` unless they start with `**\/`) and `description`. Copilot
 * applies no file by its description alone: such a rule is written without `applyTo` (reported).
 */
export function writeCopilotRules(rules: readonly Rule[]): ExportOutput {
  return writeRuleFolder(rules, {
    target: "copilot",
    nested: false,
    globsIgnoreCase: true,
    folder: ".github/instructions",
    extension: ".instructions.md",
    fields: ({ rule, activation }, lose) => {
      switch (activation) {
        case "always":
          if (rule.description) lose("description", "info", "Copilot ignores the description of a file applied to every file");
          return { applyTo: "**" };
        case "globs":
          return { applyTo: (rule.globs ?? []).map(anchored).join(",") };
        case "description":
          lose("activation", "warning", "Copilot reads no instructions by their description alone; written without applyTo, it is attached by hand");
          if (rule.globs) lose("globs", "info", "with applyTo, Copilot would apply it without reading its description");
          return { description: rule.description };
        default:
          return {};
      }
    },
  });
}

/**
 * A Rulebook glob as Copilot's `applyTo` reads it back: relative to the root unless it starts
 * with `**\/`; a leading `./` or `/` (the root either way) is written once, so the value is the
 * same from run to run.
 */
function anchored(glob: string): string {
  const negated = glob.startsWith("!");
  const bare = (negated ? glob.slice(1) : glob).replace(/^(?:\.\/|\/)+/, "");
  return `${negated ? "!" : ""}${bare.startsWith("**/") ? bare : `/${bare}`}`;
}
