import type { LanguageModelV3StreamPart, LanguageModelV3StreamResult } from "@ai-sdk/provider";
import { jsonSchema, streamText, tool, wrapLanguageModel } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rulebookFor } from "../test/fixture.js";
import {
  answerSoFar,
  callOptions,
  cancellableStream,
  chunked,
  controlledStream,
  finish,
  opening,
  ownMessages,
  readAll,
  streamOf,
  textOf,
  textResponse,
  toolCallResponse,
  usage,
} from "../test/streams.js";
import type { Rulebook, RulebookMetadata, RulebookOptions } from "./index.js";

type Part = LanguageModelV3StreamPart;

// The match is split over two deltas, as a model's tokens split it.
const VIOLATING = ["Here is the change:\n", "```ts\n", "const count = tasks.length;\n", "console", ".log(", "count);\n", "```\n"];
const CLEAN = ['logger.debug("tasks", { count });\n', "```\n", "The count is logged at debug level.\n"];

let rulebooks: Rulebook[] = [];
async function rulebook(options: Partial<RulebookOptions> = {}): Promise<Rulebook> {
  const created = await rulebookFor("agent", options);
  rulebooks.push(created);
  return created;
}

afterAll(async () => {
  await Promise.all(rulebooks.map((r) => r.close()));
  rulebooks = [];
});

/** A mock model answering each call with the next of `responses` (the last one repeated). */
function scripted(responses: Part[][]): MockLanguageModelV3 {
  let call = 0;
  return new MockLanguageModelV3({
    doStream: async (): Promise<LanguageModelV3StreamResult> => {
      const parts = responses[Math.min(call++, responses.length - 1)] as Part[];
      return { stream: streamOf(parts) };
    },
  });
}

function metadataOf(value: unknown): RulebookMetadata {
  return (value as { rulebook: RulebookMetadata }).rulebook;
}

