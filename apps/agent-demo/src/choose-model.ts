import type { LanguageModelV3 } from "@ai-sdk/provider";
import { scriptedModel } from "./scripted-model.js";

/** The model the demo runs on, and how to name it. */
export interface ChosenModel {
  model: LanguageModelV3;
  label: string;
  scripted: boolean;
}

/**
 * OpenAI when `OPENAI_API_KEY` is set, else Anthropic when `ANTHROPIC_API_KEY` is, else the
 * scripted model (no key, no network). `AGENT_DEMO_MODEL` picks the provider's model id.
 */
export async function chooseModel(env: Readonly<Record<string, string | undefined>>, delayMs: number): Promise<ChosenModel> {
  const id = env.AGENT_DEMO_MODEL;
  if (env.OPENAI_API_KEY) {
    const { createOpenAI } = await import("@ai-sdk/openai");
    const modelId = id ?? "gpt-4.1-mini";
    return { model: createOpenAI({ apiKey: env.OPENAI_API_KEY })(modelId), label: `openai ${modelId}`, scripted: false };
  }
  if (env.ANTHROPIC_API_KEY) {
    const { createAnthropic } = await import("@ai-sdk/anthropic");
    const modelId = id ?? "claude-sonnet-4-5";
    return { model: createAnthropic({ apiKey: env.ANTHROPIC_API_KEY })(modelId), label: `anthropic ${modelId}`, scripted: false };
  }
  return {
    model: scriptedModel(delayMs),
    label: "scripted (no key, no network; set OPENAI_API_KEY or ANTHROPIC_API_KEY for a real model)",
    scripted: true,
  };
}
