import { RE2Set } from "re2js";
import { type DfaState, EMPTY_BEGIN_LINE, EMPTY_BEGIN_TEXT, END_TEXT, FLAG_LAST_WORD, compileLazyDfa } from "./lazy-dfa.js";

/** A state of the combined automaton after some text; opaque outside the scanner. */
export type ScanState = DfaState;

/** Where a scan stands: the state is updated in place, so reading a delta allocates nothing. */
export interface ScanCursor {
  state: ScanState;
}

/** Called with the patterns that have a match ending at `end`. */
export type MatchEndHandler = (ids: readonly number[], end: number) => void;

/**
 * How much work building automaton states may take: `warmup` plus `perCharacter` for each character
 * read, in NFA threads handled. Reading through states already built costs nothing here, so only an
 * automaton that keeps meeting new states (thousands of live threads, as `a.{900}c` has on text full
 * of `a`) runs out.
 */
export interface ScanBudget {
  warmup: number;
  perCharacter: number;
}

/** Steps many patterns at once over streams, one code point at a time, in time linear in the text. */
export interface SetScanner {
  /** The state at the start of a stream, or right after `previous` when resuming mid-stream. */
  start(previous?: number): ScanState;
  /**
   * Steps the cursor over `text` from `from` to `to`, a surrogate pair as one code point and a lone
   * surrogate as itself, calling `onMatchEnd` with `offset` plus the index of each position where
   * matches end. Returns the index reached: `to`, or less when `budgeted` and the budget ran out.
   */
  run(cursor: ScanCursor, text: string, from: number, to: number, offset: number, onMatchEnd?: MatchEndHandler, budgeted?: boolean): number;
  /** The state as if the text ended here; its `matchIDs` are the matches ending at the end. */
  end(state: ScanState): ScanState;
  /** The pattern with the most live threads in `state`: the likely cause when the budget runs out. */
  costliestPattern(state: ScanState): number | undefined;
}

/** Compiles RE2 patterns into one automaton; pattern `i` is reported as match ID `i`. */
export function createSetScanner(patterns: readonly string[], budget: ScanBudget): SetScanner {
  const { dfa, matchPcs } = compileLazyDfa(patterns);
  const unanchored = RE2Set.UNANCHORED;
  let work = 0;
  let read = 0;

  const advance = (state: ScanState, cls: number, rune: number): ScanState => {
    work += state.nfaStates.length + 1;
    const next = dfa.step(state, cls, rune, unanchored);
    if (next) return next;
    // The state cache hit its memory limit: start a fresh cache from this state and go on.
    const restored = dfa.resetCache(state);
    const retried = restored && dfa.step(restored, cls, rune, unanchored);
    if (!retried) throw new Error("@rulebook/ttsr: the automaton does not fit its memory limit");
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
      if (!state) throw new Error("@rulebook/ttsr: the automaton does not fit its memory limit");
      return state;
    },
    run(cursor, text, from, to, offset, onMatchEnd, budgeted = true) {
      const latin1Class = dfa.latin1Class;
      let state = cursor.state;
      let i = from;
      while (i < to) {
        let rune = text.charCodeAt(i);
        const at = i++;
        if (rune >= 0xd800 && rune <= 0xdbff && i < to) {
          const low = text.charCodeAt(i);
          if (low >= 0xdc00 && low <= 0xdfff) {
            rune = 0x10000 + ((rune - 0xd800) << 10) + (low - 0xdc00);
            i++;
          }
        }
        const cls = rune <= 0xff ? (latin1Class[rune] as number) : dfa.runeClass(rune);
        let next = state.next?.[cls];
        if (!next) {
          next = advance(state, cls, rune);
          if (budgeted && work > budget.warmup + budget.perCharacter * (read + i - from)) {
            i = at; // stop before this character: the caller decides what to drop, then reads it again
            break;
          }
        }
        state = next;
        if (state.isMatch && onMatchEnd) onMatchEnd(state.matchIDs, offset + at);
      }
      read += i - from;
      cursor.state = state;
      return i;
    },
    end(state) {
      return state.next?.[dfa.numClasses] ?? advance(state, dfa.numClasses, END_TEXT);
    },
    costliestPattern(state) {
      const threads = new Map<number, number>();
      for (const pc of state.nfaStates) {
        const pattern = ownerOf(matchPcs, pc);
        if (pattern !== undefined) threads.set(pattern, (threads.get(pattern) ?? 0) + 1);
      }
      let costliest: number | undefined;
      for (const [pattern, count] of threads) if (costliest === undefined || count > (threads.get(costliest) ?? 0)) costliest = pattern;
      return costliest;
    },
  };
}

// Pattern i owns the instructions after pattern i - 1's MATCH, up to its own.
function ownerOf(matchPcs: readonly number[], pc: number): number | undefined {
  let lo = 0;
  let hi = matchPcs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((matchPcs[mid] as number) < pc) lo = mid + 1;
    else hi = mid;
  }
  return lo < matchPcs.length ? lo : undefined;
}

function isWordRune(rune: number): boolean {
  return (rune >= 0x30 && rune <= 0x39) || (rune >= 0x41 && rune <= 0x5a) || rune === 0x5f || (rune >= 0x61 && rune <= 0x7a);
}
