import { type MapFields, alwaysApplyUnlessSet, triggerKeyMap } from "@rulebook/core/provider";

/**
 * Applies Windsurf's `trigger:` key: `always_on` always applies, `glob` is selected by its
 * globs only, `model_decision` by its description only, `manual` is inactive; an unknown value
 * is a warning. Files without a trigger keep their fields.
 */
export const applyTrigger: MapFields = triggerKeyMap({ codePrefix: "windsurf", tool: "Windsurf" });

/**
 * {@link applyTrigger} for files Windsurf always applied, for providers written against v1
 * (`global_rules.md`, `.windsurfrules`): without a trigger they always apply unless they set
 * `alwaysApply`. v2 sources get the same with `activation: "always"`.
 */
export const applyTriggerAlwaysByDefault: MapFields = (fields, data, context) =>
  data.trigger === undefined || data.trigger === null ? alwaysApplyUnlessSet(fields, data, context) : applyTrigger(fields, data, context);
