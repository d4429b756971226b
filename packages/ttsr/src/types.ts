import type { Diagnostic, Rule } from "@rulebook/core";

/** When a rule that fired may fire again: never (`once`), or `turns` turns after it last fired. */
export type RepeatPolicy = { policy: "once" } | { policy: "after-gap"; turns: number };

/** Options of {@link createTtsrManager}. */
export interface TtsrManagerOptions {
  /** Defaults to `{ policy: "once" }`. */
  repeat?: RepeatPolicy;
  /**
   * Matches up to this many UTF-16 code units long are located exactly; longer ones still fire at
   * the right moment but are marked `truncated`. It is also how much text each stream keeps.
   * Defaults to {@link DEFAULT_MAX_MATCH_LENGTH}.
   */
  maxMatchLength?: number;
}

/** One rule firing on a stream. */
export interface TtsrFiring {
  rule: Rule;
  /** The stream it fired on: `text` by default, or e.g. `thinking`, `tool:<id>`. */
  stream: string;
  /** Absolute position in the stream (UTF-16 code units since the turn started) where the match starts. */
  offset: number;
  /** The matched text. */
  match: string;
  /** Present when the match is longer than `maxMatchLength`: `offset` is then `end - maxMatchLength`. */
  truncated?: true;
}

/** What {@link TtsrManager.addRule} and the trigger checker say about a rule. */
export interface TtsrRuleCheck {
  /** True when at least one of the rule's patterns is usable. */
  accepted: boolean;
  /** One `condition-pattern-invalid` warning per refused pattern. */
  diagnostics: Diagnostic[];
}

/** The session memory of a manager, JSON-serialisable: which rules fired, when, and the current turn. */
export interface TtsrState {
  version: 1;
  /** The current turn number. */
  turn: number;
  /** Each rule that fired in the session, with the last turn it fired in. */
  fired: { rule: string; turn: number }[];
}

/** Watches streamed model output and says when a rule's pattern appears (docs/behaviour.md#stream-triggers). */
export interface TtsrManager {
  /** The rules being watched, in the order they were added: the accepted ones, minus any whose every pattern was dropped for its cost. */
  readonly rules: readonly Rule[];
  /** Compiles the rule's patterns and watches them when at least one is usable; a rule of the same name is replaced. */
  addRule(rule: Rule): TtsrRuleCheck;
  /** Feeds the next piece of a stream; returns the rules that fire, ordered by offset. */
  check(delta: string, stream?: string): TtsrFiring[];
  /** Marks the end of a stream for this turn, which settles matches ending with `$`, `\b` or `\B`. */
  endStream(stream?: string): TtsrFiring[];
  /** Starts a new turn: every stream starts empty again and the turn counter advances. */
  startTurn(): void;
  /** The current turn number (0 before the first {@link startTurn}). */
  readonly turn: number;
  /**
   * Problems met while watching: a pattern whose automaton kept building new states (and so would
   * have slowed every delta down) is no longer watched, with a `condition-pattern-invalid` warning.
   */
  readonly diagnostics: readonly Diagnostic[];
  /** A JSON-serialisable copy of what fired in the session. */
  exportState(): TtsrState;
  /** Restores what fired and the turn counter; every stream starts empty. */
  restoreState(state: TtsrState): void;
}

/** The default guarantee window of {@link TtsrManagerOptions.maxMatchLength}. */
export const DEFAULT_MAX_MATCH_LENGTH = 4096;
