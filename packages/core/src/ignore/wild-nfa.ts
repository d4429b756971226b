import type { ByteClasses } from "./byte-classes.js";
import type { WildStep } from "./gitignore-wildmatch.js";

/** A node that reads one byte of its class. */
export const CHAR = 0;
/** A node that goes two ways without reading. */
export const SPLIT = 1;
/** A node where a rule has matched. */
export const ACCEPT = 2;

/** One rule of an automaton: its index in its ignore file and its compiled steps. */
export interface WildRule {
  index: number;
  steps: readonly WildStep[];
}

/**
 * A Thompson NFA over bytes, in flat arrays: node `n` is `kind[n]`; a CHAR reads a byte of class
 * `first[n]` and goes to `second[n]`; a SPLIT goes to `first[n]` and `second[n]`; an ACCEPT
 * means rule `first[n]` matched.
 */
export interface WildNfa {
  kind: Uint8Array;
  first: Int32Array;
  second: Int32Array;
  /** The node before any byte. */
  start: number;
}

interface TrieNode {
  /** The step that leads here from the parent (none for the root). */
  step?: WildStep;
  children?: Map<string, TrieNode>;
  /** The highest index of a rule whose steps end here, or -1. */
  accept: number;
  /** Its node in the NFA, once made. */
  entry: number;
}

/**
 * The NFA of `rules` (at least one), their steps merged where they begin alike: rules that share
 * a first `*` share its loop, so a byte read costs the branches still alive, not the number of
 * rules (`*1*`, `*2*` … `*9999*` are one loop and a tree of digits).
 */
export function buildWildNfa(rules: readonly WildRule[], classes: ByteClasses): WildNfa {
  const root: TrieNode = { accept: -1, entry: -1 };
  let trieNodes = 1;
  for (const rule of rules) {
    let at = root;
    for (const step of rule.steps) {
      const key = step.kind === "dirs" ? "d" : `${step.kind === "one" ? "o" : "s"}${step.set}`;
      at.children ??= new Map();
      let next = at.children.get(key);
      if (next === undefined) {
        next = { step, accept: -1, entry: -1 };
        at.children.set(key, next);
        trieNodes++;
      }
      at = next;
    }
    if (rule.index > at.accept) at.accept = rule.index;
  }
  // Each trie node makes at most its step's 4 nodes, an accept and a split per child.
  const size = 6 * trieNodes;
  const kind = new Uint8Array(size);
  const first = new Int32Array(size);
  const second = new Int32Array(size);
  let made = 0;
  const node = (k: number, a: number, b: number): number => {
    kind[made] = k;
    first[made] = a;
    second[made] = b;
    return made++;
  };
  // The nodes reading `step`, then going on to `next`.
  const fragment = (step: WildStep, next: number): number => {
    if (step.kind === "one") return node(CHAR, step.set, next);
    if (step.kind === "star") {
      const loop = node(SPLIT, 0, next);
      first[loop] = node(CHAR, step.set, loop);
      return loop;
    }
    // `**/`: nothing, or any bytes then a `/`.
    const inner = node(SPLIT, 0, node(CHAR, classes.slash, next));
    first[inner] = node(CHAR, classes.any, inner);
    return node(SPLIT, inner, next);
  };
  // Children before parents, without recursion (a pattern may be a megabyte long).
  const order: TrieNode[] = [];
  const pending = [root];
  for (let t = pending.pop(); t !== undefined; t = pending.pop()) {
    order.push(t);
    if (t.children) for (const child of t.children.values()) pending.push(child);
  }
  for (let i = order.length - 1; i >= 0; i--) {
    const t = order[i] as TrieNode;
    const ways: number[] = [];
    if (t.accept >= 0) ways.push(node(ACCEPT, t.accept, 0));
    if (t.children) for (const child of t.children.values()) ways.push(fragment(child.step as WildStep, child.entry));
    let entry = ways[ways.length - 1] as number;
    for (let k = ways.length - 2; k >= 0; k--) entry = node(SPLIT, ways[k] as number, entry);
    t.entry = entry;
  }
  return { kind: kind.subarray(0, made), first: first.subarray(0, made), second: second.subarray(0, made), start: root.entry };
}