describe("a rule firing on the answer", () => {
  let rb: Rulebook;
  beforeAll(async () => {
    rb = await rulebook();
  });

  it("never shows the consumer `console.log(`; the retry gets the kept prefix and the reminder; one rewind is reported", async () => {
    const model = scripted([textResponse(VIOLATING), textResponse(CLEAN)]);
    const result = streamText({ model: wrapLanguageModel({ model, middleware: rb.middleware }), prompt: "Log the task count." });
    const deltas: string[] = [];
    for await (const part of result.fullStream) if (part.type === "text-delta") deltas.push(part.text);

    const text = await result.text;
    expect(text).toBe(`Here is the change:\n\`\`\`ts\nconst count = tasks.length;\n${CLEAN.join("")}`);
    expect(deltas.some((d) => d.includes("console.log"))).toBe(false);

    expect(model.doStreamCalls).toHaveLength(2);
    const retry = model.doStreamCalls[1]?.prompt ?? [];
    expect(answerSoFar(retry)).toBe("Here is the change:\n```ts\nconst count = tasks.length;");
    const [reminder] = ownMessages(retry, "reminder");
    expect(reminder).toContain('triggered the rule "no-console-log" by "console.log("');
    expect(reminder).toContain("use the logger");
    // The reminder sits with the system messages, before the conversation.
    expect(retry.findIndex((m) => m.role === "system" && m.content === reminder)).toBeLessThan(retry.findIndex((m) => m.role === "user"));

    const metadata = metadataOf(await result.providerMetadata);
    expect(metadata.rewinds).toEqual([
      { rule: "no-console-log", stream: "text", offset: VIOLATING.slice(0, 3).join("").length, match: "console.log(", attempt: 1 },
    ]);
    expect(metadata.attempts).toBe(2);
  });

  it("catches a match split over one-character deltas", async () => {
    const model = scripted([textResponse(chunked(VIOLATING.join(""), 1)), textResponse(CLEAN)]);
    const { stream } = await wrapLanguageModel({ model, middleware: rb.middleware }).doStream(callOptions());
    const parts = await readAll(stream);
    expect(textOf(parts)).toBe(`Here is the change:\n\`\`\`ts\nconst count = tasks.length;\n${CLEAN.join("")}`);
    const finish = parts.find((p) => p.type === "finish");
    expect(metadataOf(finish?.type === "finish" ? finish.providerMetadata : undefined).rewinds).toHaveLength(1);
  });

  it("gives the consumer one seamless stream: one stream-start, one text block, one finish with the usage of both calls", async () => {
    const model = scripted([textResponse(VIOLATING, { tokens: usage(100, 30) }), textResponse(CLEAN, { tokens: usage(140, 12) })]);
    const { stream } = await wrapLanguageModel({ model, middleware: rb.middleware }).doStream(callOptions());
    const parts = await readAll(stream);
    const types = parts.map((p) => p.type);
    expect(types.filter((t) => t === "stream-start")).toHaveLength(1);
    expect(types.filter((t) => t === "response-metadata")).toHaveLength(1);
    expect(parts.filter((p) => p.type === "text-start").map((p) => (p.type === "text-start" ? p.id : ""))).toEqual(["txt-0"]);
    expect(parts.filter((p) => p.type === "text-end")).toHaveLength(1);
    expect(types.at(-1)).toBe("finish");
    const finish = parts.at(-1);
    // The first call was cancelled before it reported usage: only the call that finished counts.
    expect(finish?.type === "finish" && finish.usage).toEqual(usage(140, 12));
  });

  it("catches a match in the reasoning and keeps the consumer's reasoning clean", async () => {
    const model = scripted([
      textResponse(["Done."], { reasoning: ["The user wants a count.\n", "I will add console.", "log(count) after the fetch.\n"] }),
      textResponse(["Done."], { reasoning: ["I will log it with logger.debug.\n"] }),
    ]);
    const { stream } = await wrapLanguageModel({ model, middleware: rb.middleware }).doStream(callOptions());
    const parts = await readAll(stream);
    expect(textOf(parts, "reasoning-delta")).toBe("The user wants a count.\nI will log it with logger.debug.\n");
    expect(textOf(parts)).toBe("Done.");
    const finish = parts.at(-1);
    expect(metadataOf(finish?.type === "finish" ? finish.providerMetadata : undefined).rewinds[0]).toMatchObject({
      rule: "no-console-log",
      stream: "thinking",
    });
  });

  it("never hands the consumer a tool call whose input matches `rm -rf /`", async () => {
    const model = scripted([
      [...toolCallResponse("call-1", "bash", ['{"command":"rm -rf /', 'tmp/cache"}'])],
      [...toolCallResponse("call-2", "bash", ['{"command":"rm -r tmp/cache"}'])],
    ]);
    const ran: string[] = [];
    const bash = tool({
      inputSchema: jsonSchema<{ command: string }>({ type: "object", properties: { command: { type: "string" } }, required: ["command"] }),
      execute: async ({ command }) => {
        ran.push(command);
        return "ok";
      },
    });
    const result = streamText({ model: wrapLanguageModel({ model, middleware: rb.middleware }), prompt: "Clear the cache.", tools: { bash } });
    const seen: string[] = [];
    for await (const part of result.fullStream) {
      if (part.type === "tool-call") seen.push(JSON.stringify(part.input));
      if (part.type === "tool-input-delta") seen.push(part.delta);
    }
    expect(seen.join("")).not.toContain("rm -rf /");
    expect(ran).toEqual(["rm -r tmp/cache"]);
    const metadata = metadataOf(await result.providerMetadata);
    expect(metadata.rewinds).toMatchObject([{ rule: "no-rm-rf", stream: "tool:call-1" }]);
  });
});

