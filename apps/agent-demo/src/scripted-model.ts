import type { LanguageModelV3, LanguageModelV3Prompt, LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { MockLanguageModelV3, simulateReadableStream } from "ai/test";

type Part = LanguageModelV3StreamPart;

/** The task the scripted model is written for (the demo's default prompt). */
export const SCRIPTED_TASK = "While I debug the task list, show in App.tsx how many tasks were loaded.";

// The answer as a model first writes it: with a console.log, which the project forbids.
const FIRST_ANSWER = [
  "`App` gets the tasks from `useTasks`; log the count right after that call in `src/ui/App.tsx`:\n",
  "\n",
  "```tsx\n",
  "export function App({ teamId }: AppProps) {\n",
  "  const { tasks, loading } = useTasks(teamId);\n",
  '  console.log("tasks loaded", tasks.length);\n',
  '  if (loading) return <p role="status">Loading tasks…</p>;\n',
  "```\n",
].join("");

// What it writes once reminded of the rule, continuing where the reader's copy stopped.
const CONTINUATION = [
  '  logger.debug("tasks loaded", { count: tasks.length });\n',
  '  if (loading) return <p role="status">Loading tasks…</p>;\n',
  "```\n",
  "\n",
  'and import the logger at the top: `import { logger } from "../lib/logger";`. Changed: `src/ui/App.tsx`.\n',
].join("");

/**
 * A model that plays a short coding session without a network: it lists `src`, reads
 * `src/ui/App.tsx`, reads the rule `personal-snippets` (debugging) with `read_rule`, then answers
 * with a `console.log`; reminded of the project's rule, it continues with the logger. What it does
 * next depends only on the conversation (tool results so far, a reminder), as a real model's would.
 * `delayMs` spaces the parts out, so the answer is seen streaming.
 */
export function scriptedModel(delayMs = 0): LanguageModelV3 {
  return new MockLanguageModelV3({
    provider: "scripted",
    modelId: "taskboard-session",
    doStream: async ({ prompt }) => ({
      stream: simulateReadableStream({ chunks: responseTo(prompt), initialDelayInMs: delayMs || null, chunkDelayInMs: delayMs || null }),
    }),
  });
}

function responseTo(prompt: LanguageModelV3Prompt): Part[] {
  const reminded = prompt.some((m) => m.role === "system" && m.providerOptions?.rulebook?.part === "reminder");
  if (reminded) return text(CONTINUATION);
  const results = prompt.flatMap((m) => (m.role === "tool" ? m.content : [])).length;
  if (results === 0) return toolCall("call-1", "list_files", { path: "src/ui" });
  if (results === 1) return toolCall("call-2", "read_file", { path: "src/ui/App.tsx" });
  if (results === 2) return toolCall("call-3", "read_rule", { name: "rule://personal-snippets" });
  return text(FIRST_ANSWER);
}

function opening(): Part[] {
  return [
    { type: "stream-start", warnings: [] },
    { type: "response-metadata", id: "scripted", modelId: "taskboard-session", timestamp: new Date(0) },
  ];
}

function finish(reason: "stop" | "tool-calls", output: number): Part {
  return {
    type: "finish",
    finishReason: { unified: reason, raw: reason },
    usage: {
      inputTokens: { total: 1200, noCache: 1200, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: output, text: output, reasoning: undefined },
    },
  };
}

function toolCall(id: string, toolName: string, input: object): Part[] {
  const json = JSON.stringify(input);
  return [
    ...opening(),
    { type: "tool-input-start", id, toolName },
    { type: "tool-input-delta", id, delta: json },
    { type: "tool-input-end", id },
    { type: "tool-call", toolCallId: id, toolName, input: json },
    finish("tool-calls", 12),
  ];
}

/** Text in pieces of about a token (four characters), as a model streams it. */
function text(answer: string): Part[] {
  const deltas: Part[] = [];
  for (let i = 0; i < answer.length; i += 4) deltas.push({ type: "text-delta", id: "answer", delta: answer.slice(i, i + 4) });
  return [
    ...opening(),
    { type: "text-start", id: "answer" },
    ...deltas,
    { type: "text-end", id: "answer" },
    finish("stop", Math.ceil(answer.length / 4)),
  ];
}
