import type { LanguageModelV3Content, LanguageModelV3GenerateResult } from "@ai-sdk/provider";
import { type TtsrFiring, type TtsrManager, renderTtsrReminder } from "@rulebook/ttsr";
import { PROVIDER_KEY } from "./provider-key.js";
import { retryPrompt } from "./retry-prompt.js";
import type { TriggerCall } from "./time-travel-stream.js";
import { UsageTotal } from "./usage.js";

/**
 * Time travel for a call that does not stream: the whole answer (text, reasoning, each tool
 * call's input) goes through the call's trigger manager; when a rule fires and may rewind, the
 * model is asked again with every reminder so far (nothing was shown, so nothing is kept), at
 * most `maxRewinds` times. The result is the last answer, with the usage of every call and the
 * firings in `providerMetadata.rulebook`.
 */
export async function timeTravelGenerate(call: TriggerCall, first: LanguageModelV3GenerateResult): Promise<LanguageModelV3GenerateResult> {
  const { manager, report, model, params } = call;
  const usage = new UsageTotal();
  const reminders: string[] = [];
  let result = first;
  usage.add(result.usage);
  for (;;) {
    manager.startTurn();
    const rewind = checkContent(manager, result.content).find((firing) => report.decide(firing) === "rewind");
    if (!rewind) break;
    reminders.push(renderTtsrReminder(rewind.rule, rewind));
    report.nextAttempt();
    result = await model.doGenerate({ ...params, prompt: retryPrompt(params.prompt, reminders, "") });
    usage.add(result.usage);
  }
  return { ...result, usage: usage.total(), providerMetadata: { ...result.providerMetadata, [PROVIDER_KEY]: report.metadata() } };
}

/** The firings of a whole answer, in the order of its parts: text, reasoning, tool inputs (each its own stream). */
function checkContent(manager: TtsrManager, content: readonly LanguageModelV3Content[]): TtsrFiring[] {
  const firings: TtsrFiring[] = [];
  for (const part of content) {
    if (part.type === "text") firings.push(...manager.check(part.text, "text"));
    else if (part.type === "reasoning") firings.push(...manager.check(part.text, "thinking"));
    else if (part.type === "tool-call") {
      const stream = `tool:${part.toolCallId}`;
      firings.push(...manager.check(part.input, stream), ...manager.endStream(stream));
    }
  }
  firings.push(...manager.endStream("text"), ...manager.endStream("thinking"));
  return firings;
}
