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

describe("the parts the consumer gets", () => {
  function parts(holdback: Holdback) {
    const out: Part[] = [];
    const output = new HeldOutput(holdback, (part) => out.push(part));
    const log = () =>
      out.map((p) =>
        p.type === "text-delta" || p.type === "reasoning-delta"
          ? `${p.type} ${p.id} ${JSON.stringify(p.delta)}${p.providerMetadata ? " +metadata" : ""}`
          : p.type,
      );
    return { output, log };
  }
  const delta = (id: string, text: string, providerMetadata?: Record<string, Record<string, string>>): Part => ({
    type: "text-delta",
    id,
    delta: text,
    ...(providerMetadata && { providerMetadata }),
  });
  const thought = (id: string, text: string, providerMetadata?: Record<string, Record<string, string>>): Part => ({
    type: "reasoning-delta",
    id,
    delta: text,
    ...(providerMetadata && { providerMetadata }),
  });

  it("one delta for what is released at once from one block, never an empty one", () => {
    const { output, log } = parts("line");
    output.pushDelta("text", delta("t", "ab") as never);
    output.release();
    output.pushDelta("text", delta("t", "c\nd") as never);
    output.release();
    output.pushDelta("text", delta("t", "e\n") as never);
    output.release();
    expect(log()).toEqual(['text-delta t "abc\\n"', 'text-delta t "de\\n"']);
    output.pushDelta("text", delta("t", "fin") as never);
    output.release();
    output.releaseAll();
    expect(log().at(-1)).toBe('text-delta t "fin"');
  });

  it("blocks and streams apart: a delta of another block or of the reasoning is its own part", () => {
    const { output, log } = parts("none");
    output.pushDelta("thinking", thought("0", "hmm") as never);
    output.pushDelta("text", delta("0", "a") as never);
    output.pushDelta("text", delta("1", "b") as never);
    output.pushDelta("text", delta("1", "c") as never);
    output.release();
    expect(log()).toEqual(['reasoning-delta 0 "hmm"', 'text-delta 0 "a"', 'text-delta 1 "bc"']);
  });

  it("a delta's provider metadata (a reasoning signature) with its own text, on the last part of it", () => {
    const { output, log } = parts(8);
    output.pushDelta("thinking", thought("r", "I think") as never);
    output.pushDelta("thinking", thought("r", " so, surely", { anthropic: { signature: "sig" } }) as never);
    output.pushDelta("thinking", thought("r", " yes") as never);
    output.release();
    expect(log()).toEqual(['reasoning-delta r "I think"', 'reasoning-delta r " so, su"']);
    output.releaseAll();
    expect(log().slice(2)).toEqual(['reasoning-delta r "rely" +metadata', 'reasoning-delta r " yes"']);
  });

  it("keeps releasing in order after many parts were released at once", () => {
    const { output, log } = parts("line");
    output.pushDelta("text", delta("t", "abc") as never);
    for (let i = 0; i < 70; i++) output.pushPart({ type: "raw", rawValue: i }, false);
    output.pushDelta("text", delta("t", "\nmore") as never);
    output.release();
    output.pushDelta("text", delta("t", "x\n") as never);
    output.release();
    expect(log()).toEqual(['text-delta t "abc"', ...Array.from({ length: 70 }, () => "raw"), 'text-delta t "\\n"', 'text-delta t "morex\\n"']);
  });

  it("holds text afresh after everything was released", () => {
    const { output, log } = parts("line");
    output.pushDelta("text", delta("t", "one\n") as never);
    output.releaseAll();
    output.pushDelta("text", delta("t", "two\nthr") as never);
    output.release();
    expect(log()).toEqual(['text-delta t "one\\n"', 'text-delta t "two\\n"']);
  });
});

