import { type Diagnostic, type Rule, createDiagnostic } from "@rulebook/core";
import type { TriggerPattern } from "./compile-pattern.js";
import { locateMatchStart, windowStart } from "./locate.js";
import { type MatchEndHandler, type ScanBudget, type SetScanner, createSetScanner } from "./set-scanner.js";
import { type Stream, feedStream, openStream, rescanStream, retainedText, trimStream } from "./stream.js";
import { parseTtsrState } from "./state.js";
import { compileRuleTrigger } from "./trigger-check.js";
import { DEFAULT_MAX_MATCH_LENGTH, type RepeatPolicy, type TtsrFiring, type TtsrManager, type TtsrManagerOptions, type TtsrState } from "./types.js";

interface WatchedRule {
  rule: Rule;
  patterns: TriggerPattern[];
  /** True when one of its patterns may end with `$`, `\b` or `\B`: its firings wait for the next character. */
  endSensitive: boolean;
}

interface Program {
  scanner: SetScanner;
  /** The rule and pattern of each match ID. */
  owners: { watched: WatchedRule; pattern: TriggerPattern }[];
}

/**
 * The automaton's work budget. Realistic trigger sets spend about 0.01 units per character after
 * warming up; a pattern whose automaton keeps building new states spends hundreds (at roughly 0.15 µs
 * each) and is dropped instead of slowing the agent down.
 */
const BUDGET: ScanBudget = { warmup: 200_000, perCharacter: 4 };

/**
 * Creates a stream-trigger manager: add rules, feed each stream's deltas with `check`, and act on
 * the firings. All patterns run together in one linear-time automaton, stepped once per character.
 */
