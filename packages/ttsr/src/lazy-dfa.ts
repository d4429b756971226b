import { RE2Set } from "re2js";

/**
 * A state of re2js's lazy DFA. `matchIDs` lists the patterns with a match ending just before the
 * last character stepped; `nfaStates` are the program counters of the NFA threads it stands for.
 */
export interface DfaState {
  readonly isMatch: boolean;
  readonly matchIDs: readonly number[];
  readonly next: (DfaState | null)[] | null;
  readonly nfaStates: readonly number[];
}

/**
 * The members of re2js 2.10's lazy DFA (the `dfa` of a compiled RE2Set) that the scanner drives.
 * re2js only exposes whole-input matching; stepping its DFA one character at a time is what lets a
 * stream be read once, whatever the delta sizes. The version is pinned, and checked when compiling.
 */
export interface LazyDfa {
  failed: boolean;
  maxMem: number;
  numClasses: number;
  latin1Class: Int32Array;
  prog: { start: number; numInst(): number; getInst(pc: number): { op: number; arg: number } };
  runeClass(rune: number): number;
  makeState(pcs: number[], flag: number, ids: number[]): DfaState | null;
  step(state: DfaState, cls: number, rune: number, anchor: number): DfaState | null;
  resetCache(state: DfaState): DfaState | null;
  clearCache(): void;
}
type LazyDfaClass = new (prog: unknown, maxMem: number) => LazyDfa;

/** The rune re2js steps to mean "end of text". */
export const END_TEXT = -1;
/** Flags of a start state: at the beginning of the text, or of a line, or after a word character. */
export const EMPTY_BEGIN_LINE = 1;
export const EMPTY_BEGIN_TEXT = 4;
export const FLAG_LAST_WORD = 512;
const INST_MATCH = 6;
const MIN_DFA_MEMORY = 8 * 1024 * 1024;

/** The unanchored lazy DFA of the patterns (RE2 syntax), with the MATCH instruction of each pattern. */
export function compileLazyDfa(patterns: readonly string[]): { dfa: LazyDfa; matchPcs: number[] } {
  const set = new RE2Set(RE2Set.UNANCHORED, 0);
  for (const pattern of patterns) set.add(pattern);
  set.compile();
  const dfa = (set as unknown as { dfa?: Partial<LazyDfa> }).dfa;
  const methods = ["runeClass", "makeState", "step", "resetCache", "clearCache"] as const;
  if (dfa?.failed !== false || !dfa.latin1Class || !dfa.prog || !methods.every((name) => typeof dfa[name] === "function")) {
    throw new Error("@rulebook/ttsr needs re2js 2.10.x: its RE2Set no longer exposes the lazy DFA the stream scanner steps");
  }
  const lazy = dfa as LazyDfa;
  // re2js compiles the patterns one after the other, each ending with its MATCH instruction.
  const matchPcs: number[] = [];
  for (let pc = 0; pc < lazy.prog.numInst(); pc++) {
    const inst = lazy.prog.getInst(pc);
    if (inst.op === INST_MATCH) matchPcs[inst.arg] = pc;
  }
  // A state holds at most every instruction and every pattern ID, its transition table one slot per
  // character class: give the cache room for a few such states, so that a reset always makes progress.
  const largestState = 250 + 8 * (lazy.prog.numInst() + patterns.length + lazy.numClasses);
  const wanted = Math.max(MIN_DFA_MEMORY, 4 * largestState);
  if (lazy.maxMem >= wanted) return { dfa: lazy, matchPcs };
  const Dfa = lazy.constructor as LazyDfaClass;
  return { dfa: new Dfa(lazy.prog, wanted), matchPcs };
}
