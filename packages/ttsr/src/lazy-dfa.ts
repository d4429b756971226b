import { type CharClasses, charClasses, inClasses } from "./char-classes.js";
import { type NfaProgram, Op, nearMatch } from "./nfa-program.js";

/** A state of the automaton: the NFA threads waiting for the next character, and what came before. */
export interface DfaState {
  /** The waiting instructions, sorted; the live patterns' starts are added at every step. */
  readonly pcs: Int32Array;
  /** {@link AT_START} and {@link AFTER_WORD}. */
  readonly flags: number;
  /** The patterns with a match ending just before the last character stepped. */
  readonly matchIDs: readonly number[];
  readonly isMatch: boolean;
  /** Transitions built so far, one per character class. */
  next: (DfaState | undefined)[];
  /** The patterns with a match ending at the end of the text, once asked. */
  endMatchIDs?: number[];
  /** The cache generation it belongs to; a state from an older one is looked up again. */
  generation: number;
}

/** The state is at the start of the text (for `^`). */
export const AT_START = 1;
/** The character before is a word character (for `\b`). */
export const AFTER_WORD = 2;

/** Called for every transition the automaton builds: the work it took, and the state it leads to when that is new. */
export type OnBuild = (work: number, created: DfaState | undefined) => void;

/** Above this many stored numbers (threads and transitions), the cache starts over. */
const MAX_CACHE_SIZE = 4_000_000;

/**
 * A lazy DFA over a Thompson NFA (the subset construction done one transition at a time, when a
 * character first needs it). A step through a built transition is one array lookup.
 */
export class LazyDfa {
  readonly classes: CharClasses;
  private readonly live: Uint8Array;
  private cache = new Map<string, DfaState>();
  private cacheSize = 0;
  private generation = 0;
  private readonly seen: Int32Array;
  private stamp = 0;
  private created = false;
  private fromStarts = new Map<number, number[]>();
  private readonly nearMatch: Uint8Array;

  /**
   * Unanchored (the default), every pattern may start at every character, as when watching a stream;
   * anchored, only at the start, as when locating a match from a known end.
   */
  constructor(
    readonly program: NfaProgram,
    private readonly onBuild: OnBuild,
    private readonly anchored = false,
    /** The closure work spent on each pattern's instructions, added up as transitions are built. */
    readonly workByPattern = new Float64Array(program.starts.length),
  ) {
    this.classes = charClasses(program);
    this.live = new Uint8Array(program.starts.length).fill(1);
    this.seen = new Int32Array(program.op.length);
    this.nearMatch = nearMatch(program);
  }

  /** The state before any text, with {@link AT_START} or {@link AFTER_WORD} saying what came before. */
  start(flags: number): DfaState {
    return this.intern(this.anchored ? Int32Array.from(this.program.starts).sort() : new Int32Array(0), flags, []);
  }

  /** The state after reading a character of class `cls` in `state`. */
  step(state: DfaState, cls: number): DfaState {
    const current = state.generation === this.generation ? state : this.intern(state.pcs, state.flags, state.matchIDs);
    const cached = current.next[cls];
    if (cached) return cached;
    const { targets, matches, work } = this.closure(current, cls);
    const afterWord = this.classes.word[cls] ? AFTER_WORD : 0;
    this.created = false;
    const next = this.intern(
      Int32Array.from(targets).sort(),
      afterWord,
      matches.sort((a, b) => a - b),
    );
    this.onBuild(work, this.created ? next : undefined);
    current.next[cls] = next;
    return next;
  }

  /** The patterns with a match ending right here, if the text ended here. */
  endMatches(state: DfaState): readonly number[] {
    // Not charged: how often it is asked depends on where the deltas end, which must change nothing.
    // Most states (asked at the end of every delta) have no thread next to a MATCH: no closure needed.
    if (state.endMatchIDs === undefined) {
      const near = state.pcs.some((pc) => this.nearMatch[pc] === 1);
      state.endMatchIDs = near ? this.closure(state, this.classes.count, false).matches.sort((a, b) => a - b) : [];
    }
    return state.endMatchIDs;
  }

  /** Stops running the given patterns: the cache starts over, and states must be {@link without} them. */
  forget(patterns: Iterable<number>): void {
    for (const pattern of patterns) this.live[pattern] = 0;
    this.clearCache();
  }

