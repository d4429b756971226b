import type { DfaState } from "./lazy-dfa.js";
import type { NfaProgram } from "./nfa-program.js";

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

  constructor(
    private readonly program: NfaProgram,
    private readonly groups: readonly number[],
    private readonly budgets: CostBudgets,
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
    this.work += work;
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
   * is back under half of it; when the whole automaton is over its own, the costliest patterns of all.
   */
  overspent(): number[] {
    const read = this.charsRead + this.position;
    const drop = new Set<number>();
    const byCost = (patterns: number[]) => patterns.sort((a, b) => (this.charged[b] as number) - (this.charged[a] as number) || a - b);
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
    let remaining = livePatterns.filter((p) => !drop.has(p)).reduce((sum, p) => sum + (this.charged[p] as number), 0);
    if (this.work > inAll) {
      let dropped = 0;
      for (const pattern of byCost(livePatterns.filter((p) => !drop.has(p)))) {
        if (dropped > 0 && remaining <= inAll / 2) break;
        drop.add(pattern);
        dropped++;
        remaining -= this.charged[pattern] as number;
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
