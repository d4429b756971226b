import { type MapFields, reportUnknownValue } from "@rulebook/core/provider";

// The values Augment writes in a rule's `type` key.
const TYPES = ["always_apply", "agent_requested", "manual"] as const;

/**
 * Applies Augment's `type` key (docs/behaviour.md#fields-and-activation) to a workspace rule, on top of the `always`
 * activation default: `always_apply` (or no key) always applies, `agent_requested` is offered
 * by its description, `manual` is inactive (attached by hand with @ in Augment). Augment reads
 * no other activation key: Cursor-style `globs` or `alwaysApply` on a rule without `type` are
 * ignored, with an info diagnostic, and the rule always applies.
 */
export const applyRuleType: MapFields = (fields, data, context) => {
  const type = typeof data.type === "string" ? data.type.trim() : data.type;
  switch (type) {
    case undefined:
    case null:
      return withoutType(fields, data, context);
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
      reportUnknownValue(context, "augment-type-unknown", "type", data.type, TYPES, "the rule is read as if it had none");
      return fields;
  }
};

// Real rule folders copied from Cursor keep its keys (inercia/mitto: 24 of 28 files carry
// `description` and `globs`, none `type`); Augment applies such a file to every prompt.
const withoutType: MapFields = (fields, data, context) => {
  const cursorKeys = ["globs", "alwaysApply"].filter((key) => data[key] !== undefined && data[key] !== null && data[key] !== "");
  if (cursorKeys.length > 0) {
    const keys = cursorKeys.map((key) => `\`${key}\``).join(" and ");
    context.report(
      "augment-cursor-keys",
      `rule "${context.file.name}" has ${keys} but no type; Augment reads only type, so it applies the rule always (add type: agent_requested or manual to change that)`,
      { severity: "info", key: cursorKeys[0] as string },
    );
  }
  const { globs: _globs, ...rest } = fields;
  return { ...rest, alwaysApply: true };
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
