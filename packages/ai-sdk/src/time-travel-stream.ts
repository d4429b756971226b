import type { LanguageModelV3, LanguageModelV3CallOptions, LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { type TtsrFiring, type TtsrManager, renderTtsrReminder } from "@rulebook/ttsr";
import { ConsumerView } from "./consumer-view.js";
import { HeldOutput, type TextStream } from "./held-output.js";
import type { Holdback } from "./options.js";
import { retryPrompt } from "./retry-prompt.js";
import { PROVIDER_KEY } from "./provider-key.js";
import type { CallReport } from "./rewind-report.js";
import { UsageTotal } from "./usage.js";

type Part = LanguageModelV3StreamPart;

/** One model call under stream triggers: what it asked, the model below the middleware, and its one manager and report. */
export interface TriggerCall {
  params: LanguageModelV3CallOptions;
  model: LanguageModelV3;
  manager: TtsrManager;
  report: CallReport;
  holdback: Holdback;
}

/**
 * The consumer's side of a streamed call with time travel: reads `first`, feeds every text,
 * reasoning and tool-input delta to the call's trigger manager, and releases output as the
 * holdback allows. When a rule fires and may rewind, it cancels the model's stream, drops what
 * was held from the match's line on, and streams a new model call (the same parameters, the
 * reminders as system messages, the released text as the answer so far) into the same output.
 * Cancelling the output, or the call's abort signal, cancels the model's stream.
 */
export function timeTravelStream(call: TriggerCall, first: ReadableStream<Part>): ReadableStream<Part> {
  let run: TimeTravelRun | undefined;
  return new ReadableStream<Part>({
    start(controller) {
      run = new TimeTravelRun(call, first, controller);
    },
    pull: () => run?.pull(),
    cancel: (reason) => run?.cancel(reason),
  });
}

class TimeTravelRun {
  private reader: ReadableStreamDefaultReader<Part>;
  private readonly view: ConsumerView;
  private readonly held: HeldOutput;
  private readonly usage = new UsageTotal();
  private readonly reminders: string[] = [];
  private toolStreams = new Set<string>();
  /** The firing that rewinds, once decided: acted on by `pull` before the next read. */
  private rewindFor: TtsrFiring | undefined;
  private emitted = 0;
  private finished = false;
  private readonly abort = () => this.stop(this.call.params.abortSignal?.reason, true);

  constructor(
    private readonly call: TriggerCall,
    first: ReadableStream<Part>,
    private readonly controller: ReadableStreamDefaultController<Part>,
  ) {
    this.reader = first.getReader();
    this.view = new ConsumerView((part) => {
      this.emitted++;
      controller.enqueue(part);
    });
    this.held = new HeldOutput(call.holdback, (part) => this.view.release(part));
    this.noMoreRewindsIfSpent();
    call.manager.startTurn();
    const signal = call.params.abortSignal;
    if (signal?.aborted) this.abort();
    else signal?.addEventListener("abort", this.abort, { once: true });
  }

  /** Reads the model until something reaches the consumer (or the end). */
  async pull(): Promise<void> {
    const before = this.emitted;
    try {
      while (!this.finished && this.emitted === before) {
        const { done, value } = await this.reader.read();
        if (this.finished) return;
        if (done) {
          this.end();
          return;
        }
        // Deciding is synchronous (one microtask less per part); only a rewind waits, for the next model call.
        this.accept(value);
        const firing = this.rewindFor;
        if (firing) {
          this.rewindFor = undefined;
          await this.rewind(firing);
        }
      }
    } catch (error) {
      this.stop(error, true);
    }
  }

  /** The consumer cancelled: so is the model's stream. */
  cancel(reason: unknown): void {
    this.stop(reason, false);
  }

  private accept(part: Part): void {
    const { manager } = this.call;
    switch (part.type) {
      case "text-delta":
        this.delta("text", part);
        return;
      case "reasoning-delta":
        this.delta("thinking", part);
        return;
      case "tool-input-start":
        this.toolStreams.add(part.id);
        this.held.pushPart(part, true);
        break;
      case "tool-input-delta":
        this.held.pushPart(part, true);
        if (this.fired(manager.check(part.delta, `tool:${part.id}`))) return;
        break;
      case "tool-input-end":
        this.held.pushPart(part, true);
        if (this.fired(manager.endStream(`tool:${part.id}`))) return;
        break;
      case "tool-call": {
        this.held.pushPart(part, true);
        const stream = `tool:${part.toolCallId}`;
        // A provider that streams no input deltas: the whole input is checked here.
        if (!this.toolStreams.has(part.toolCallId) && this.fired([...manager.check(part.input, stream), ...manager.endStream(stream)])) return;
        break;
      }
      case "tool-result":
      case "tool-approval-request":
        this.held.pushPart(part, true);
        break;
      case "finish":
        this.finish(part);
        return;
      default:
        this.held.pushPart(part, false);
    }
    this.held.release();
  }

  private delta(stream: TextStream, part: Extract<Part, { type: "text-delta" | "reasoning-delta" }>): void {
    this.held.pushDelta(stream, part);
    const firings = this.call.manager.check(part.delta, stream);
    if (firings.length > 0 && this.fired(firings)) return;
    this.held.release();
  }

  private finish(part: Extract<Part, { type: "finish" }>): void {
    this.usage.add(part.usage);
    const { manager } = this.call;
    if (this.fired([...manager.endStream("text"), ...manager.endStream("thinking")])) return;
    this.held.releaseAll();
    this.view.closeOpenBlocks();
    const providerMetadata = { ...part.providerMetadata, [PROVIDER_KEY]: this.call.report.metadata() };
    this.controller.enqueue({ type: "finish", usage: this.usage.total(), finishReason: part.finishReason, providerMetadata });
    this.emitted++;
    this.close();
  }

  /** Decides each firing in order; the first that may rewind is kept for `pull` to act on, and true is returned. */
  private fired(firings: TtsrFiring[]): boolean {
    for (const firing of firings) {
      if (this.call.report.decide(firing) === "rewind") {
        this.rewindFor = firing;
        return true;
      }
    }
    return false;
  }

  private async rewind(firing: TtsrFiring): Promise<void> {
    this.reader.cancel("rulebook: a stream trigger fired; the output is rewound").catch(() => undefined);
    this.held.rewind(firing.stream, firing.offset);
    this.reminders.push(renderTtsrReminder(firing.rule, firing));
    const { report, manager, params, model } = this.call;
    report.nextAttempt();
    manager.startTurn();
    this.view.startAttempt();
    this.held.reset();
    this.toolStreams = new Set();
    this.noMoreRewindsIfSpent();
    const next = await model.doStream({ ...params, prompt: retryPrompt(params.prompt, this.reminders, this.view.releasedText()) });
    this.reader = next.stream.getReader();
    if (this.finished) this.reader.cancel("rulebook: the call was cancelled").catch(() => undefined);
  }

  /** Once the call has used its rewinds, nothing is held back any more (firings are only reported). */
  private noMoreRewindsIfSpent(): void {
    if (this.call.report.canRewind()) return;
    this.held.passThrough = true;
    this.view.keepText = false;
  }

  /** The model's stream ended without a finish part: what is held is all there is. */
  private end(): void {
    this.held.releaseAll();
    this.view.closeOpenBlocks();
    this.close();
  }

  private close(): void {
    if (this.finished) return;
    this.finished = true;
    this.call.params.abortSignal?.removeEventListener("abort", this.abort);
    this.controller.close();
    this.reader.cancel().catch(() => undefined);
  }

  /** Stops on cancel, abort or error: the model's stream is cancelled; an abort or error also ends the output with it. */
  private stop(reason: unknown, errorOutput: boolean): void {
    if (this.finished) return;
    this.finished = true;
    this.call.params.abortSignal?.removeEventListener("abort", this.abort);
    this.reader.cancel(reason).catch(() => undefined);
    if (errorOutput) {
      try {
        this.controller.error(reason);
      } catch {
        // The output was already closed by the consumer.
      }
    }
  }
}
