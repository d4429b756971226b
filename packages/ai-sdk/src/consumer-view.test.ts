import type { LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { describe, expect, it } from "vitest";
import { ConsumerView } from "./consumer-view.js";

type Part = LanguageModelV3StreamPart;

function consumer() {
  const seen: Part[] = [];
  const view = new ConsumerView((part) => seen.push(part));
  const release = (...parts: Part[]) => {
    for (const part of parts) view.release(part);
  };
  // Each part as the consumer reads it: its type and id, a delta's text.
  const log = () =>
    seen.map((p) => [p.type, "id" in p ? p.id : undefined, "delta" in p ? p.delta : undefined].filter((x) => x !== undefined).join(" "));
  return { view, seen, release, log };
}

const text = (id: string, ...deltas: string[]): Part[] => [
  { type: "text-start", id },
  ...deltas.map((delta): Part => ({ type: "text-delta", id, delta })),
];
const reasoning = (id: string, ...deltas: string[]): Part[] => [
  { type: "reasoning-start", id },
  ...deltas.map((delta): Part => ({ type: "reasoning-delta", id, delta })),
];

describe("what the consumer of a rewound stream is given", () => {
  it("one stream-start and one response-metadata, whatever each attempt sends; other parts as they come", () => {
    const { view, release, log } = consumer();
    const opening: Part[] = [
      { type: "stream-start", warnings: [] },
      { type: "response-metadata", id: "resp-1" },
    ];
    release(...opening, { type: "raw", rawValue: 1 });
    view.startAttempt();
    release(...opening, { type: "raw", rawValue: 2 });
    expect(log()).toEqual(["stream-start", "response-metadata resp-1", "raw", "raw"]);
  });

  it("block ids unique across attempts, with each part of a block under its new id", () => {
    const { view, release, log } = consumer();
    release(...text("t", "a"), { type: "text-end", id: "t" }, ...reasoning("r", "x"), { type: "reasoning-end", id: "r" });
    view.startAttempt();
    release(...text("t", "b"), { type: "text-end", id: "t" }, ...reasoning("r", "y"), { type: "reasoning-end", id: "r" });
    view.startAttempt();
    release(...text("t", "c"), { type: "text-end", id: "t" });
    expect(log()).toEqual([
      "text-start t",
      "text-delta t a",
      "text-end t",
      "reasoning-start r",
      "reasoning-delta r x",
      "reasoning-end r",
      "text-start t-1",
      "text-delta t-1 b",
      "text-end t-1",
      "reasoning-start r-1",
      "reasoning-delta r-1 y",
      "reasoning-end r-1",
      "text-start t-2",
      "text-delta t-2 c",
      "text-end t-2",
    ]);
  });

  it("a retry's first text and reasoning blocks continue the ones a rewind left open", () => {
    const { view, release, log } = consumer();
    release(...reasoning("r", "Thinking "), ...text("t", "Here is "));
    view.startAttempt();
    release(...reasoning("r2", "again."), { type: "reasoning-end", id: "r2" }, ...text("t2", "the answer."), { type: "text-end", id: "t2" });
    expect(log()).toEqual([
      "reasoning-start r",
      "reasoning-delta r Thinking ",
      "text-start t",
      "text-delta t Here is ",
      "reasoning-delta r again.",
      "reasoning-end r",
      "text-delta t the answer.",
      "text-end t",
    ]);
  });

  it("ends the blocks a rewind left open that no retry continued", () => {
    const { view, release, log } = consumer();
    release(...reasoning("r", "Thinking"), ...text("t", "Here"));
    view.startAttempt();
    release({ type: "tool-call", toolCallId: "c", toolName: "ls", input: "{}" });
    view.closeOpenBlocks();
    view.closeOpenBlocks();
    expect(log().slice(4)).toEqual(["tool-call", "reasoning-end r", "text-end t"]);
  });

  it("keeps the answer text it released, not the reasoning, while a retry may still come", () => {
    const { view, release } = consumer();
    release(...reasoning("r", "hidden thoughts"), ...text("t", "Here is ", "the answer."));
    expect(view.releasedText()).toBe("Here is the answer.");
    expect(view.releasedText()).toBe("Here is the answer.");
    view.keepText = false;
    release({ type: "text-delta", id: "t", delta: " More." });
    expect(view.releasedText()).toBe("Here is the answer.");
  });
});