describe("bounded and visible", () => {
  it("a model that always violates is called maxRewinds + 1 times, then passes through with the firing reported", async () => {
    const rb = await rulebook({ maxRewinds: 3, repeat: { policy: "after-gap", turns: 1 } });
    const model = scripted([textResponse(VIOLATING)]);
    const result = streamText({ model: wrapLanguageModel({ model, middleware: rb.middleware }), prompt: "Log the task count." });
    const text = await result.text;
    expect(model.doStreamCalls).toHaveLength(4);
    expect(text).toContain("console.log(count);");
    const metadata = metadataOf(await result.providerMetadata);
    expect(metadata.rewinds.map((r) => r.attempt)).toEqual([1, 2, 3]);
    expect(metadata.firings.at(-1)).toMatchObject({ rule: "no-console-log", attempt: 4, action: "pass", reason: "max-rewinds" });
    // Each retry carries every reminder so far.
    expect(ownMessages(model.doStreamCalls[3]?.prompt ?? [], "reminder")).toHaveLength(3);
  });

  it("with the default repeat policy a rule rewinds once per call; its second firing passes and is reported", async () => {
    const rb = await rulebook();
    const model = scripted([textResponse(VIOLATING)]);
    const result = streamText({ model: wrapLanguageModel({ model, middleware: rb.middleware }), prompt: "Log the task count." });
    await result.text;
    expect(model.doStreamCalls).toHaveLength(2);
    const metadata = metadataOf(await result.providerMetadata);
    expect(metadata.firings.map((f) => [f.attempt, f.action, f.reason])).toEqual([
      [1, "rewind", undefined],
      [2, "pass", "repeat"],
    ]);
  });

  it("reports every firing to onFiring as it happens", async () => {
    const seen: string[] = [];
    const rb = await rulebook({ onFiring: (f) => seen.push(`${f.rule}:${f.action}`) });
    const model = scripted([textResponse(VIOLATING), textResponse(CLEAN)]);
    await streamText({ model: wrapLanguageModel({ model, middleware: rb.middleware }), prompt: "Log it." }).text;
    expect(seen).toEqual(["no-console-log:rewind"]);
  });

  it("cancelling the consumer's stream cancels the model's", async () => {
    const rb = await rulebook();
    const upstream = cancellableStream([
      ...opening(),
      { type: "text-start", id: "t" },
      ...chunked("line one\nline two\nline three\n".repeat(50), 7).map((delta): Part => ({ type: "text-delta", id: "t", delta })),
    ]);
    const model = new MockLanguageModelV3({ doStream: async () => ({ stream: upstream.stream }) });
    const { stream } = await wrapLanguageModel({ model, middleware: rb.middleware }).doStream(callOptions());
    const reader = stream.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) if (read.value.type === "text-delta") break;
    await reader.cancel("the user closed the tab");
    expect(await upstream.cancelled).toBe("the user closed the tab");
  });

  it("aborting the call's signal cancels the model's stream", async () => {
    const rb = await rulebook();
    const upstream = cancellableStream([
      ...opening(),
      { type: "text-start", id: "t" },
      ...chunked("a line\n".repeat(200), 5).map((delta): Part => ({ type: "text-delta", id: "t", delta })),
    ]);
    const model = new MockLanguageModelV3({ doStream: async () => ({ stream: upstream.stream }) });
    const abort = new AbortController();
    const result = streamText({ model: wrapLanguageModel({ model, middleware: rb.middleware }), prompt: "Go.", abortSignal: abort.signal });
    for await (const part of result.fullStream) if (part.type === "text-delta") break;
    abort.abort();
    expect(await upstream.cancelled).toBeDefined();
  });
});

