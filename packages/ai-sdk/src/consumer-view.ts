import type { LanguageModelV3StreamPart } from "@ai-sdk/provider";

type Part = LanguageModelV3StreamPart;
type BlockKind = "text" | "reasoning";

/**
 * What the consumer of a rewound stream has been given, so that the model calls of one call read
 * as one stream: `stream-start` and `response-metadata` once; block ids unique across attempts;
 * the first text (or reasoning) block of a retry continuing the block a rewind left open, so the
 * answer reads on where the consumer's copy stopped; and the text released, which the retry
 * receives as the answer so far.
 */
export class ConsumerView {
  /** Cleared when no retry can come any more: the released text is then not kept. */
  keepText = true;
  private started = false;
  private metadataSent = false;
  private readonly used = new Set<string>();
  private readonly open = new Map<string, BlockKind>();
  private ids = new Map<string, string>();
  private continued = new Map<BlockKind, string>();
  private readonly text: string[] = [];

  constructor(private readonly enqueue: (part: Part) => void) {}

  /** A retry starts: its block ids are its own, and the blocks left open are there to be continued. */
  startAttempt(): void {
    this.ids = new Map();
    this.continued = new Map();
    for (const [id, kind] of this.open) this.continued.set(kind, id);
  }

  /** Hands one part of the current attempt to the consumer, with its ids mapped. */
  release(part: Part): void {
    switch (part.type) {
      case "stream-start":
        if (this.started) return;
        this.started = true;
        break;
      case "response-metadata":
        if (this.metadataSent) return;
        this.metadataSent = true;
        break;
      case "text-start":
      case "reasoning-start": {
        const kind: BlockKind = part.type === "text-start" ? "text" : "reasoning";
        const open = this.continued.get(kind);
        if (open !== undefined) {
          this.continued.delete(kind);
          this.ids.set(part.id, open);
          return;
        }
        const id = this.uniqueId(part.id);
        this.ids.set(part.id, id);
        this.open.set(id, kind);
        this.enqueue(id === part.id ? part : { ...part, id });
        return;
      }
      case "text-delta":
      case "reasoning-delta": {
        const id = this.ids.get(part.id) ?? part.id;
        if (part.type === "text-delta" && this.keepText) this.text.push(part.delta);
        this.enqueue(id === part.id ? part : { ...part, id });
        return;
      }
      case "text-end":
      case "reasoning-end": {
        const id = this.ids.get(part.id) ?? part.id;
        this.open.delete(id);
        this.enqueue(id === part.id ? part : { ...part, id });
        return;
      }
    }
    this.enqueue(part);
  }

  /** Ends the blocks a rewind left open that no retry continued. */
  closeOpenBlocks(): void {
    for (const [id, kind] of this.open) this.enqueue(kind === "text" ? { type: "text-end", id } : { type: "reasoning-end", id });
    this.open.clear();
  }

  /** The answer text the consumer has received so far. */
  releasedText(): string {
    const joined = this.text.join("");
    this.text.length = 0;
    this.text.push(joined);
    return joined;
  }

  private uniqueId(id: string): string {
    let unique = id;
    for (let n = 1; this.used.has(unique); n++) unique = `${id}-${n}`;
    this.used.add(unique);
    return unique;
  }
}
