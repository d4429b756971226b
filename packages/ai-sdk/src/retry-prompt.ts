import type { LanguageModelV3Prompt } from "@ai-sdk/provider";
import { insertAfterSystem, ownSystemMessage } from "./system-messages.js";

/** The sentence after the reminders when the retry continues output the user has already seen. */
export const CONTINUE_SENTENCE =
  "The user has already received your answer up to the point where it was stopped: it is the last assistant message. " +
  "Continue it from exactly there, without repeating it.";

/**
 * The prompt of the model call after a rewind: the call's prompt with every reminder so far as
 * system messages (`renderTtsrReminder`'s text) after the leading ones (where every provider takes them), and the output the
 * consumer has already received as the last assistant message, to be continued. Trailing white
 * space is left out of that message: Anthropic refuses a final assistant message ending in it.
 */
export function retryPrompt(prompt: LanguageModelV3Prompt, reminders: readonly string[], kept: string): LanguageModelV3Prompt {
  const text = kept.trimEnd();
  const last = reminders.length - 1;
  const messages = reminders.map((reminder, i) =>
    ownSystemMessage("reminder", i === last && text !== "" ? `${reminder}\n\n${CONTINUE_SENTENCE}` : reminder),
  );
  const withReminders = insertAfterSystem(prompt, messages);
  return text === "" ? withReminders : [...withReminders, { role: "assistant", content: [{ type: "text", text }] }];
}
