import type { Diagnostic, Rule } from "@rulebook/core";
import { isHighSurrogate } from "@rulebook/core/text";
import { type TriggerEngine, type TtsrFiring, createTtsrManager, renderTtsrReminder } from "@rulebook/ttsr";

/** One stream-trigger firing seen while replaying a stream. */
export interface ReplayFiring {
  rule: Rule;
  /** Position in the stream where the match starts. */
  offset: number;
  match: string;
  /** How many characters had been streamed when it fired. */
  streamed: number;
  firing: TtsrFiring;
}

/** What the agent does at the first firing: cut the stream before the match and inject reminders. */
export interface Interruption {
  /** Characters streamed when the agent stopped the stream. */
  streamed: number;
  /** Where the stream is cut: the start of the earliest match of that delta. */
  cut: number;
  /** The output the agent keeps. */
  kept: string;
  firings: ReplayFiring[];
  /** The system reminders injected before the model tries again. */
  reminders: string[];
}

/** The result of replaying a recorded stream through a stream-trigger manager. */
export interface StreamReplay {
  firings: ReplayFiring[];
  interruption?: Interruption;
  /** Problems the replay itself found (patterns dropped for their cost on this stream). */
  diagnostics: Diagnostic[];
  /** The rules the manager accepted. */
  watched: Rule[];
}

/**
 * Feeds `text` to a fresh manager holding `rules`, in deltas of `chunk` characters (never
 * splitting a surrogate pair), as one answer stream of one turn, and reports every firing
 * and what the agent would do at the first one. With the session's `triggers`, the manager
 * reuses their compilations and does not repeat the problems the load already reported.
 */
export function replayStream(rules: readonly Rule[], text: string, chunk: number, triggers?: TriggerEngine): StreamReplay {
  const manager = triggers ? triggers.createManager() : createTtsrManager();
  const diagnostics: Diagnostic[] = [];
  const watched: Rule[] = [];
  for (const rule of rules) {
    const added = manager.addRule(rule);
    diagnostics.push(...added.diagnostics);
    if (added.accepted) watched.push(rule);
  }
  manager.startTurn();
  const firings: ReplayFiring[] = [];
  let interruption: Interruption | undefined;
  const record = (fired: readonly TtsrFiring[], streamed: number) => {
    const batch = fired.map((firing) => ({ rule: firing.rule, offset: firing.offset, match: firing.match, streamed, firing }));
    firings.push(...batch);
    if (batch.length === 0 || interruption) return;
    const cut = Math.min(...batch.map((f) => f.offset));
    const reminders = batch.map((f) => renderTtsrReminder(f.rule, f.firing));
    interruption = { streamed, cut, kept: text.slice(0, cut), firings: batch, reminders };
  };
  for (let start = 0; start < text.length; ) {
    let end = Math.min(start + chunk, text.length);
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end++;
    record(manager.check(text.slice(start, end)), end);
    start = end;
  }
  // Patterns ending in `$` or `\b` can only be settled once the stream is over.
  record(manager.endStream(), text.length);
  // Patterns the engine stopped watching because they cost too much on this stream.
  diagnostics.push(...manager.diagnostics);
  return { firings, ...(interruption && { interruption }), diagnostics, watched };
}
