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
  const log = new FiringLog(checkRepeat(options.repeat ?? { policy: "once" }));
  const maxMatchLength = options.maxMatchLength ?? DEFAULT_MAX_MATCH_LENGTH;
  if (!Number.isInteger(maxMatchLength) || maxMatchLength < 1) {
    throw new RangeError(`@rulebook/ttsr: maxMatchLength must be a positive integer, got ${maxMatchLength}`);
  }
  // Two characters of context before the earliest start a match may need, plus a surrogate pair.
  const keep = maxMatchLength + 4;
  const watch = new WatchList();
  const diagnostics: Diagnostic[] = [];
  let streams = new Map<string, Stream>();

  function automaton(): Automaton {
    if (!watch.stale) return watch.automaton();
    const built = watch.automaton();
    for (const stream of streams.values()) rescanStream(stream, built.scanner);
    return built;
  }

  // Rules that already fired keep matching; this runs at each of their matches, so nothing is
  // allocated until a rule can fire.
  function collector(stream: Stream, firings: TtsrFiring[], settledOnly: boolean): MatchEndHandler {
    const { owners } = automaton();
    return (ids, end) => {
      let hits: Map<WatchedRule, TriggerPattern[]> | undefined;
      for (const id of ids) {
        const owner = owners[id];
        if (!owner || (settledOnly && owner.watched.endSensitive) || !log.eligible(owner.watched.rule.name)) continue;
        hits ??= new Map();
        const patterns = hits.get(owner.watched);
        if (patterns) patterns.push(owner.pattern);
        else hits.set(owner.watched, [owner.pattern]);
      }
      for (const [hit, patterns] of hits ?? []) {
        log.record(hit.rule.name);
        firings.push(locateFiring(hit.rule, patterns, stream, end, maxMatchLength));
      }
    };
  }

  // Reads the delta, then asks the automaton which matches end right after it. Until the stream has
  // ended, that answer only holds for rules whose matches cannot end with an assertion.
  function scan(stream: Stream, delta: string, ended: boolean): TtsrFiring[] {
    const firings: TtsrFiring[] = [];
    let unread = delta;
    while (!feedStream(stream, automaton().scanner, unread, ended, collector(stream, firings, false))) {
      unread = "";
      diagnostics.push(...watch.forgetOverspent(stream.name));
      const { scanner } = automaton();
      for (const open of streams.values()) open.state = scanner.without(open.state);
    }
    const atEnd = automaton().scanner.end(stream.state);
    if (atEnd.length > 0) collector(stream, firings, !ended)(atEnd, stream.consumed);
    trimStream(stream, keep);
    // Stable: firings with the same offset stay in the order their matches ended, then rule order.
    return firings.length > 1 ? firings.sort((a, b) => a.offset - b.offset) : firings;
  }

  function streamNamed(name: string): Stream {
    let stream = streams.get(name);
    if (!stream) {
      stream = openStream(name, automaton().scanner);
      streams.set(name, stream);
    }
    if (stream.ended) throw new Error(`@rulebook/ttsr: stream "${name}" has ended in this turn; call startTurn() first`);
    return stream;
  }

  return {
    get rules() {
      return watch.rules;
    },
    get turn() {
      return log.turn;
    },
    get diagnostics() {
      return [...diagnostics];
    },
    addRule: (rule) => watch.add(rule, compile(rule)),
    check(delta, name = "text") {
      const stream = streamNamed(name);
      return delta === "" ? [] : scan(stream, delta, false);
    },
    endStream(name = "text") {
      const stream = streamNamed(name);
      const firings = scan(stream, "", true);
      stream.ended = true;
      return firings;
    },
    startTurn() {
      log.turn++;
      streams = new Map();
    },
    exportState: () => log.export(),
    restoreState(state) {
      log.restore(state);
      streams = new Map();
    },
  };
}
