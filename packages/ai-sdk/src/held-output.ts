import type { LanguageModelV3StreamPart, SharedV3ProviderMetadata } from "@ai-sdk/provider";
import type { Holdback } from "./options.js";

type Part = LanguageModelV3StreamPart;
type Delta = Extract<Part, { type: "text-delta" | "reasoning-delta" }>;

/** The trigger streams whose output is text the consumer reads as it comes. */
export type TextStream = "text" | "thinking";

/** A part waiting its turn; a barrier (a tool part) waits for the end of the response. */
interface HeldPart {
  kind: "part";
  part: Part;
  barrier: boolean;
}

/** Consecutive deltas of one block, `[start, end)` in their trigger stream. */
interface HeldRun {
  kind: "run";
  type: Delta["type"];
  stream: TextStream;
  id: string;
  start: number;
  end: number;
  chunks: string[];
  providerMetadata?: SharedV3ProviderMetadata;
}

type Held = HeldPart | HeldRun;

/** Per trigger stream of one attempt: characters read, released, and where the current line starts. */
interface Cursor {
  fed: number;
  released: number;
  lineStart: number;
}

const COMPACT_AFTER = 64;

/**
 * The output of one model call that the consumer has not seen yet, in the order the model wrote
 * it. Text and reasoning are released up to what the holdback allows (the end of the last complete
 * line, all but the last n characters, or everything); a tool part and everything after it wait
 * for the end of the response, since a tool call that was handed over cannot be taken back.
 * `rewind` releases what comes before a firing's line and drops the rest.
 */
export class HeldOutput {
  /** Set when no rewind can happen any more: everything is released as it comes. */
  passThrough = false;
  private queue: Held[] = [];
  private head = 0;
  private cursors: Record<TextStream, Cursor> = { text: newCursor(), thinking: newCursor() };

  constructor(
    private readonly holdback: Holdback,
    private readonly emit: (part: Part) => void,
  ) {}

  /** The next attempt starts: its trigger streams start at offset 0. */
  reset(): void {
    this.queue = [];
    this.head = 0;
    this.cursors = { text: newCursor(), thinking: newCursor() };
  }

  /** Queues a text or reasoning delta; its characters are the next ones of `stream`. */
  pushDelta(stream: TextStream, part: Delta): void {
    const cursor = this.cursors[stream];
    const start = cursor.fed;
    const text = part.delta;
    cursor.fed += text.length;
    if (this.holdback === "line") {
      const lineBreak = text.lastIndexOf("\n");
      if (lineBreak >= 0) cursor.lineStart = start + lineBreak + 1;
    }
    const last = this.queue[this.queue.length - 1];
    if (
      last?.kind === "run" &&
      last.stream === stream &&
      last.id === part.id &&
      last.type === part.type &&
      !last.providerMetadata &&
      !part.providerMetadata
    ) {
      last.chunks.push(text);
      last.end = cursor.fed;
      return;
    }
    this.queue.push({
      kind: "run",
      type: part.type,
      stream,
      id: part.id,
      start,
      end: cursor.fed,
      chunks: [text],
      ...(part.providerMetadata && { providerMetadata: part.providerMetadata }),
    });
  }

  /** Queues any other part; a `barrier` waits for the end of the response. */
  pushPart(part: Part, barrier: boolean): void {
    this.queue.push({ kind: "part", part, barrier });
  }

  /** Releases, in order, everything the holdback no longer needs, up to the first barrier. */
  release(): void {
    const { queue } = this;
    while (this.head < queue.length) {
      const held = queue[this.head] as Held;
      if (held.kind === "part") {
        if (held.barrier && !this.passThrough) break;
        this.head++;
        this.emit(held.part);
        continue;
      }
      const safe = this.safe(held.stream);
      if (held.end <= safe) {
        this.head++;
        this.emitRun(held, held.end);
        continue;
      }
      if (held.start < safe) this.emitRun(held, safe);
      break;
    }
    this.compact();
  }

