import type { LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { RuleUrlError } from "@rulebook/core";
import { stepCountIs, streamText, wrapLanguageModel } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rulebookFor } from "../test/fixture.js";
import { streamOf, textResponse, toolCallResponse } from "../test/streams.js";
import { type Rulebook, readRule } from "./index.js";

let rb: Rulebook;
beforeAll(async () => {
  rb = await rulebookFor("agent");
});
afterAll(() => rb.close());

const context = { toolCallId: "t1", messages: [] };

describe("read_rule", () => {
  it("reads a rule by rule://name or by its bare name, as `rulebook read` prints it", async () => {
    const byUrl = await rb.tools.read_rule.execute?.({ name: "rule://release-notes" }, context);
    const byName = await rb.tools.read_rule.execute?.({ name: "release-notes" }, context);
    expect(byUrl).toBe("Release notes are written for users: say what changed for them, in one sentence per change.");
    expect(byName).toBe(byUrl);
    // Every winning rule is reachable, stream triggers included, with their content.
    expect(readRule(rb.current().partition, "no-rm-rf")).toContain("Never delete from the file-system root.");
  });

  it("answers an unknown name with an error listing the names there are", async () => {
    expect(() => readRule(rb.current().partition, "rule://release")).toThrow(RuleUrlError);
    await expect(rb.tools.read_rule.execute?.({ name: "release" }, context)).rejects.toThrow(/unknown rule "release"; did you mean: release-notes/);
  });

  it("gives the model the error as the tool's result, so it can pick a listed name", async () => {
    let call = 0;
    const responses: LanguageModelV3StreamPart[][] = [toolCallResponse("c1", "read_rule", ['{"name":"nope"}']), textResponse(["ok"])];
    const model = new MockLanguageModelV3({ doStream: async () => ({ stream: streamOf(responses[call++] ?? []) }) });
    const result = streamText({
      model: wrapLanguageModel({ model, middleware: rb.middleware }),
      prompt: "Read nope.",
      tools: rb.tools,
      stopWhen: stepCountIs(2),
    });
    await result.text;
    const toolMessage = model.doStreamCalls[1]?.prompt.find((m) => m.role === "tool");
    const output = toolMessage?.role === "tool" ? toolMessage.content[0] : undefined;
    expect(output).toMatchObject({ type: "tool-result", toolName: "read_rule", output: { type: "error-text" } });
    expect(JSON.stringify(output)).toContain(
      String.raw`unknown rule \"nope\"; available: no-console-log, no-rm-rf, answer-style, AGENTS, react-components, release-notes`,
    );
  });
});