describe("holdback", () => {
  it("releases line 1 before the model writes line 2", async () => {
    const rb = await rulebook();
    const upstream = controlledStream();
    const model = new MockLanguageModelV3({ doStream: async () => ({ stream: upstream.stream }) });
    const { stream } = await wrapLanguageModel({ model, middleware: rb.middleware }).doStream(callOptions());
    const reader = stream.getReader();
    upstream.push(
      ...opening(),
      { type: "text-start", id: "t" },
      { type: "text-delta", id: "t", delta: "line 1" },
      { type: "text-delta", id: "t", delta: "\nli" },
    );
    const received: string[] = [];
    // Reads until line 1 arrives; the model has written nothing more yet.
    while (!received.join("").includes("line 1\n")) {
      const { value } = await reader.read();
      if (value?.type === "text-delta") received.push(value.delta);
    }
    expect(received.join("")).toBe("line 1\n");
    upstream.push(
      { type: "text-delta", id: "t", delta: "ne 2\n" },
      { type: "text-end", id: "t" },
      { type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage: usage(1, 1) },
    );
    upstream.close();
    const rest = [];
    for (let read = await reader.read(); !read.done; read = await reader.read()) rest.push(read.value);
    expect(received.join("") + textOf(rest)).toBe("line 1\nline 2\n");
  });

  it('with holdback "none" the text flows as the model writes it; a firing still stops the model, though the start of a split match was shown', async () => {
    const rb = await rulebook({ holdback: "none" });
    const split = [...VIOLATING.slice(0, 3), "console.", "log(count);\n"];
    const model = scripted([textResponse(split), textResponse(CLEAN)]);
    const { stream } = await wrapLanguageModel({ model, middleware: rb.middleware }).doStream(callOptions());
    const parts = await readAll(stream);
    const shown = `${VIOLATING.slice(0, 3).join("")}console.`;
    expect(textOf(parts)).toBe(`${shown}${CLEAN.join("")}`);
    expect(answerSoFar(model.doStreamCalls[1]?.prompt ?? [])).toBe(shown);
  });

  it("with a holdback of n characters, the cut is at the start of the match's line when that line is still held", async () => {
    const rb = await rulebook({ holdback: 40 });
    const model = scripted([textResponse(VIOLATING), textResponse(CLEAN)]);
    const { stream } = await wrapLanguageModel({ model, middleware: rb.middleware }).doStream(callOptions());
    const parts = await readAll(stream);
    expect(textOf(parts)).toBe(`Here is the change:\n\`\`\`ts\nconst count = tasks.length;\n${CLEAN.join("")}`);
  });
});

describe("triggers settled at the end of a stream (`$`)", () => {
  it("take back the answer's last line at the finish, and the reasoning's", async () => {
    const rb = await rulebookFor("end-triggers", { repeat: { policy: "after-gap", turns: 1 } });
    rulebooks.push(rb);
    // Each retry continues the answer so far, as a model does.
    const model = scripted([
      textResponse(["Done with the parser.\n", "The tests: TODO"], { reasoning: ["Fine.\n"] }),
      textResponse(["The tests pass."], { reasoning: ["Tests: TODO"] }),
      textResponse(["The tests pass."], { reasoning: ["Checked.\n"] }),
    ]);
    const { stream } = await wrapLanguageModel({ model, middleware: rb.middleware }).doStream(callOptions());
    const parts = await readAll(stream);
    expect(textOf(parts)).toBe("Done with the parser.\nThe tests pass.");
    expect(textOf(parts, "reasoning-delta")).toBe("Fine.\nChecked.\n");
    const last = parts.at(-1);
    expect(metadataOf(last?.type === "finish" ? last.providerMetadata : undefined).rewinds.map((r) => [r.stream, r.attempt])).toEqual([
      ["text", 1],
      ["thinking", 2],
    ]);
  });

  it("take back a tool call whose streamed input ends on the match, at the input's end", async () => {
    const rb = await rulebookFor("end-triggers");
    rulebooks.push(rb);
    const model = scripted([toolCallResponse("c1", "note", ["write it ", "TODO"]), toolCallResponse("c2", "note", ["write it now"])]);
    const { stream } = await wrapLanguageModel({ model, middleware: rb.middleware }).doStream(callOptions());
    const parts = await readAll(stream);
    expect(parts.filter((p) => p.type === "tool-call").map((p) => (p.type === "tool-call" ? p.input : ""))).toEqual(["write it now"]);
    expect(parts.some((p) => "id" in p && p.id === "c1")).toBe(false);
    const last = parts.at(-1);
    expect(metadataOf(last?.type === "finish" ? last.providerMetadata : undefined).rewinds.map((r) => r.stream)).toEqual(["tool:c1"]);
  });
});

