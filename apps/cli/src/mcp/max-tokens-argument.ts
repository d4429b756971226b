import { validateMaxTokens } from "@rulebook/prompt";
import { z } from "zod";

/**
 * The `maxTokens` argument of the MCP tool and prompt, checked by `@rulebook/prompt`'s own
 * `validateMaxTokens` (one rule for the CLI, the configuration and MCP) and given as a number.
 * Tool arguments are JSON, so a number; prompt arguments are always strings in MCP, so text.
 */
export function maxTokensArgument(kind: "number" | "text") {
  const base = kind === "number" ? z.number({ error: "maxTokens must be a number of tokens" }) : z.string({ error: "maxTokens must be text holding a whole number" });
  return base.transform((value, context) => {
    const checked = validateMaxTokens(value);
    if (checked.ok) return checked.value;
    context.addIssue({ code: "custom", message: `maxTokens ${checked.problem}` });
    return z.NEVER;
  });
}
