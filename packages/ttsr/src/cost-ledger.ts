import type { DfaState } from "./lazy-dfa.js";
import type { NfaProgram } from "./nfa-program.js";

/** How many parts of its states a pattern's ledger remembers. */
const MAX_PARTS_REMEMBERED = 65_536;

/**
 * What storing a new state costs, in closure steps (its key, its arrays, its parts): measured at
 * 5 to 18 µs on the build machine against about 20 ns a step, so a stream that meets a new state at
 * almost every character is charged for it even when each state has few threads.
 */
const NEW_STATE_WORK = 250;

/** Work allowed: `warmup` plus `perCharacter` for each character read. */
export interface Budget {
  warmup: number;
  perCharacter: number;
}

/** The budget of each rule, and the safety net of the whole automaton. */
export interface CostBudgets {
  perRule: Budget;
  inAll: Budget;
}

/**
 * Charges the automaton's work to the patterns that cause it. A new state of the combined automaton
 * is made of one part per pattern (its threads); a pattern is charged only for the parts of its own
 * that are new, so its bill is what it would cost in an automaton of its own, whatever the other
 * patterns do. Charges depend on the text alone, never on how it was cut into deltas.
 */
export class CostLedger {
  /** Characters read in the current run before the character being stepped. */
  position = 0;
  /** Set when some budget ran out; cleared by {@link overspent}. */
  exceeded = false;
  private charsRead = 0;
  private work = 0;
  private readonly charged: number[];
  private readonly groupCharged: number[];
  private readonly parts: Set<string>[];
  private readonly first: number[];
  private readonly live: boolean[];

  /**
   * `workByPattern` is the automaton's own count of the closure work spent on each pattern's
   * instructions: when the whole automaton is over its budget, it says which patterns did the work.
   */
  constructor(
    private readonly program: NfaProgram,
    private readonly groups: readonly number[],
    private readonly budgets: CostBudgets,
    private readonly workByPattern: Float64Array,
  ) {
    const patterns = program.starts.length;
    this.charged = new Array(patterns).fill(0);
    this.groupCharged = new Array(Math.max(0, ...groups) + 1).fill(0);
    this.parts = Array.from({ length: patterns }, () => new Set());
    this.live = new Array(patterns).fill(true);
    this.first = new Array(patterns).fill(Number.POSITIVE_INFINITY);
    program.patternOf.forEach((pattern, pc) => {
      this.first[pattern] = Math.min(this.first[pattern] as number, pc);
    });
  }

  /** Records a transition built with `work` steps, leading to `created` when that state is new. */
  charge(work: number, created: DfaState | undefined): void {
    this.work += created ? work + NEW_STATE_WORK : work;
    const read = this.charsRead + this.position;
    if (created) {
      // Instructions are sorted and each pattern's are consecutive: one run of them is one part.
      const { pcs, flags } = created;
      const { patternOf } = this.program;
      for (let i = 0; i < pcs.length; ) {
        const pattern = patternOf[pcs[i] as number] as number;
        const base = this.first[pattern] as number;
        let key = `${flags}`;
        let j = i;
        for (; j < pcs.length && patternOf[pcs[j] as number] === pattern; j++) key += `,${(pcs[j] as number) - base}`;
        const parts = this.parts[pattern] as Set<string>;
        if (!parts.has(key)) {
          // Forgetting what was seen only charges more later: memory stays bounded, charges deterministic.
          if (parts.size >= MAX_PARTS_REMEMBERED) parts.clear();
          parts.add(key);
          const cost = j - i + 1;
          this.charged[pattern] = (this.charged[pattern] as number) + cost;
          const group = this.groups[pattern] as number;
          this.groupCharged[group] = (this.groupCharged[group] as number) + cost;
          if ((this.groupCharged[group] as number) > limit(this.budgets.perRule, read)) this.exceeded = true;
        }
        i = j;
      }
    }
    if (this.work > limit(this.budgets.inAll, read)) this.exceeded = true;
  }

  /** Counts the characters a run read. */
  read(count: number): void {
    this.charsRead += count;
    this.position = 0;
  }

  /**
   * The patterns to forget, all at once: of each rule over its budget, its costliest patterns until it
   * is back under half of it; when the whole automaton is over its own, the patterns that did the most
   * closure work, until the work left is under half of it.
   */
  overspent(): number[] {
    const read = this.charsRead + this.position;
    const drop = new Set<number>();
    const byCost = (patterns: number[]) => patterns.sort((a, b) => (this.charged[b] as number) - (this.charged[a] as number) || b - a);
    const livePatterns = this.charged.map((_, pattern) => pattern).filter((pattern) => this.live[pattern]);
    const perRule = limit(this.budgets.perRule, read);
    this.groupCharged.forEach((total, group) => {
      if (total <= perRule) return;
      let remaining = total;
      for (const pattern of byCost(livePatterns.filter((p) => this.groups[p] === group))) {
        if (remaining <= perRule / 2) break;
        drop.add(pattern);
        remaining -= this.charged[pattern] as number;
      }
    });
    const inAll = limit(this.budgets.inAll, read);
    if (this.work > inAll) {
      const workOf = (pattern: number) => this.workByPattern[pattern] as number;
      // On a tie the later pattern goes first: rules come in precedence order.
      const kept = livePatterns.filter((p) => !drop.has(p)).sort((a, b) => workOf(b) - workOf(a) || b - a);
      let remaining = kept.reduce((sum, p) => sum + workOf(p), 0);
      let dropped = 0;
      for (const pattern of kept) {
        if (dropped > 0 && remaining <= inAll / 2) break;
        drop.add(pattern);
        dropped++;
        remaining -= workOf(pattern);
      }
      this.work = remaining;
    }
    this.exceeded = false;
    return [...drop];
  }

  /** Stops charging the patterns; their rules' bills no longer count them. */
  forget(patterns: readonly number[]): void {
    for (const pattern of patterns) {
      if (!this.live[pattern]) continue;
      this.live[pattern] = false;
      const group = this.groups[pattern] as number;
      this.groupCharged[group] = (this.groupCharged[group] as number) - (this.charged[pattern] as number);
    }
  }
}

function limit(budget: Budget, read: number): number {
  return budget.warmup + budget.perCharacter * read;
}