describe("tool calls a provider does not stream", () => {
  it("are checked whole at the tool call; a clean one before it in the response never reaches the consumer", async () => {
    const rb = await rulebook();
    const call = (toolCallId: string, command: string): Part => ({
      type: "tool-call",
      toolCallId,
      toolName: "bash",
      input: JSON.stringify({ command }),
    });
    const model = scripted([
      [...opening(), call("a", "ls"), call("b", "rm -rf /"), finish("tool-calls")],
      [...opening(), call("c", "ls"), call("d", "rm -r tmp"), finish("tool-calls")],
    ]);
    const { stream } = await wrapLanguageModel({ model, middleware: rb.middleware }).doStream(callOptions());
    const parts = await readAll(stream);
    expect(parts.filter((p) => p.type === "tool-call").map((p) => (p.type === "tool-call" ? p.toolCallId : ""))).toEqual(["c", "d"]);
    const finishPart = parts.at(-1);
    expect(metadataOf(finishPart?.type === "finish" ? finishPart.providerMetadata : undefined).rewinds).toMatchObject([
      { rule: "no-rm-rf", stream: "tool:b" },
    ]);
  });
});

describe("the model's stream, read as the consumer reads", () => {
  it("is read only as far as the consumer has read", async () => {
    const rb = await rulebook();
    const lines = chunked("a clean line\n".repeat(40), 13).map((delta): Part => ({ type: "text-delta", id: "t", delta }));
    const upstream = cancellableStream([...opening(), { type: "text-start", id: "t" }, ...lines, { type: "text-end", id: "t" }, finish()]);
    const model = new MockLanguageModelV3({ doStream: async () => ({ stream: upstream.stream }) });
    const { stream } = await wrapLanguageModel({ model, middleware: rb.middleware }).doStream(callOptions());
    const reader = stream.getReader();
    let deltas = 0;
    while (deltas < 3) if ((await reader.read()).value?.type === "text-delta") deltas++;
    expect(upstream.pulls()).toBeLessThan(20);
    await reader.cancel();
  });

  it("ends the consumer's stream when it ends without a finish part, with every block closed", async () => {
    const rb = await rulebook();
    const model = scripted([[...opening(), { type: "text-start", id: "t" }, { type: "text-delta", id: "t", delta: "cut off mid-" }]]);
    const { stream } = await wrapLanguageModel({ model, middleware: rb.middleware }).doStream(callOptions());
    const parts = await readAll(stream);
    expect(textOf(parts)).toBe("cut off mid-");
    expect(parts.map((p) => p.type).slice(-2)).toEqual(["text-delta", "text-end"]);
  });

  it("errors the consumer's stream with the model's error, and cancels the model's stream", async () => {
    const rb = await rulebook();
    const failure = new Error("connection reset");
    let cancelled: unknown;
    const broken = new ReadableStream<Part>({
      start(controller) {
        for (const part of [...opening(), { type: "text-start", id: "t" } as Part, { type: "text-delta", id: "t", delta: "partial\n" } as Part])
          controller.enqueue(part);
        controller.error(failure);
      },
      cancel: (reason) => {
        cancelled = reason;
      },
    });
    const model = new MockLanguageModelV3({ doStream: async () => ({ stream: broken }) });
    const { stream } = await wrapLanguageModel({ model, middleware: rb.middleware }).doStream(callOptions());
    await expect(readAll(stream)).rejects.toBe(failure);
    expect(cancelled).toBeUndefined();
  });

  it("cancels the model's stream when a trigger fires, saying why", async () => {
    const rb = await rulebook();
    const first = cancellableStream(textResponse(VIOLATING));
    let calls = 0;
    const model = new MockLanguageModelV3({ doStream: async () => ({ stream: calls++ === 0 ? first.stream : streamOf(textResponse(CLEAN)) }) });
    const { stream } = await wrapLanguageModel({ model, middleware: rb.middleware }).doStream(callOptions());
    await readAll(stream);
    expect(await first.cancelled).toBe("rulebook: a stream trigger fired; the output is rewound");
  });

  it("cancels the retry's stream when the consumer cancelled while it was being asked for", async () => {
    const rb = await rulebook();
    const retry = cancellableStream(textResponse(CLEAN));
    let asked: () => void = () => undefined;
    const retryAsked = new Promise<void>((resolve) => {
      asked = resolve;
    });
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    let calls = 0;
    const model = new MockLanguageModelV3({
      doStream: async () => {
        if (calls++ === 0) return { stream: streamOf(textResponse(VIOLATING)) };
        asked();
        await answered;
        return { stream: retry.stream };
      },
    });
    const { stream } = await wrapLanguageModel({ model, middleware: rb.middleware }).doStream(callOptions());
    const reader = stream.getReader();
    const reading = (async () => {
      while (!(await reader.read()).done);
    })();
    await retryAsked;
    await reader.cancel("the user left");
    answer();
    await reading;
    expect(await retry.cancelled).toBe("rulebook: the call was cancelled");
  });
});

