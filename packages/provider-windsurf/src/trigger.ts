import type { Diagnostic, FrontmatterData, RuleFields } from "@rulebook/core";

/** What {@link applyTrigger} needs besides the fields. */
export interface TriggerOptions {
  /** The rule's name, for messages. */
  ruleName: string;
  /** True for files Windsurf always applied (`global_rules.md`, `.windsurfrules`). */
  alwaysByDefault: boolean;
  /** Receives the diagnostics about the `trigger` key. */
  report: (diagnostic: Pick<Diagnostic, "severity" | "code" | "message">) => void;
}

// The values Windsurf writes in its `trigger` key.
const TRIGGERS = ["always_on", "glob", "model_decision", "manual"] as const;

/**
 * Applies Windsurf's `trigger:` key (SPEC §5) to the shared rule fields: `always_on` always
 * applies, `glob` is selected by its globs only, `model_decision` by its description only,
 * `manual` is inactive. Without a trigger, files Windsurf always applied do so unless their
 * frontmatter has an `alwaysApply` key.
 */
export function applyTrigger(fields: RuleFields, data: FrontmatterData, options: TriggerOptions): RuleFields {
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
      options.report({
        severity: "info",
        code: "windsurf-manual",
        message: `rule "${options.ruleName}" has trigger: manual; Windsurf only uses it when you @-mention it by hand, so it stays inactive`,
      });
      return {};
    case undefined:
    case null:
      break;
    default:
      options.report({
        severity: "warning",
        code: "windsurf-trigger-unknown",
        message: `unknown trigger ${JSON.stringify(trigger)} (expected ${TRIGGERS.join(", ")}); the other keys are used as they are`,
      });
  }
  const saysAlwaysApply = data.alwaysApply !== undefined && data.alwaysApply !== null;
  return options.alwaysByDefault && !saysAlwaysApply ? { ...fields, alwaysApply: true } : fields;
}