  /** Releases everything held: the response is complete and checked. */
  releaseAll(): void {
    const { queue } = this;
    while (this.head < queue.length) {
      const held = queue[this.head++] as Held;
      if (held.kind === "part") this.emit(held.part);
      else this.emitRun(held, held.end);
    }
    this.queue = [];
    this.head = 0;
  }

  /**
   * Takes back the output from a firing on: for text and reasoning, from the start of the line
   * the match starts on (or from what was already released, when that is later); for a tool
   * call, from the first tool part held. Everything held before that point is released (it is
   * final), everything after it is dropped, tool parts included.
   */
  rewind(stream: string, offset: number): void {
    const cut = stream === "text" || stream === "thinking" ? this.cutIndex(stream, offset) : this.firstBarrier();
    while (this.head < cut) {
      const held = this.queue[this.head++] as Held;
      if (held.kind === "part") this.emit(held.part);
      else this.emitRun(held, held.end);
    }
    this.queue = [];
    this.head = 0;
  }

  private safe(stream: TextStream): number {
    const cursor = this.cursors[stream];
    if (this.passThrough || this.holdback === "none") return cursor.fed;
    if (this.holdback === "line") return cursor.lineStart;
    return Math.max(cursor.released, cursor.fed - this.holdback);
  }

  /** Emits the run's text up to `to` and keeps the rest queued. */
  private emitRun(run: HeldRun, to: number): void {
    const text = run.chunks.length === 1 ? (run.chunks[0] as string) : run.chunks.join("");
    const cut = to - run.start;
    const released = cut === text.length ? text : text.slice(0, cut);
    if (cut < text.length) {
      run.chunks = [text.slice(cut)];
      run.start = to;
    }
    this.cursors[run.stream].released = to;
    const part: Delta = { type: run.type, id: run.id, delta: released };
    // A delta's provider metadata (a reasoning signature) goes with its last character.
    if (run.providerMetadata && cut === text.length) part.providerMetadata = run.providerMetadata;
    this.emit(part);
  }

  /** The queue index where a rewind on a text stream cuts, splitting a run at the cut when needed. */
  private cutIndex(stream: TextStream, offset: number): number {
    const cutAt = Math.max(this.cursors[stream].released, this.lineStart(stream, offset));
    const { queue } = this;
    for (let i = this.head; i < queue.length; i++) {
      const held = queue[i] as Held;
      if (held.kind === "part") {
        if (held.barrier) return i;
        continue;
      }
      if (held.stream !== stream || held.end <= cutAt) continue;
      if (held.start >= cutAt) return i;
      const text = held.chunks.join("");
      const split = cutAt - held.start;
      const after: HeldRun = { ...held, start: cutAt, chunks: [text.slice(split)] };
      held.chunks = [text.slice(0, split)];
      held.end = cutAt;
      queue.splice(i + 1, 0, after);
      return i + 1;
    }
    return queue.length;
  }

  /** Where the line holding `offset` starts, from the text still held (-1 when it started before). */
  private lineStart(stream: TextStream, offset: number): number {
    let start = -1;
    for (let i = this.head; i < this.queue.length; i++) {
      const held = this.queue[i] as Held;
      if (held.kind !== "run" || held.stream !== stream || held.start >= offset) continue;
      const text = held.chunks.join("").slice(0, offset - held.start);
      const lineBreak = text.lastIndexOf("\n");
      if (lineBreak >= 0) start = held.start + lineBreak + 1;
    }
    return start;
  }

  private firstBarrier(): number {
    for (let i = this.head; i < this.queue.length; i++) {
      const held = this.queue[i] as Held;
      if (held.kind === "part" && held.barrier) return i;
    }
    return this.queue.length;
  }

  private compact(): void {
    if (this.head === this.queue.length) {
      this.queue = [];
      this.head = 0;
    } else if (this.head > COMPACT_AFTER && this.head * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
  }
}

function newCursor(): Cursor {
  return { fed: 0, released: 0, lineStart: 0 };
}
