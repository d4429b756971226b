import { validateMaxTokens } from "@rulebook/prompt";
import { z } from "./sdk.js";

/**
 * The `maxTokens` argument of the MCP tool and prompt, checked by `@rulebook/prompt`'s own
 * `validateMaxTokens` (one rule for the CLI, the configuration and MCP) and given as a number.
 * Tool arguments are JSON, usually a number; prompt arguments are always strings in MCP. Both
 * take either, as the configuration does, so one bad value gets one message, the rule's own.
 */
export function maxTokensArgument() {
  const problem = (value: unknown) => {
    const checked = validateMaxTokens(value);
    return checked.ok ? "maxTokens must be a number or text" : `maxTokens ${checked.problem}`;
  };
  return z.union([z.number(), z.string()], { error: (issue) => problem(issue.input) }).transform((value, context) => {
    const checked = validateMaxTokens(value);
    if (checked.ok) return checked.value;
    context.addIssue({ code: "custom", message: problem(value) });
    return z.NEVER;
  });
}