describe("where a rewind cuts", () => {
  it("at the start of the match's line in a later block, a line break at the block's first character", () => {
    const { output, shown } = held(100);
    output.pushDelta("text", { type: "text-delta", id: "a", delta: "first\nkept" });
    output.pushPart({ type: "text-end", id: "a" }, false);
    output.pushDelta("text", { type: "text-delta", id: "b", delta: "\nconsole." });
    output.rewind("text", "first\nkept\n".length);
    expect(shown()).toBe("first\nkept\n");
  });

  it("releases nothing of a first line that holds the match", () => {
    const { output, text, shown } = held(2);
    text("console.");
    expect(shown()).toBe("consol");
    output.rewind("text", 0);
    expect(shown()).toBe("consol");
    const { output: other, shown: otherShown } = held("line");
    other.pushDelta("text", { type: "text-delta", id: "t", delta: "console." });
    other.rewind("text", 0);
    expect(otherShown()).toBe("");
  });

  it("releases the other stream's text and the parts before the cut, and drops a tool call held before the match", () => {
    const { output, shown, out } = held("line");
    output.pushDelta("thinking", { type: "reasoning-delta", id: "r", delta: "I will call ls" });
    output.pushPart({ type: "text-start", id: "t" }, false);
    output.pushDelta("text", { type: "text-delta", id: "t", delta: "Listing" });
    output.rewind("text", 2);
    expect(out.map((p) => p.type)).toEqual(["reasoning-delta", "text-start"]);
    expect(shown()).toBe("");

    const second = held(100);
    second.output.pushDelta("text", { type: "text-delta", id: "t", delta: "Running\n" });
    second.output.pushPart({ type: "tool-call", toolCallId: "c", toolName: "ls", input: "{}" }, true);
    second.output.pushDelta("text", { type: "text-delta", id: "t", delta: " console." });
    second.output.rewind("text", "Running\n ".length);
    expect(second.shown()).toBe("Running\n");
  });

  it("on a tool stream, releases the text and parts held before the first tool part, everything when there is none", () => {
    const { output, shown, out } = held("line");
    output.pushDelta("text", { type: "text-delta", id: "t", delta: "Running it" });
    output.pushPart({ type: "text-end", id: "t" }, false);
    output.pushPart({ type: "tool-input-start", id: "c", toolName: "bash" }, true);
    output.rewind("tool:c", 0);
    expect(shown()).toBe("Running it");
    expect(out.map((p) => p.type)).toEqual(["text-delta", "text-end"]);
    const none = held("line");
    none.output.pushDelta("text", { type: "text-delta", id: "t", delta: "Running" });
    none.output.rewind("tool:c", 0);
    expect(none.shown()).toBe("Running");
  });

  it("releases what is held of the other stream when the match's text was already shown", () => {
    const { output, text, out } = held("line");
    text("done\n");
    output.pushDelta("thinking", { type: "reasoning-delta", id: "r", delta: "hmm" });
    output.release();
    output.rewind("text", 2);
    expect(out.map((p) => (p.type === "text-delta" || p.type === "reasoning-delta" ? p.delta : p.type))).toEqual(["done\n", "hmm"]);
  });

  it("keeps the parts that end a block the cut follows", () => {
    const { output, out } = held(100);
    output.pushDelta("text", { type: "text-delta", id: "a", delta: "line1\n" });
    output.pushPart({ type: "text-end", id: "a" }, false);
    output.pushDelta("text", { type: "text-delta", id: "b", delta: "console." });
    output.rewind("text", 6);
    expect(out.map((p) => p.type)).toEqual(["text-delta", "text-end"]);
  });

  it("finds the match's line across deltas, blocks and the other stream", () => {
    const merged = held(100);
    for (const delta of ["ok\nfi", "ne\nbad con", "sole."]) merged.output.pushDelta("text", { type: "text-delta", id: "t", delta });
    merged.output.rewind("text", "ok\nfine\n".length);
    expect(merged.shown()).toBe("ok\nfine\n");

    const thinking = held(100);
    thinking.output.pushDelta("thinking", { type: "reasoning-delta", id: "r", delta: "a\nplan" });
    thinking.output.pushDelta("text", { type: "text-delta", id: "t", delta: "bad console." });
    thinking.output.rewind("text", 4);
    expect(thinking.shown()).toBe("");

    const blocks = held(100);
    blocks.output.pushDelta("text", { type: "text-delta", id: "a", delta: "line1\nli" });
    blocks.output.pushPart({ type: "text-end", id: "a" }, false);
    blocks.output.pushDelta("text", { type: "text-delta", id: "b", delta: "ne2 console." });
    blocks.output.rewind("text", "line1\nline2 ".length);
    expect(blocks.shown()).toBe("line1\n");

    // A match spanning two blocks: the later block's line breaks come after it and do not count.
    const spanning = held(100);
    spanning.output.pushDelta("text", { type: "text-delta", id: "a", delta: "ok\nbad con" });
    spanning.output.pushPart({ type: "text-end", id: "a" }, false);
    spanning.output.pushDelta("text", { type: "text-delta", id: "b", delta: "sole.\nand more text" });
    spanning.output.rewind("text", 3);
    expect(spanning.shown()).toBe("ok\n");
  });

  it("cuts a retry on its own offsets, which start again at 0", () => {
    const { output, shown } = held(40);
    output.pushDelta("text", { type: "text-delta", id: "t", delta: "first attempt: console." });
    output.rewind("text", 0);
    output.reset();
    output.pushDelta("text", { type: "text-delta", id: "t", delta: "ok line\nbad console." });
    output.rewind("text", "ok line\nbad ".length);
    expect(shown()).toBe("ok line\n");
  });

  it("splits a run at the cut and keeps what follows the cut out", () => {
    const { output, shown } = held(100);
    output.pushDelta("text", { type: "text-delta", id: "t", delta: "ok\nfine\nbad console." });
    output.rewind("text", "ok\nfine\nbad ".length);
    expect(shown()).toBe("ok\nfine\n");
    output.pushDelta("text", { type: "text-delta", id: "t", delta: "retry\n" });
    output.releaseAll();
    expect(shown()).toBe("ok\nfine\nretry\n");
  });
});
