import type { Rule } from "@rulebook/core";
import type { TriggerPattern } from "./compile-pattern.js";
import { locateMatchStart, windowStart } from "./locate.js";
import { parseTtsrState } from "./state.js";
import { type Stream, retainedText } from "./stream.js";
import type { RepeatPolicy, TtsrFiring, TtsrState } from "./types.js";

/** What fired in the session and when: decides whether a rule may fire now, under the repeat policy. */
export class FiringLog {
  turn = 0;
  private readonly lastFired = new Map<string, number>();

  constructor(private readonly repeat: RepeatPolicy) {}

  /** True when the rule has not fired in this turn and the repeat policy lets it fire again. */
  eligible(name: string): boolean {
    const last = this.lastFired.get(name);
    if (last === undefined) return true;
    if (last === this.turn || this.repeat.policy === "once") return false;
    return this.turn - last >= this.repeat.turns;
  }

  /** Records that the rule fired in the current turn. */
  record(name: string): void {
    this.lastFired.set(name, this.turn);
  }

  /** A JSON-serialisable copy. */
  export(): TtsrState {
    return { version: 1, turn: this.turn, fired: [...this.lastFired].map(([rule, turn]) => ({ rule, turn })) };
  }

  /** Replaces the log with a state read back (checked; a malformed one throws a TypeError). */
  restore(state: TtsrState): void {
    const parsed = parseTtsrState(state);
    this.lastFired.clear();
    for (const entry of parsed.fired) this.lastFired.set(entry.rule, entry.turn);
    this.turn = parsed.turn;
  }
}

/**
 * The firing of a rule whose patterns have a match ending at `end`: its start is the leftmost one
 * within `maxMatchLength`, or the firing is marked truncated when every such match is longer.
 */
export function locateFiring(rule: Rule, patterns: readonly TriggerPattern[], stream: Stream, end: number, maxMatchLength: number): TtsrFiring {
  const retained = retainedText(stream);
  let offset: number | undefined;
  for (const pattern of patterns) {
    const start = locateMatchStart(pattern, retained, end, maxMatchLength);
    if (start !== undefined && (offset === undefined || start < offset)) offset = start;
  }
  const from = offset ?? windowStart(retained, end, maxMatchLength);
  const match = retained.text.slice(from - retained.start, end - retained.start);
  const firing: TtsrFiring = { rule, stream: stream.name, offset: from, match };
  if (offset === undefined) firing.truncated = true;
  return firing;
}

/** Checks the repeat option: a programming error throws a RangeError naming it. */
export function checkRepeat(repeat: RepeatPolicy): RepeatPolicy {
  if (repeat.policy === "once") return repeat;
  if (repeat.policy === "after-gap" && Number.isInteger(repeat.turns) && repeat.turns >= 1) return repeat;
  throw new RangeError(
    `@rulebook/ttsr: repeat must be { policy: "once" } or { policy: "after-gap", turns: integer >= 1 }, got ${JSON.stringify(repeat)}`,
  );
}
