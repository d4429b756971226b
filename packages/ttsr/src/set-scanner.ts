import { type CostBudgets, CostLedger } from "./cost-ledger.js";
import { AFTER_WORD, AT_START, type DfaState, LazyDfa } from "./lazy-dfa.js";
import { compileNfa } from "./nfa-program.js";
import type { RegexNode } from "./regex-ast.js";

/** A state of the combined automaton after some text; opaque outside the scanner. */
export type ScanState = DfaState;

/** Where a scan stands: the state is updated in place, so reading a delta allocates nothing. */
export interface ScanCursor {
  state: ScanState;
}

/** Called with the patterns that have a match ending at `end`. */
export type MatchEndHandler = (ids: readonly number[], end: number) => void;

/** Steps many patterns at once over streams, one code point at a time, in time linear in the text. */
export interface SetScanner {
  /** The state at the start of a stream, or right after `previous` when resuming mid-stream. */
  start(previous?: number): ScanState;
  /**
   * Steps the cursor over `text` from `from` to `to`, a surrogate pair as one code point and a lone
   * surrogate as itself, calling `onMatchEnd` with `offset` plus the index of each position where
   * matches end. Returns the index reached: `to`, or less when `budgeted` and a budget ran out
   * (then {@link overspent} says which patterns to forget).
   */
  run(cursor: ScanCursor, text: string, from: number, to: number, offset: number, onMatchEnd?: MatchEndHandler, budgeted?: boolean): number;
  /** The patterns with a match ending at the end, if the text ended after `state`. */
  end(state: ScanState): readonly number[];
  /** The patterns whose cost ran over their budget, to forget all at once. */
  overspent(): number[];
  /** Stops running the patterns; every open state must then go through {@link without}. */
  forget(patterns: readonly number[]): void;
  /** The same state without the forgotten patterns' threads. */
  without(state: ScanState): ScanState;
}

/**
 * Compiles the patterns into one automaton; pattern `i` is reported as match ID `i` and charged to
 * the budget of group `groups[i]` (its rule); `budgets` may depend on the size of the program.
 */
export function createSetScanner(
  patterns: readonly RegexNode[],
  groups: readonly number[],
  budgets: (instructions: number) => CostBudgets,
): SetScanner {
  const program = compileNfa(patterns);
  const workByPattern = new Float64Array(patterns.length);
  const ledger = new CostLedger(program, groups, budgets(program.op.length), workByPattern);
  const dfa = new LazyDfa(program, (work, created) => ledger.charge(work, created), false, workByPattern);
  const { latin1, of } = dfa.classes;

  return {
    start(previous) {
      if (previous === undefined) return dfa.start(AT_START);
      return dfa.start(isWordRune(previous) ? AFTER_WORD : 0);
    },
    run(cursor, text, from, to, offset, onMatchEnd, budgeted = true) {
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
        const cls = rune <= 0xff ? (latin1[rune] as number) : of(rune);
        let next = state.next[cls];
        if (!next) {
          ledger.position = at - from;
          next = dfa.step(state, cls);
          if (budgeted && ledger.exceeded) {
            i = at; // stop before this character: the caller forgets what overspent, then reads it again
            break;
          }
        }
        state = next;
        if (state.isMatch && onMatchEnd) onMatchEnd(state.matchIDs, offset + at);
      }
      ledger.read(i - from);
      cursor.state = state;
      return i;
    },
    end: (state) => dfa.endMatches(state),
    overspent: () => ledger.overspent(),
    forget(patterns) {
      ledger.forget(patterns);
      dfa.forget(patterns);
    },
    without: (state) => dfa.without(state),
  };
}

function isWordRune(rune: number): boolean {
  return (rune >= 0x30 && rune <= 0x39) || (rune >= 0x41 && rune <= 0x5a) || rune === 0x5f || (rune >= 0x61 && rune <= 0x7a);
}
