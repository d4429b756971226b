import type { LanguageModelV3GenerateResult } from "@ai-sdk/provider";
import { generateText, wrapLanguageModel } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { afterAll, beforeAll, expect, it } from "vitest";
import { rulebookFor } from "../test/fixture.js";
import { ownMessages, usage } from "../test/streams.js";
import type { Rulebook, RulebookMetadata } from "./index.js";

let rb: Rulebook;
beforeAll(async () => {
  rb = await rulebookFor("agent");
});
afterAll(() => rb.close());

function answer(text: string, tokens = usage(10, 20)): LanguageModelV3GenerateResult {
  return { content: [{ type: "text", text }], finishReason: { unified: "stop", raw: "stop" }, usage: tokens, warnings: [] };
}

it("regenerates an answer that fires, with the reminder, and returns the clean one with the usage of both calls", async () => {
  const model = new MockLanguageModelV3({
    doGenerate: [
      answer("const n = tasks.length;\nconsole.log(n);\n", usage(100, 20)),
      answer('const n = tasks.length;\nlogger.debug("tasks", { n });\n', usage(130, 22)),
    ],
  });
  const result = await generateText({ model: wrapLanguageModel({ model, middleware: rb.middleware }), prompt: "Log the task count." });
  expect(result.text).toBe('const n = tasks.length;\nlogger.debug("tasks", { n });\n');
  expect(model.doGenerateCalls).toHaveLength(2);
  const retry = model.doGenerateCalls[1]?.prompt ?? [];
  expect(ownMessages(retry, "reminder")[0]).toContain('triggered the rule "no-console-log"');
  // Nothing was shown, so nothing is continued: the retry answers afresh.
  expect(retry.at(-1)?.role).toBe("user");
  expect(result.usage.inputTokens).toBe(230);
  expect(result.usage.outputTokens).toBe(42);
  const metadata = (result.providerMetadata as { rulebook: RulebookMetadata }).rulebook;
  expect(metadata.rewinds).toEqual([{ rule: "no-console-log", stream: "text", offset: 24, match: "console.log(", attempt: 1 }]);
});

it("checks tool-call inputs too, and stops after maxRewinds with the last firing reported", async () => {
  const call: LanguageModelV3GenerateResult = {
    content: [{ type: "tool-call", toolCallId: "c1", toolName: "bash", input: '{"command":"rm -rf /"}' }],
    finishReason: { unified: "tool-calls", raw: "tool_use" },
    usage: usage(10, 5),
    warnings: [],
  };
  const strict = await rulebookFor("agent", { maxRewinds: 1 });
  try {
    const model = new MockLanguageModelV3({ doGenerate: [call, call] });
    const result = await wrapLanguageModel({ model, middleware: strict.middleware }).doGenerate({
      prompt: [{ role: "user", content: [{ type: "text", text: "Clean up." }] }],
    });
    expect(model.doGenerateCalls).toHaveLength(2);
    const metadata = (result.providerMetadata as { rulebook: RulebookMetadata }).rulebook;
    expect(metadata.firings.map((f) => [f.rule, f.stream, f.action, f.reason])).toEqual([
      ["no-rm-rf", "tool:c1", "rewind", undefined],
      ["no-rm-rf", "tool:c1", "pass", "max-rewinds"],
    ]);
  } finally {
    await strict.close();
  }
});
