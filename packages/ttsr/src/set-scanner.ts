import { RE2Set } from "re2js";

/**
 * A state of the combined automaton after some text: opaque to callers. `matchIDs` lists the
 * patterns with a match ending just before the last character stepped.
 */
export interface ScanState {
  readonly isMatch: boolean;
  readonly matchIDs: readonly number[];
  readonly next: (ScanState | null)[] | null;
}

// The members of re2js 2.10's lazy DFA (the `dfa` of a compiled RE2Set) that the scanner drives.
// re2js only exposes whole-input matching; stepping its DFA one character at a time is what lets a
// stream be scanned once, whatever the delta sizes. The version is pinned and checked below.
interface LazyDfa {
  failed: boolean;
  maxMem: number;
  numClasses: number;
  latin1Class: Int32Array;
  prog: { start: number; numInst(): number };
  runeClass(rune: number): number;
  makeState(pcs: number[], flag: number, ids: number[]): ScanState | null;
  step(state: ScanState, cls: number, rune: number, anchor: number): ScanState | null;
  resetCache(state: ScanState): ScanState | null;
  clearCache(): void;
}
type LazyDfaClass = new (prog: unknown, maxMem: number) => LazyDfa;

const END_TEXT = -1;
const EMPTY_BEGIN_LINE = 1;
const EMPTY_BEGIN_TEXT = 4;
const FLAG_LAST_WORD = 512;
const MIN_DFA_MEMORY = 8 * 1024 * 1024;

/** Steps many patterns at once over a stream, one code point at a time, in time linear in the text. */
export interface SetScanner {
  /** The state at the start of a stream, or right after `previous` when resuming mid-stream. */
  start(previous?: number): ScanState;
  /** Steps over one code point. */
  step(state: ScanState, codePoint: number): ScanState;
  /** The state as if the text ended here; its `matchIDs` are the matches ending at the end. */
  end(state: ScanState): ScanState;
}

/** Compiles RE2 patterns into one automaton; pattern `i` is reported as match ID `i`. */
export function createSetScanner(patterns: readonly string[]): SetScanner {
  const set = new RE2Set(RE2Set.UNANCHORED, 0);
  for (const pattern of patterns) set.add(pattern);
  set.compile();
  const dfa = lazyDfaOf(set);
  const unanchored = RE2Set.UNANCHORED;

  const advance = (state: ScanState, cls: number, rune: number): ScanState => {
    const next = dfa.step(state, cls, rune, unanchored);
    if (next) return next;
    // The state cache hit its memory budget: start a fresh cache from this state and go on. Each
    // step then costs at most one subset construction, so the scan stays linear.
    const restored = dfa.resetCache(state);
    const retried = restored && dfa.step(restored, cls, rune, unanchored);
    if (!retried) throw new Error("@rulebook/ttsr: the automaton does not fit its memory budget");
    return retried;
  };

  return {
    start(previous) {
      let flag = EMPTY_BEGIN_TEXT | EMPTY_BEGIN_LINE;
      if (previous !== undefined) flag = previous === 0x0a ? EMPTY_BEGIN_LINE : isWordRune(previous) ? FLAG_LAST_WORD : 0;
      let state = dfa.makeState([dfa.prog.start], flag, []);
      if (!state) {
        dfa.clearCache();
        state = dfa.makeState([dfa.prog.start], flag, []);
      }
      if (!state) throw new Error("@rulebook/ttsr: the automaton does not fit its memory budget");
      return state;
    },
    step(state, codePoint) {
      const cls = codePoint <= 0xff ? (dfa.latin1Class[codePoint] as number) : dfa.runeClass(codePoint);
      return state.next?.[cls] ?? advance(state, cls, codePoint);
    },
    end(state) {
      return state.next?.[dfa.numClasses] ?? advance(state, dfa.numClasses, END_TEXT);
    },
  };
}

function lazyDfaOf(set: RE2Set): LazyDfa {
  const dfa = (set as unknown as { dfa?: Partial<LazyDfa> }).dfa;
  const methods = ["runeClass", "makeState", "step", "resetCache", "clearCache"] as const;
  if (dfa?.failed !== false || !dfa.latin1Class || !methods.every((name) => typeof dfa[name] === "function")) {
    throw new Error("@rulebook/ttsr needs re2js 2.10.x: its RE2Set no longer exposes the lazy DFA the stream scanner steps");
  }
  const lazy = dfa as LazyDfa;
  // A state holds at most every instruction and every pattern ID, its transition table one slot per
  // character class: give the cache room for many such states so a reset always makes progress.
  const largestState = 250 + 8 * (lazy.prog.numInst() + set.regexps.length + lazy.numClasses);
  const wanted = Math.max(MIN_DFA_MEMORY, 64 * largestState);
  if (lazy.maxMem >= wanted) return lazy;
  const Dfa = lazy.constructor as LazyDfaClass;
  const larger = new Dfa(lazy.prog, wanted);
  (set as unknown as { dfa: LazyDfa }).dfa = larger;
  return larger;
}

function isWordRune(rune: number): boolean {
  return (rune >= 0x30 && rune <= 0x39) || (rune >= 0x41 && rune <= 0x5a) || rune === 0x5f || (rune >= 0x61 && rune <= 0x7a);
}
