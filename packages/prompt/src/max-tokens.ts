import { describeValue } from "@rulebook/core/text";
/** What {@link validateMaxTokens} answers: the budget, or why the value is not one. */
export type MaxTokensCheck = { ok: true; value: number } | { ok: false; problem: string };

/**
 * Reads a token budget the way every front end takes it (an option, a configuration value, an
 * MCP argument): a whole number of 1 or more, given as a number or as text holding only digits
 * (spaces around them allowed). The one place the rule is written; `problem` is a phrase such
 * as `must be a whole number, 1 or more, got "abc"`.
 */
export function validateMaxTokens(value: unknown): MaxTokensCheck {
  const parsed = typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof parsed === "number" && Number.isSafeInteger(parsed) && parsed >= 1) return { ok: true, value: parsed };
  return { ok: false, problem: `must be a whole number, 1 or more, got ${describeValue(value)}` };
}
