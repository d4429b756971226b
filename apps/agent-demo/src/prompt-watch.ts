import type { LanguageModelV3Prompt } from "@ai-sdk/provider";
import type { LanguageModelMiddleware } from "ai";

/** What the model received in one call, as the demo reports it. */
export interface SentPrompt {
  /** The rules part the Rulebook middleware added (empty when none). */
  rules: string;
  /** The system reminders of a retry after a rewind. */
  reminders: string[];
  /** The answer so far a retry continues, when there is one. */
  continues?: string;
}

/**
 * A middleware placed after Rulebook's (`middleware: [rulebook.middleware, promptWatch(...)]`) that
 * shows what each model call really receives, retries included: the marked system messages.
 */
export function promptWatch(onCall: (sent: SentPrompt) => void): LanguageModelMiddleware {
  return {
    specificationVersion: "v3",
    async transformParams({ params }) {
      onCall(sentPrompt(params.prompt));
      return params;
    },
  };
}

function sentPrompt(prompt: LanguageModelV3Prompt): SentPrompt {
  const own = (part: string) => prompt.flatMap((m) => (m.role === "system" && m.providerOptions?.rulebook?.part === part ? [m.content] : []));
  const last = prompt[prompt.length - 1];
  const continues = last?.role === "assistant" ? last.content.map((p) => (p.type === "text" ? p.text : "")).join("") : undefined;
  return { rules: own("rules").join("\n"), reminders: own("reminder"), ...(continues !== undefined && { continues }) };
}