describe("aborting the call", () => {
  it("errors the consumer's stream with the abort's reason", async () => {
    const rb = await rulebook();
    const upstream = cancellableStream([
      ...opening(),
      { type: "text-start", id: "t" },
      ...chunked("a line\n".repeat(200), 5).map((delta): Part => ({ type: "text-delta", id: "t", delta })),
    ]);
    const model = new MockLanguageModelV3({ doStream: async () => ({ stream: upstream.stream }) });
    const abort = new AbortController();
    const { stream } = await wrapLanguageModel({ model, middleware: rb.middleware }).doStream(callOptions("Go.", { abortSignal: abort.signal }));
    const reader = stream.getReader();
    while ((await reader.read()).value?.type !== "text-delta");
    const reason = new Error("stopped by the user");
    abort.abort(reason);
    await expect(reader.read()).rejects.toBe(reason);
    expect(await upstream.cancelled).toBe(reason);
  });

  it("before the call starts stops it at once", async () => {
    const rb = await rulebook();
    const upstream = cancellableStream(textResponse(CLEAN));
    const model = new MockLanguageModelV3({ doStream: async () => ({ stream: upstream.stream }) });
    const abort = new AbortController();
    const reason = new Error("too late");
    abort.abort(reason);
    const { stream } = await wrapLanguageModel({ model, middleware: rb.middleware }).doStream(callOptions("Go.", { abortSignal: abort.signal }));
    await expect(readAll(stream)).rejects.toBe(reason);
    expect(await upstream.cancelled).toBe(reason);
  });
});

describe("a call with no rewinds left", () => {
  it("holds nothing back: the text flows as the model writes it, and a firing is only reported", async () => {
    const rb = await rulebook({ maxRewinds: 0 });
    const upstream = controlledStream();
    const model = new MockLanguageModelV3({ doStream: async () => ({ stream: upstream.stream }) });
    const { stream } = await wrapLanguageModel({ model, middleware: rb.middleware }).doStream(callOptions());
    const reader = stream.getReader();
    upstream.push(...opening(), { type: "text-start", id: "t" }, { type: "text-delta", id: "t", delta: "no line break yet" });
    let received = "";
    while (received !== "no line break yet") {
      const { value } = await reader.read();
      if (value?.type === "text-delta") received += value.delta;
    }
    upstream.push({ type: "text-delta", id: "t", delta: " console.log(x)\n" }, { type: "text-end", id: "t" }, finish());
    upstream.close();
    const rest: Part[] = [];
    for (let read = await reader.read(); !read.done; read = await reader.read()) rest.push(read.value);
    expect(received + textOf(rest)).toBe("no line break yet console.log(x)\n");
    expect(model.doStreamCalls).toHaveLength(1);
    const last = rest.at(-1);
    expect(metadataOf(last?.type === "finish" ? last.providerMetadata : undefined).firings).toMatchObject([
      { rule: "no-console-log", action: "pass", reason: "max-rewinds" },
    ]);
  });
});
