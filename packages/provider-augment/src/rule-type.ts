import type { MapFields } from "@rulebook/core";

// The values Augment writes in a rule's `type` key.
const TYPES = ["always_apply", "agent_requested", "manual"] as const;

/**
 * Applies Augment's `type` key (docs/behaviour.md#fields-and-activation) to a workspace rule, on top of the `always`
 * activation default: `always_apply` (or no key) always applies, `agent_requested` is offered
 * by its description, `manual` is inactive (attached by hand with @ in Augment).
 */
export const applyRuleType: MapFields = (fields, data, context) => {
  const type = typeof data.type === "string" ? data.type.trim() : data.type;
  switch (type) {
    case undefined:
    case null:
      return fields;
    case "always_apply":
      return { ...fields, alwaysApply: true };
    case "agent_requested": {
      if (fields.description === undefined) {
        context.report(
          "augment-agent-requested-without-description",
          `rule "${context.file.name}" has type: agent_requested but no description, which Augment needs to pick it; it stays inactive`,
          { severity: "warning", key: "type" },
        );
        return {};
      }
      return { description: fields.description, ...(fields.condition && { condition: fields.condition }) };
    }
    case "manual":
      context.report(
        "augment-manual",
        `rule "${context.file.name}" has type: manual; Augment only uses it when you attach it with @, so it stays inactive (read it at rule://${context.file.name})`,
        { severity: "info", key: "type" },
      );
      return {};
    default:
      context.report(
        "augment-type-unknown",
        `unknown type ${JSON.stringify(data.type)} (expected ${TYPES.join(", ")}); the rule is read as if it had none`,
        { severity: "warning", key: "type" },
      );
      return fields;
  }
};

/**
 * Augment applies every user rule (`~/.augment/rules/`) always, whatever its frontmatter
 * says; a `type` other than `always_apply` gets an info diagnostic saying it has no effect.
 */
export const applyUserRule: MapFields = (fields, data, context) => {
  const type = typeof data.type === "string" ? data.type.trim() : data.type;
  if (type !== undefined && type !== null && type !== "always_apply") {
    context.report(
      "augment-user-type-ignored",
      `type ${JSON.stringify(data.type)} has no effect on a user rule: Augment always applies the rules in ~/.augment/rules`,
      { severity: "info", key: "type" },
    );
  }
  return { ...fields, alwaysApply: true };
};
