import type { Diagnostic, Rule } from "@rulebook/core";
import type { TriggerPattern } from "./compile-pattern.js";
import { FiringLog, checkRepeat, locateFiring } from "./firings.js";
import type { MatchEndHandler } from "./set-scanner.js";
import { type Stream, feedStream, openStream, rescanStream, trimStream } from "./stream.js";
import { type CompiledRuleTrigger, compileRuleTrigger } from "./trigger-check.js";
import { DEFAULT_MAX_MATCH_LENGTH, type TtsrFiring, type TtsrManager, type TtsrManagerOptions } from "./types.js";
import { type Automaton, type WatchedRule, WatchList } from "./watch-list.js";

/**
 * Creates a stream-trigger manager: add rules, feed each stream's deltas with `check`, and act on
 * the firings. All patterns run together in one linear-time automaton, stepped once per character.
 */
export function createTtsrManager(options: TtsrManagerOptions = {}): TtsrManager {
  return createManager(options, (rule) => compileRuleTrigger(rule));
}

/** A manager that compiles rules with `compile` (a trigger engine passes its cached compilations). */
export function createManager(options: TtsrManagerOptions, compile: (rule: Rule) => CompiledRuleTrigger): TtsrManager {
  const maxMatchLength = options.maxMatchLength ?? DEFAULT_MAX_MATCH_LENGTH;
  if (!Number.isInteger(maxMatchLength) || maxMatchLength < 1) {
    throw new RangeError(`@rulebook/ttsr: maxMatchLength must be a positive integer, got ${maxMatchLength}`);
  }
  return new StreamTriggers(new FiringLog(checkRepeat(options.repeat ?? { policy: "once" })), maxMatchLength, compile);
}

/** The manager: the rules watched, one stream per name in this turn, and who fired. */
class StreamTriggers implements TtsrManager {
  private readonly watch = new WatchList();
  private readonly found: Diagnostic[] = [];
  private streams = new Map<string, Stream>();
  // Two characters of context before the earliest start a match may need, plus a surrogate pair.
  private readonly keep: number;

  constructor(
    private readonly log: FiringLog,
    private readonly maxMatchLength: number,
    private readonly compile: (rule: Rule) => CompiledRuleTrigger,
  ) {
    this.keep = maxMatchLength + 4;
  }

  get rules() {
    return this.watch.rules;
  }

  get turn() {
    return this.log.turn;
  }

  get diagnostics() {
    return [...this.found];
  }

  // The public methods are fields, so a method taken from the manager (`const { check } = manager`) still works.
  addRule = (rule: Rule) => this.watch.add(rule, this.compile(rule));

  check = (delta: string, name = "text"): TtsrFiring[] => {
    const stream = this.streamNamed(name);
    return delta === "" ? [] : this.scan(stream, delta, false);
  };

  endStream = (name = "text"): TtsrFiring[] => {
    const stream = this.streamNamed(name);
    const firings = this.scan(stream, "", true);
    stream.ended = true;
    return firings;
  };

  startTurn = (): void => {
    this.log.turn++;
    this.streams = new Map();
  };

  exportState = () => this.log.export();

  restoreState = (state: Parameters<TtsrManager["restoreState"]>[0]): void => {
    this.log.restore(state);
    this.streams = new Map();
  };

  private automaton(): Automaton {
    if (!this.watch.stale) return this.watch.automaton();
    const built = this.watch.automaton();
    for (const stream of this.streams.values()) rescanStream(stream, built.scanner);
    return built;
  }

  // Rules that already fired keep matching; this runs at each of their matches, so nothing is
  // allocated until a rule can fire.
  private collector(stream: Stream, firings: TtsrFiring[], settledOnly: boolean): MatchEndHandler {
    const { owners } = this.automaton();
    return (ids, end) => {
      let hits: Map<WatchedRule, TriggerPattern[]> | undefined;
      for (const id of ids) {
        const owner = owners[id];
        if (!owner || (settledOnly && owner.watched.endSensitive) || !this.log.eligible(owner.watched.rule.name)) continue;
        hits ??= new Map();
        const patterns = hits.get(owner.watched);
        if (patterns) patterns.push(owner.pattern);
        else hits.set(owner.watched, [owner.pattern]);
      }
      for (const [hit, patterns] of hits ?? []) {
        this.log.record(hit.rule.name);
        firings.push(locateFiring(hit.rule, patterns, stream, end, this.maxMatchLength));
      }
    };
  }

  // Reads the delta, then asks the automaton which matches end right after it. Until the stream has
  // ended, that answer only holds for rules whose matches cannot end with an assertion.
  private scan(stream: Stream, delta: string, ended: boolean): TtsrFiring[] {
    const firings: TtsrFiring[] = [];
    let unread = delta;
    while (!feedStream(stream, this.automaton().scanner, unread, ended, this.collector(stream, firings, false))) {
      unread = "";
      this.found.push(...this.watch.forgetOverspent(stream.name));
      const { scanner } = this.automaton();
      for (const open of this.streams.values()) open.state = scanner.without(open.state);
    }
    const atEnd = this.automaton().scanner.end(stream.state);
    if (atEnd.length > 0) this.collector(stream, firings, !ended)(atEnd, stream.consumed);
    trimStream(stream, this.keep);
    // Stable: firings with the same offset stay in the order their matches ended, then rule order.
    return firings.length > 1 ? firings.sort((a, b) => a.offset - b.offset) : firings;
  }

  private streamNamed(name: string): Stream {
    let stream = this.streams.get(name);
    if (!stream) {
      stream = openStream(name, this.automaton().scanner);
      this.streams.set(name, stream);
    }
    if (stream.ended) throw new Error(`@rulebook/ttsr: stream "${name}" has ended in this turn; call startTurn() first`);
    return stream;
  }
}