export function createTtsrManager(options: TtsrManagerOptions = {}): TtsrManager {
  const repeat = checkRepeat(options.repeat ?? { policy: "once" });
  const maxMatchLength = options.maxMatchLength ?? DEFAULT_MAX_MATCH_LENGTH;
  if (!Number.isInteger(maxMatchLength) || maxMatchLength < 1) {
    throw new RangeError(`@rulebook/ttsr: maxMatchLength must be a positive integer, got ${maxMatchLength}`);
  }
  // Two characters of context before the earliest start a match may need, plus a surrogate pair.
  const keep = maxMatchLength + 4;
  const watched: WatchedRule[] = [];
  const lastFired = new Map<string, number>();
  const diagnostics: Diagnostic[] = [];
  let streams = new Map<string, Stream>();
  let program: Program | undefined;
  let turn = 0;

  function currentProgram(): Program {
    if (program) return program;
    const owners = watched.flatMap((w) => w.patterns.map((pattern) => ({ watched: w, pattern })));
    program = { scanner: createSetScanner(owners.map((owner) => owner.pattern.re2Source), BUDGET), owners };
    for (const stream of streams.values()) rescanStream(stream, program.scanner);
    return program;
  }

  function eligible(name: string): boolean {
    const last = lastFired.get(name);
    if (last === undefined) return true;
    if (last === turn || repeat.policy === "once") return false;
    return turn - last >= repeat.turns;
  }

  function collector(stream: Stream, firings: TtsrFiring[], settledOnly: boolean): MatchEndHandler {
    const { owners } = currentProgram();
    return (ids, end) => {
      // Rules that already fired keep matching; this runs at each of their matches, so no allocation
      // until a rule can fire.
      let hits: Map<WatchedRule, TriggerPattern[]> | undefined;
      for (const id of ids) {
        const owner = owners[id];
        if (!owner || (settledOnly && owner.watched.endSensitive) || !eligible(owner.watched.rule.name)) continue;
        hits ??= new Map();
        const patterns = hits.get(owner.watched);
        if (patterns) patterns.push(owner.pattern);
        else hits.set(owner.watched, [owner.pattern]);
      }
      for (const [hit, patterns] of hits ?? []) firings.push(fire(hit.rule, patterns, stream, end));
    };
  }

  function fire(rule: Rule, patterns: TriggerPattern[], stream: Stream, end: number): TtsrFiring {
    const retained = retainedText(stream);
    let offset: number | undefined;
    for (const pattern of patterns) {
      const start = locateMatchStart(pattern, retained, end, maxMatchLength);
      if (start !== undefined && (offset === undefined || start < offset)) offset = start;
    }
    lastFired.set(rule.name, turn);
    const from = offset ?? windowStart(retained, end, maxMatchLength);
    const match = retained.text.slice(from - retained.start, end - retained.start);
    const firing: TtsrFiring = { rule, stream: stream.name, offset: from, match };
    if (offset === undefined) firing.truncated = true;
    return firing;
  }

  // Reads the delta, then asks the automaton which matches end right after it. Until the stream has
  // ended, that answer only holds for rules whose matches cannot end with an assertion.
  function scan(stream: Stream, delta: string, ended: boolean): TtsrFiring[] {
    const firings: TtsrFiring[] = [];
    let unread = delta;
    while (!feedStream(stream, currentProgram().scanner, unread, ended, collector(stream, firings, false))) {
      unread = "";
      dropCostliestPattern(stream);
    }
    const { scanner } = currentProgram();
    const atEnd = scanner.end(stream.state);
    if (atEnd.isMatch) collector(stream, firings, !ended)(atEnd.matchIDs, stream.consumed);
    trimStream(stream, keep);
    // Stable: firings with the same offset stay in the order their matches ended, then rule order.
    return firings.length > 1 ? firings.sort((a, b) => a.offset - b.offset) : firings;
  }

  // The budget ran out on this stream: stop watching the pattern with the most live threads.
  function dropCostliestPattern(stream: Stream): void {
    const { scanner, owners } = currentProgram();
    const costliest = owners[scanner.costliestPattern(stream.state) ?? -1] ?? owners[0];
    if (!costliest) throw new Error("@rulebook/ttsr: the automaton ran out of budget without any pattern");
    const { watched: entry, pattern } = costliest;
    entry.patterns = entry.patterns.filter((p) => p !== pattern);
    entry.endSensitive = entry.patterns.some((p) => p.endSensitive);
    if (entry.patterns.length === 0) watched.splice(watched.indexOf(entry), 1);
    const { rule } = entry;
    diagnostics.push(
      createDiagnostic(
        "condition-pattern-invalid",
        `rule "${rule.name}": pattern /${pattern.source}/ made the stream automaton too costly on stream "${stream.name}" (it kept building new states); no longer watched`,
        { provider: rule.source.provider, path: rule.path },
      ),
    );
    program = undefined;
  }

  function streamNamed(name: string): Stream {
    let stream = streams.get(name);
    if (!stream) {
      stream = openStream(name, currentProgram().scanner);
      streams.set(name, stream);
    }
    if (stream.ended) throw new Error(`@rulebook/ttsr: stream "${name}" has ended in this turn; call startTurn() first`);
    return stream;
  }

  return {
    get rules() {
      return watched.map((w) => w.rule);
    },
    get turn() {
      return turn;
    },
    get diagnostics() {
      return [...diagnostics];
    },
    addRule(rule) {
      const { accepted, diagnostics, patterns } = compileRuleTrigger(rule);
      if (accepted) {
        const entry = { rule, patterns, endSensitive: patterns.some((p) => p.endSensitive) };
        const index = watched.findIndex((w) => w.rule.name === rule.name);
        if (index >= 0) watched[index] = entry;
        else watched.push(entry);
        program = undefined;
      }
      return { accepted, diagnostics };
    },
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
      turn++;
      streams = new Map();
    },
    exportState(): TtsrState {
      return { version: 1, turn, fired: [...lastFired].map(([rule, firedTurn]) => ({ rule, turn: firedTurn })) };
    },
    restoreState(state) {
      const parsed = parseTtsrState(state);
      lastFired.clear();
      for (const entry of parsed.fired) lastFired.set(entry.rule, entry.turn);
      turn = parsed.turn;
      streams = new Map();
    },
  };
}

function checkRepeat(repeat: RepeatPolicy): RepeatPolicy {
  if (repeat.policy === "once") return repeat;
  if (repeat.policy === "after-gap" && Number.isInteger(repeat.turns) && repeat.turns >= 1) return repeat;
  throw new RangeError(`@rulebook/ttsr: repeat must be { policy: "once" } or { policy: "after-gap", turns: integer >= 1 }, got ${JSON.stringify(repeat)}`);
}
