import type { LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { describe, expect, it } from "vitest";
import { HeldOutput } from "./held-output.js";
import type { Holdback } from "./options.js";

type Part = LanguageModelV3StreamPart;

function held(holdback: Holdback) {
  const out: Part[] = [];
  const output = new HeldOutput(holdback, (part) => out.push(part));
  const text = (delta: string) => {
    output.pushDelta("text", { type: "text-delta", id: "t", delta });
    output.release();
  };
  const shown = () => out.map((p) => (p.type === "text-delta" ? p.delta : p.type === "tool-call" ? `[${p.toolName}]` : "")).join("");
  return { output, out, text, shown };
}

describe("what the consumer sees while the model writes", () => {
  it('"line": each line once it is complete, however the deltas cut it', () => {
    const { text, shown } = held("line");
    text("const a");
    expect(shown()).toBe("");
    text(" = 1;\nconst b = 2;\nco");
    expect(shown()).toBe("const a = 1;\nconst b = 2;\n");
    text("nst c");
    expect(shown()).toBe("const a = 1;\nconst b = 2;\n");
  });

  it('"line": the last line of a text block waits for the end of the response, so a trigger settled there (`$`) can still take it back', () => {
    const { output, text, shown } = held("line");
    text("done\nreturn x");
    output.pushPart({ type: "text-end", id: "t" }, false);
    output.release();
    expect(shown()).toBe("done\n");
    output.releaseAll();
    expect(shown()).toBe("done\nreturn x");
  });

  it("n characters: everything but the last n", () => {
    const { text, shown } = held(4);
    text("abcdef");
    expect(shown()).toBe("ab");
    text("gh");
    expect(shown()).toBe("abcd");
  });

  it("a tool call, and whatever follows it, waits for the end of the response", () => {
    const { output, text, shown } = held("none");
    text("Running it.\n");
    output.pushPart({ type: "tool-call", toolCallId: "c", toolName: "bash", input: "{}" }, true);
    text("Done.\n");
    output.release();
    expect(shown()).toBe("Running it.\n");
    output.releaseAll();
    expect(shown()).toBe("Running it.\n[bash]Done.\n");
  });
});

describe("a rewind", () => {
  it("releases the lines before the match's line and drops the rest", () => {
    const { output, text, shown } = held("line");
    text("ok\nstill o");
    text("k\nbad: console.");
    output.rewind("text", "ok\nstill ok\nbad: ".length);
    expect(shown()).toBe("ok\nstill ok\n");
  });

  it("with a holdback of n characters, cuts at the start of the match's line if it is still held, else at what was shown", () => {
    const first = held(30);
    first.text("line one\nline two: console.lo");
    first.output.rewind("text", "line one\nline two: ".length);
    expect(first.shown()).toBe("line one\n");

    const second = held(4);
    second.text("a long line console.lo");
    second.output.rewind("text", "a long line ".length);
    expect(second.shown()).toBe("a long line consol");
  });

  it("drops every tool call held, the clean ones too, and keeps the text before them", () => {
    const { output, text, shown } = held("line");
    text("Two commands:\n");
    output.pushPart({ type: "tool-call", toolCallId: "a", toolName: "ls", input: "{}" }, true);
    output.pushPart({ type: "tool-input-start", id: "b", toolName: "bash" }, true);
    output.rewind("tool:b", 0);
    output.releaseAll();
    expect(shown()).toBe("Two commands:\n");
  });
});
