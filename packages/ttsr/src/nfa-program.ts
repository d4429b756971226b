import type { Assertion, CodeRange, RegexNode } from "./regex-ast.js";

/** What an instruction does: consume one character of a set, fork, check an assertion, or report a match. */
export const Op = { Set: 0, Split: 1, Assert: 2, Match: 3 } as const;
/** One of {@link Op}. */
export type Op = (typeof Op)[keyof typeof Op];

/**
 * Many patterns compiled into one Thompson NFA, one instruction per index. Each pattern's
 * instructions are its own: threads of one pattern never reach another's, which is what lets the
 * automaton charge a state's cost to the patterns it stands for, and forget a pattern exactly.
 */
export interface NfaProgram {
  op: Op[];
  /** Set: the next instruction; Split: the first branch; Assert: the next; Match: the pattern index. */
  out: number[];
  /** Split: the second branch. */
  alt: number[];
  /** Set: its characters; Assert: which assertion (in `assertion`). */
  ranges: (readonly CodeRange[] | undefined)[];
  assertion: (Assertion | undefined)[];
  /** The pattern each instruction belongs to. */
  patternOf: number[];
  /** The first instruction of each pattern. */
  starts: number[];
}

/** Compiles the patterns (trees already checked for size) into one program; pattern `i` matches as `i`. */
export function compileNfa(patterns: readonly RegexNode[]): NfaProgram {
  const program: NfaProgram = { op: [], out: [], alt: [], ranges: [], assertion: [], patternOf: [], starts: [] };
  let owner = 0;
  const emit = (op: Op, out: number, alt = -1, ranges?: readonly CodeRange[], assertion?: Assertion): number => {
    program.op.push(op);
    program.out.push(out);
    program.alt.push(alt);
    program.ranges.push(ranges);
    program.assertion.push(assertion);
    program.patternOf.push(owner);
    return program.op.length - 1;
  };

  // Compiles `node` so that it continues at `next`; returns its entry. Built back to front, so no patching
  // is needed except for the loop of an unbounded repeat.
  function compile(node: RegexNode, next: number): number {
    switch (node.kind) {
      case "empty":
        return next;
      case "set":
        return emit(Op.Set, next, -1, node.ranges);
      case "assert":
        return emit(Op.Assert, next, -1, undefined, node.assertion);
      case "concat": {
        let entry = next;
        for (let i = node.items.length - 1; i >= 0; i--) entry = compile(node.items[i] as RegexNode, entry);
        return entry;
      }
      case "alt": {
        let entry = compile(node.items[node.items.length - 1] as RegexNode, next);
        for (let i = node.items.length - 2; i >= 0; i--) entry = emit(Op.Split, compile(node.items[i] as RegexNode, next), entry);
        return entry;
      }
      case "repeat":
        return repeat(node.child, node.min, node.max, next);
    }
  }

  function repeat(child: RegexNode, min: number, max: number, next: number): number {
    let entry: number;
    let copies = min;
    if (max === Number.POSITIVE_INFINITY) {
      const loop = emit(Op.Split, -1, next);
      const body = compile(child, loop);
      program.out[loop] = body;
      entry = min === 0 ? loop : body;
      if (min > 0) copies--;
    } else {
      entry = next;
      for (let i = 0; i < max - min; i++) entry = emit(Op.Split, compile(child, entry), next);
    }
    for (let i = 0; i < copies; i++) entry = compile(child, entry);
    return entry;
  }

  patterns.forEach((pattern, index) => {
    owner = index;
    program.starts.push(compile(pattern, emit(Op.Match, index)));
  });
  return program;
}

/** The instructions from which a MATCH is reachable without reading a character (assertions aside), as 1s. */
export function nearMatch(program: NfaProgram): Uint8Array {
  const { op, out, alt } = program;
  const before: number[][] = op.map(() => []);
  op.forEach((kind, pc) => {
    if (kind === Op.Split || kind === Op.Assert) (before[out[pc] as number] as number[]).push(pc);
    if (kind === Op.Split) (before[alt[pc] as number] as number[]).push(pc);
  });
  const near = new Uint8Array(op.length);
  const stack = op.flatMap((kind, pc) => (kind === Op.Match ? [pc] : []));
  while (stack.length > 0) {
    const pc = stack.pop() as number;
    if (near[pc] === 1) continue;
    near[pc] = 1;
    stack.push(...(before[pc] as number[]));
  }
  return near;
}
