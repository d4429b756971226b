import type { MapFields, RuleFields } from "@rulebook/core";

// The values Antigravity writes in its `trigger` key: the same four as Windsurf's.
const TRIGGERS = ["always_on", "glob", "model_decision", "manual"] as const;

/**
 * Applies Antigravity's `trigger:` key, read as Windsurf's (SPEC §5): `always_on` always
 * applies, `glob` is selected by its globs only, `model_decision` by its description only,
 * `manual` is inactive; an unknown value is a warning and the other keys are used as they are.
 * A local copy of `@rulebook/provider-windsurf`'s mapping: providers do not depend on each other.
 */
export const applyTrigger: MapFields = (fields, data, context) => {
  const trigger = data.trigger;
  switch (typeof trigger === "string" ? trigger.trim() : trigger) {
    case "always_on":
      return { ...fields, alwaysApply: true };
    case "glob":
      return withoutKeys(fields, "description", "alwaysApply");
    case "model_decision":
      return withoutKeys(fields, "alwaysApply");
    case "manual":
      context.report(
        "agents-manual",
        `rule "${context.file.name}" has trigger: manual; it is only used when you @-mention it by hand, so it stays inactive`,
        { severity: "info", key: "trigger" },
      );
      return {};
    case undefined:
    case null:
      return fields;
    default:
      context.report(
        "agents-trigger-unknown",
        `unknown trigger ${JSON.stringify(trigger)} (expected ${TRIGGERS.join(", ")}); the other keys are used as they are`,
        { severity: "warning", key: "trigger" },
      );
      return fields;
  }
};

function withoutKeys(fields: RuleFields, ...keys: Array<keyof RuleFields>): RuleFields {
  const kept = { ...fields };
  for (const key of keys) delete kept[key];
  return kept;
}
