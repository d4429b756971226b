import type { FrontmatterData, MapFields, MapFieldsContext, RuleFields } from "@rulebook/core/provider";

/**
 * Continue's rule keys (docs/behaviour.md#fields-and-activation), on top of the `always` activation default: `alwaysApply:
 * true` always applies; `false` selects by globs, else by description, else never; absent
 * always applies without globs and attaches by globs with them. `regex` is kept as text
 * (an info diagnostic), `invokable` files are prompts, not rules.
 */
export const applyContinueRule: MapFields = (fields, data, context) => mapContinue(fields, data, context, false);

/**
 * {@link applyContinueRule} for a colocated `rules.md`: Continue limits it to its folder and
 * matches its globs anywhere below it, so a glob not starting with `**` gets `**\/` in front
 * (relative to the rule's scope), and `alwaysApply: false` without globs means every file there.
 */
export const applyColocatedRule: MapFields = (fields, data, context) => mapContinue(fields, data, context, true);

function mapContinue(fields: RuleFields, data: FrontmatterData, context: MapFieldsContext, colocated: boolean): RuleFields {
  if (data.invokable === true) {
    context.report(
      "continue-invokable",
      `rule "${context.file.name}" is invokable: Continue offers it as a slash command, not as a rule, so it stays inactive`,
      { severity: "info", key: "invokable" },
    );
    return {};
  }
  if (data.regex !== undefined && data.regex !== null) {
    context.report(
      "continue-regex",
      `regex ${JSON.stringify(data.regex)} is Continue's filter on the contents of files in context; Rulebook does not read those, so the rule is selected as if it had no regex`,
      { severity: "info", key: "regex" },
    );
  }
  let mapped = fields;
  if (colocated && data.alwaysApply === false && !fields.globs) mapped = { ...mapped, globs: ["**/*"] };
  if (colocated && mapped.globs) mapped = { ...mapped, globs: mapped.globs.map(belowFolder) };
  if (data.alwaysApply === undefined || data.alwaysApply === null) {
    // Absent: with globs, Continue includes the rule only when they match.
    if (mapped.globs) {
      const { description: _description, alwaysApply: _always, ...byGlobs } = mapped;
      return byGlobs;
    }
    return mapped;
  }
  if (data.alwaysApply === false && !mapped.globs && !mapped.description) {
    context.report(
      "continue-never-applies",
      `rule "${context.file.name}" has alwaysApply: false and neither globs nor a description, so Continue never includes it`,
      { severity: "info", key: "alwaysApply" },
    );
  }
  return mapped;
}

function belowFolder(glob: string): string {
  const negated = glob.startsWith("!");
  const pattern = negated ? glob.slice(1) : glob;
  const below = pattern.startsWith("**") ? pattern : `**/${pattern.replace(/^\.?\//, "")}`;
  return negated ? `!${below}` : below;
}