  /** The same state without the threads and matches of forgotten patterns. */
  without(state: DfaState): DfaState {
    const { patternOf } = this.program;
    const pcs = state.pcs.filter((pc) => this.live[patternOf[pc] as number] === 1);
    return this.intern(
      pcs,
      state.flags,
      state.matchIDs.filter((id) => this.live[id] === 1),
    );
  }

  // Follows forks and assertions from the waiting threads and the live starts, with the class of the
  // next character (or the end) known; returns the threads that consume it and the matches reached.
  // What the starts lead to depends only on the context and the class, so it is computed once.
  private closure(state: DfaState, cls: number, charged = true): { targets: number[]; matches: number[]; work: number } {
    const targets: number[] = [];
    const matches: number[] = [];
    let work = this.walk([...state.pcs], state.flags, cls, targets, matches, charged);
    if (!this.anchored) {
      const fromStarts = this.startTargets(state.flags, cls, charged);
      const { patternOf } = this.program;
      for (const target of fromStarts) {
        targets.push(target);
        if (charged) this.charge(patternOf[target] as number);
      }
      work += fromStarts.length;
    }
    return { targets: [...new Set(targets)], matches, work };
  }

  // Accepted patterns cannot match empty text, so the starts alone never reach a MATCH.
  private startTargets(flags: number, cls: number, charged: boolean): number[] {
    const key = (flags & (AT_START | AFTER_WORD)) * (this.classes.count + 1) + cls;
    let targets = this.fromStarts.get(key);
    if (!targets) {
      targets = [];
      const roots = this.program.starts.filter((_, pattern) => this.live[pattern] === 1);
      this.walk(roots, flags, cls, targets, [], charged);
      this.fromStarts.set(key, targets);
    }
    return targets;
  }

  // One closure walk; each instruction visited is a unit of work charged to its pattern.
  private walk(stack: number[], flags: number, cls: number, targets: number[], matches: number[], charged: boolean): number {
    const { op, out, alt, assertion, patternOf } = this.program;
    const end = cls === this.classes.count;
    const nextWord = !end && this.classes.word[cls] === true;
    const afterWord = (flags & AFTER_WORD) !== 0;
    const stamp = ++this.stamp;
    const seen = this.seen;
    let work = 0;
    while (stack.length > 0) {
      const pc = stack.pop() as number;
      if (seen[pc] === stamp) continue;
      seen[pc] = stamp;
      work++;
      if (charged) this.charge(patternOf[pc] as number);
      switch (op[pc]) {
        case Op.Set:
          if (!end && inClasses(this.classes.setClasses[pc] as Int32Array, cls)) targets.push(out[pc] as number);
          break;
        case Op.Split:
          stack.push(alt[pc] as number, out[pc] as number);
          break;
        case Op.Assert: {
          const kind = assertion[pc];
          const holds =
            kind === "start" ? (flags & AT_START) !== 0 : kind === "end" ? end : kind === "word" ? afterWord !== nextWord : afterWord === nextWord;
          if (holds) stack.push(out[pc] as number);
          break;
        }
        case Op.Match:
          matches.push(out[pc] as number);
          break;
      }
    }
    return work;
  }

  private charge(pattern: number): void {
    this.workByPattern[pattern] = (this.workByPattern[pattern] as number) + 1;
  }

  private intern(pcs: Int32Array, flags: number, matchIDs: readonly number[]): DfaState {
    const key = `${flags}:${pcs.join(",")}:${matchIDs.join(",")}`;
    const existing = this.cache.get(key);
    if (existing) return existing;
    if (this.cacheSize > MAX_CACHE_SIZE) this.clearCache();
    const state: DfaState = { pcs, flags, matchIDs, isMatch: matchIDs.length > 0, next: [], generation: this.generation };
    this.cache.set(key, state);
    this.created = true;
    this.cacheSize += pcs.length + matchIDs.length + this.classes.count + 8;
    return state;
  }

  private clearCache(): void {
    // Streams may still hold old states: without transitions, their next step looks them up again.
    for (const state of this.cache.values()) state.next = [];
    this.cache = new Map();
    this.fromStarts = new Map();
    this.cacheSize = 0;
    this.generation++;
  }
}
