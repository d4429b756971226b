// Model streams for the tests, in the shapes real providers stream (LanguageModelV3StreamPart).
import type { LanguageModelV3CallOptions, LanguageModelV3Prompt, LanguageModelV3StreamPart, LanguageModelV3Usage } from "@ai-sdk/provider";
import { simulateReadableStream } from "ai/test";

export type Part = LanguageModelV3StreamPart;

/** A usage record of `input` prompt tokens and `output` answer tokens. */
export function usage(input: number, output: number): LanguageModelV3Usage {
  return {
    inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: output, text: output, reasoning: undefined },
  };
}

/** The parts that open a response. */
export function opening(): Part[] {
  return [
    { type: "stream-start", warnings: [] },
    { type: "response-metadata", id: "resp-1", modelId: "mock-model-id", timestamp: new Date(0) },
  ];
}

/** A finish part. */
export function finish(reason: "stop" | "tool-calls" = "stop", tokens = usage(10, 20)): Part {
  return { type: "finish", finishReason: { unified: reason, raw: reason }, usage: tokens };
}

/** A whole response answering `chunks` as one text block (the deltas as given), optionally after a reasoning block. */
export function textResponse(
  chunks: readonly string[],
  options: { reasoning?: readonly string[]; id?: string; tokens?: LanguageModelV3Usage } = {},
): Part[] {
  const id = options.id ?? "txt-0";
  const reasoning: Part[] = options.reasoning
    ? [
        { type: "reasoning-start", id: "rsn-0" },
        ...options.reasoning.map((delta): Part => ({ type: "reasoning-delta", id: "rsn-0", delta })),
        { type: "reasoning-end", id: "rsn-0" },
      ]
    : [];
  return [
    ...opening(),
    ...reasoning,
    { type: "text-start", id },
    ...chunks.map((delta): Part => ({ type: "text-delta", id, delta })),
    { type: "text-end", id },
    finish("stop", options.tokens),
  ];
}

/** A response that calls one tool, streaming its input in `inputChunks` (JSON text). */
export function toolCallResponse(toolCallId: string, toolName: string, inputChunks: readonly string[]): Part[] {
  return [
    ...opening(),
    { type: "tool-input-start", id: toolCallId, toolName },
    ...inputChunks.map((delta): Part => ({ type: "tool-input-delta", id: toolCallId, delta })),
    { type: "tool-input-end", id: toolCallId },
    { type: "tool-call", toolCallId, toolName, input: inputChunks.join("") },
    finish("tool-calls"),
  ];
}

/** `text` cut into deltas of `size` characters. */
export function chunked(text: string, size: number): string[] {
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
  return chunks;
}

/** The parts as a model stream, with the SDK's own helper. */
export function streamOf(parts: readonly Part[]): ReadableStream<Part> {
  return simulateReadableStream({ chunks: [...parts], initialDelayInMs: null, chunkDelayInMs: null });
}

/** A model stream that records whether its reader cancelled it (a provider's stream closes its connection then). */
export function cancellableStream(parts: readonly Part[]): { stream: ReadableStream<Part>; cancelled: Promise<unknown>; pulls(): number } {
  let pulls = 0;
  let onCancel: (reason: unknown) => void = () => undefined;
  const cancelled = new Promise<unknown>((resolve) => {
    onCancel = resolve;
  });
  const queue = [...parts];
  const stream = new ReadableStream<Part>(
    {
      pull(controller) {
        pulls++;
        const next = queue.shift();
        if (next) controller.enqueue(next);
        else controller.close();
      },
      cancel: (reason) => onCancel(reason ?? "cancelled"),
    },
    { highWaterMark: 0 },
  );
  return { stream, cancelled, pulls: () => pulls };
}

/** A model stream the test writes to, part by part, waiting on events in between. */
export function controlledStream(): { stream: ReadableStream<Part>; push(...parts: Part[]): void; close(): void } {
  let controller: ReadableStreamDefaultController<Part> | undefined;
  const stream = new ReadableStream<Part>({
    start(c) {
      controller = c;
    },
  });
  return {
    stream,
    push: (...parts) => {
      for (const part of parts) controller?.enqueue(part);
    },
    close: () => controller?.close(),
  };
}

/** Reads a stream to its end. */
export async function readAll<T>(stream: ReadableStream<T>): Promise<T[]> {
  const parts: T[] = [];
  for await (const part of stream as unknown as AsyncIterable<T>) parts.push(part);
  return parts;
}

/** The text of the text deltas among `parts`. */
export function textOf(parts: readonly Part[], type: "text-delta" | "reasoning-delta" = "text-delta"): string {
  return parts.map((part) => (part.type === type ? part.delta : "")).join("");
}

/** A minimal call: one user message. */
export function callOptions(
  text = "Count the tasks and log the count.",
  extra: Partial<LanguageModelV3CallOptions> = {},
): LanguageModelV3CallOptions {
  return { prompt: [{ role: "user", content: [{ type: "text", text }] }], ...extra };
}

/** The system messages the middleware added to a prompt, by part. */
export function ownMessages(prompt: LanguageModelV3Prompt, part: "rules" | "reminder"): string[] {
  return prompt.flatMap((message) => (message.role === "system" && message.providerOptions?.rulebook?.part === part ? [message.content] : []));
}

/** The text of the last message when it is the assistant's (the answer so far a retry continues). */
export function answerSoFar(prompt: LanguageModelV3Prompt): string | undefined {
  const last = prompt[prompt.length - 1];
  if (last?.role !== "assistant") return undefined;
  return last.content.map((part) => (part.type === "text" ? part.text : "")).join("");
}
