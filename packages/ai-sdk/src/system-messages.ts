import type { LanguageModelV3Message, LanguageModelV3Prompt } from "@ai-sdk/provider";
import { PROVIDER_KEY } from "./provider-key.js";

/** What a message the middleware added holds: the rules part of the system prompt, or a stream trigger's reminder. */
export type OwnPart = "rules" | "reminder";

/** The part a message of the middleware holds, or undefined for every other message. */
export function ownPart(message: LanguageModelV3Message): OwnPart | undefined {
  if (message.role !== "system") return undefined;
  const part = message.providerOptions?.[PROVIDER_KEY]?.part;
  return part === "rules" || part === "reminder" ? part : undefined;
}

/** A system message of the middleware, marked so that a later call can find it and replace it. */
export function ownSystemMessage(part: OwnPart, content: string): LanguageModelV3Message {
  return { role: "system", content, providerOptions: { [PROVIDER_KEY]: { part } } };
}

/**
 * The prompt with the rules part of the system prompt as one system message: any message the
 * middleware added before (a prompt that went round through the caller) is removed, and the new
 * one goes right after the caller's leading system messages, where every provider accepts a
 * system message. An empty `rules` adds nothing.
 */
export function withRulesMessage(prompt: LanguageModelV3Prompt, rules: string): LanguageModelV3Prompt {
  const others = prompt.filter((message) => ownPart(message) === undefined);
  return rules === "" ? others : insertAfterSystem(others, [ownSystemMessage("rules", rules)]);
}

/**
 * Inserts `messages` after the leading system messages of `prompt` (the caller's and the
 * middleware's): system messages anywhere else are refused by some providers (Anthropic).
 */
export function insertAfterSystem(prompt: LanguageModelV3Prompt, messages: LanguageModelV3Message[]): LanguageModelV3Prompt {
  let at = 0;
  while (at < prompt.length && prompt[at]?.role === "system") at++;
  return [...prompt.slice(0, at), ...messages, ...prompt.slice(at)];
}
