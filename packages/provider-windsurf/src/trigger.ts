import { type MapFields, type RuleFields, alwaysApplyUnlessSet } from "@rulebook/core";

// The values Windsurf writes in its `trigger` key.
const TRIGGERS = ["always_on", "glob", "model_decision", "manual"] as const;

/**
 * Applies Windsurf's `trigger:` key (SPEC §5) to the shared rule fields: `always_on` always
 * applies, `glob` is selected by its globs only, `model_decision` by its description only,
 * `manual` is inactive. Files in `.windsurf/rules` without a trigger keep their fields.
 */
export const applyTrigger: MapFields = (fields, data, context) => applyTriggerKey(fields, data, context) ?? fields;

/**
 * {@link applyTrigger} for the files Windsurf always applied (`global_rules.md`,
 * `.windsurfrules`): without a trigger they always apply unless they set `alwaysApply`.
 */
export const applyTriggerAlwaysByDefault: MapFields = (fields, data, context) =>
  applyTriggerKey(fields, data, context) ?? alwaysApplyUnlessSet(fields, data, context);

/** The fields the trigger decides, or `undefined` when there is no usable trigger. */
function applyTriggerKey(...[fields, data, context]: Parameters<MapFields>): RuleFields | undefined {
  const trigger = data.trigger;
  switch (typeof trigger === "string" ? trigger.trim() : trigger) {
    case "always_on":
      return { ...fields, alwaysApply: true };
    case "glob": {
      const { description, alwaysApply, ...selectedByGlobs } = fields;
      return selectedByGlobs;
    }
    case "model_decision": {
      const { alwaysApply, ...selectedByDescription } = fields;
      return selectedByDescription;
    }
    case "manual":
      context.report(
        "windsurf-manual",
        `rule "${context.file.name}" has trigger: manual; Windsurf only uses it when you @-mention it by hand, so it stays inactive`,
        { severity: "info", key: "trigger" },
      );
      return {};
    case undefined:
    case null:
      return undefined;
    default:
      context.report(
        "windsurf-trigger-unknown",
        `unknown trigger ${JSON.stringify(trigger)} (expected ${TRIGGERS.join(", ")}); the other keys are used as they are`,
        { severity: "warning", key: "trigger" },
      );
      return undefined;
  }
}
