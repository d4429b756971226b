import type { ByteClasses } from "./byte-classes.js";
import { ACCEPT, CHAR, SPLIT, type WildRule, buildWildNfa } from "./wild-nfa.js";

export type { WildRule } from "./wild-nfa.js";

/**
 * Every wildcard rule of one kind in one ignore file as one automaton: a Thompson NFA of their
 * steps (`wild-nfa.ts`), run as a DFA built lazily (each set of NFA states met becomes a state whose transitions
 * are filled in as subjects need them), as `@rulebook/ttsr` runs its triggers. Nothing
 * backtracks: a subject costs one step per byte once its states are known, and a new state
 * costs at most the number of NFA nodes, so `**\/**\/a*a*…a*b` costs what `*.log` costs
 * (docs/behaviour.md#safety). It answers the highest rule index that matches a whole subject.
 */

const UNKNOWN = -1;
const DEAD = 0;

/** The states one automaton keeps; past it they are dropped and built again as subjects need them. */
export const MAX_AUTOMATON_STATES = 2048;

interface State {
  /** The NFA nodes (characters and accepts) the state stands for, sorted. */
  nodes: Int32Array;
  /** The highest rule index that accepts here, or -1. */
  accept: number;
  /** The state after each byte, filled in when first needed. */
  next: Int32Array;
}

/** See the module comment: the wildcard rules of one kind, as one lazily built DFA. */
export class WildAutomaton {
  private readonly kind: Uint8Array;
  /** CHAR: its class; SPLIT: its first way; ACCEPT: the rule index. */
  private readonly first: Int32Array;
  /** CHAR: the node after it; SPLIT: its second way. */
  private readonly second: Int32Array;
  private readonly classes: Uint8Array;
  private readonly entry: number;
  private readonly mark: Int32Array;
  private readonly stack: Int32Array;
  private generation = 0;
  /** The state before any byte: `DEAD` when no rule can match at all. */
  private start = DEAD;
  private states: State[] = [];
  /** State ids by a hash of their node sets. */
  private byHash = new Map<number, number[]>();

  constructor(rules: readonly WildRule[], classes: ByteClasses) {
    const nfa = buildWildNfa(rules, classes);
    this.kind = nfa.kind;
    this.first = nfa.first;
    this.second = nfa.second;
    this.entry = nfa.start;
    this.classes = classes.flags;
    this.mark = new Int32Array(nfa.kind.length);
    this.stack = new Int32Array(2 * nfa.kind.length + 2);
    this.reset();
  }

  /** The highest index of a rule matching all of `subject` from `offset` (one character per byte), or -1. */
  highest(subject: string, offset: number): number {
    if (this.states.length > MAX_AUTOMATON_STATES) this.reset();
    let state = this.start;
    if (state === DEAD) return -1;
    for (let i = offset; i < subject.length; i++) {
      const byte = subject.charCodeAt(i);
      if (byte > 0xff) return -1;
      const known = (this.states[state] as State).next[byte] as number;
      state = known === UNKNOWN ? this.step(state, byte) : known;
      if (state === DEAD) return -1;
    }
    return (this.states[state] as State).accept;
  }

  /** How many states it holds now: at most {@link MAX_AUTOMATON_STATES} plus one subject's length. */
  get size(): number {
    return this.states.length;
  }

  private reset(): void {
    this.states = [];
    this.byHash = new Map();
    this.intern([]);
    this.generation++;
    const nodes: number[] = [];
    this.close(this.entry, nodes);
    this.start = this.intern(nodes);
  }

  /** The state after `byte` from `from`, made and remembered now. */
  private step(from: number, byte: number): number {
    const state = this.states[from] as State;
    this.generation++;
    const nodes: number[] = [];
    for (const n of state.nodes) {
      if (this.kind[n] === CHAR && this.classes[(this.first[n] as number) * 256 + byte] === 1) this.close(this.second[n] as number, nodes);
    }
    const to = this.intern(nodes);
    state.next[byte] = to;
    return to;
  }

  /** Adds the characters and accepts reachable from `start` without reading a byte (each node once per generation). */
  private close(start: number, into: number[]): void {
    const { kind, first, second, mark, stack, generation } = this;
    let top = 0;
    stack[top++] = start;
    while (top > 0) {
      const n = stack[--top] as number;
      if (mark[n] === generation) continue;
      mark[n] = generation;
      if (kind[n] === SPLIT) {
        stack[top++] = second[n] as number;
        stack[top++] = first[n] as number;
      } else into.push(n);
    }
  }

  /** The state standing for `nodes`, made when new. */
  private intern(nodes: number[]): number {
    const sorted = Int32Array.from(nodes).sort();
    let hash = 0x811c9dc5 ^ sorted.length;
    for (const n of sorted) hash = Math.imul(hash ^ n, 0x01000193);
    const bucket = this.byHash.get(hash);
    if (bucket) {
      for (const id of bucket) if (sameNodes((this.states[id] as State).nodes, sorted)) return id;
    }
    let accept = -1;
    for (const n of sorted) if (this.kind[n] === ACCEPT && (this.first[n] as number) > accept) accept = this.first[n] as number;
    const id = this.states.push({ nodes: sorted, accept, next: new Int32Array(256).fill(UNKNOWN) }) - 1;
    if (bucket) bucket.push(id);
    else this.byHash.set(hash, [id]);
    return id;
  }
}

function sameNodes(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
