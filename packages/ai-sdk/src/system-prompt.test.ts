import { readFile } from "node:fs/promises";
import type { LanguageModelV3Prompt, LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { jsonSchema, stepCountIs, streamText, tool, wrapLanguageModel } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixture, rulebookFor } from "../test/fixture.js";
import { callOptions, ownMessages, streamOf, textResponse, toolCallResponse } from "../test/streams.js";
import type { Rulebook } from "./index.js";

type Part = LanguageModelV3StreamPart;

let rb: Rulebook;
beforeAll(async () => {
  rb = await rulebookFor("agent");
});
afterAll(() => rb.close());

function scripted(responses: Part[][]): MockLanguageModelV3 {
  let call = 0;
  return new MockLanguageModelV3({ doStream: async () => ({ stream: streamOf(responses[Math.min(call++, responses.length - 1)] as Part[]) }) });
}

/** Every text of a prompt, system messages and message parts alike. */
function allText(prompt: LanguageModelV3Prompt): string {
  return prompt
    .map((message) =>
      typeof message.content === "string"
        ? message.content
        : message.content
            .map((part) => ("text" in part ? part.text : JSON.stringify("output" in part ? part.output : "input" in part ? part.input : "")))
            .join("\n"),
    )
    .join("\n");
}

function occurrences(text: string, of: string): number {
  return text.split(of).length - 1;
}

describe("the rules part of the system prompt", () => {
  it("is in every call of a 3-step tool loop exactly once, after the caller's system prompt, and follows the files the tool calls name", async () => {
    const { proj } = fixture("agent");
    const model = scripted([
      toolCallResponse("call-1", "read_file", ['{"path":"src/ui/App.tsx"}']),
      toolCallResponse("call-2", "read_rule", ['{"name":"rule://release-notes"}']),
      textResponse(["App.tsx renders the board.\n"]),
    ]);
    const read_file = tool({
      inputSchema: jsonSchema<{ path: string }>({ type: "object", properties: { path: { type: "string" } }, required: ["path"] }),
      execute: async ({ path }) => readFile(`${proj}/${path}`, "utf8"),
    });
    const result = streamText({
      model: wrapLanguageModel({ model, middleware: rb.middleware }),
      system: "You are a coding agent.",
      prompt: "What does App.tsx render?",
      tools: { read_file, ...rb.tools },
      stopWhen: stepCountIs(3),
    });
    expect(await result.text).toBe("App.tsx renders the board.\n");
    expect(model.doStreamCalls).toHaveLength(3);

    const agents = "A to-do app for teams";
    for (const [i, { prompt }] of model.doStreamCalls.entries()) {
      expect(ownMessages(prompt, "rules"), `call ${i + 1}`).toHaveLength(1);
      expect(occurrences(allText(prompt), agents), `call ${i + 1}`).toBe(1);
      expect(prompt[0]).toMatchObject({ role: "system", content: "You are a coding agent." });
      expect(ownMessages(prompt, "rules")[0]).toBe((prompt[1] as { content: string }).content);
    }
    const [first, second, third] = model.doStreamCalls.map((c) => ownMessages(c.prompt, "rules")[0] ?? "");
    // The user rule and the project's AGENTS.md are always there; the React rule attaches once
    // the conversation has named src/ui/App.tsx.
    expect(first).toContain("Answer briefly; show code before prose.");
    expect(first).not.toContain("# Attached rules");
    expect(second).toContain('<attached-rule name="react-components"');
    expect(third).toContain('<attached-rule name="react-components"');
    // Stream triggers never appear in the prompt.
    expect(first).not.toContain("no-console-log");
    // read_rule's answer reached the model.
    expect(allText(model.doStreamCalls[2]?.prompt ?? [])).toContain("Release notes are written for users");
  });

  it("replaces a rules message of its own found in the prompt rather than adding a second", async () => {
    const model = scripted([textResponse(["ok"])]);
    const wrapped = wrapLanguageModel({ model, middleware: rb.middleware });
    const stale: LanguageModelV3Prompt = [
      { role: "system", content: "Caller." },
      { role: "system", content: "old rules", providerOptions: { rulebook: { part: "rules" } } },
      ...callOptions().prompt,
    ];
    const { stream } = await wrapped.doStream({ prompt: stale });
    await stream.pipeTo(new WritableStream());
    const sent = model.doStreamCalls[0]?.prompt ?? [];
    expect(sent.map((m) => m.role)).toEqual(["system", "system", "user"]);
    expect(ownMessages(sent, "rules")).toHaveLength(1);
    expect(allText(sent)).not.toContain("old rules");
  });

  it("attaches rules for the files a call names in providerOptions.rulebook.files, and for the files option", async () => {
    const model = scripted([textResponse(["ok"])]);
    const wrapped = wrapLanguageModel({ model, middleware: rb.middleware });
    await streamText({ model: wrapped, prompt: "Fix it.", providerOptions: { rulebook: { files: ["src/ui/App.tsx"] } } }).text;
    expect(ownMessages(model.doStreamCalls[0]?.prompt ?? [], "rules")[0]).toContain('file="src/ui/App.tsx"');

    const withFiles = await rulebookFor("agent", { files: ["src/ui/App.tsx"] });
    try {
      expect(withFiles.systemPrompt().text).toContain('<attached-rule name="react-components"');
    } finally {
      await withFiles.close();
    }
  });

  it("keeps within maxTokens as @rulebook/prompt does, naming what was left out", async () => {
    const small = await rulebookFor("agent", { maxTokens: 120 });
    try {
      const prompt = small.systemPrompt();
      expect(prompt.omitted.map((o) => o.name)).not.toEqual([]);
      expect(prompt.text).toContain("Left out to fit the token budget");
    } finally {
      await small.close();
    }
  });
});
