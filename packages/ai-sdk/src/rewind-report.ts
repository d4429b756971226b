import { shortenText } from "@rulebook/core/text";
import type { RepeatPolicy, TtsrFiring } from "@rulebook/ttsr";

/** What the middleware did about a firing: took the output back (`rewind`), or let it through (`pass`). */
export type FiringAction = "rewind" | "pass";

/** Why a firing passed: the call had used its rewinds, or the rule had rewound and its repeat policy says not yet. */
export type PassReason = "max-rewinds" | "repeat";

/** One firing of a stream trigger in a call, as `providerMetadata.rulebook.firings` lists it. */
export type FiringReport = {
  /** The rule's name. */
  rule: string;
  /** `text`, `thinking` or `tool:<id>`. */
  stream: string;
  /** Where the match starts in that stream of that attempt (UTF-16 code units). */
  offset: number;
  /** The matched text (at most 200 characters). */
  match: string;
  /** Which model call of the call it fired in, from 1. */
  attempt: number;
  action: FiringAction;
  /** Present when `action` is `pass`. */
  reason?: PassReason;
};

/** One rewind, as `providerMetadata.rulebook.rewinds` lists it. */
export type RewindReport = Omit<FiringReport, "action" | "reason">;

/** `providerMetadata.rulebook` of a call with stream triggers. */
export type RulebookMetadata = {
  /** Model calls made: 1 plus the rewinds. */
  attempts: number;
  rewinds: RewindReport[];
  firings: FiringReport[];
};

const MAX_QUOTED_MATCH = 200;

/**
 * The firings and rewinds of one call, and the decision for each firing: a rewind while the call
 * has rewinds left and the rule's repeat policy allows it (a turn being one attempt), else `pass`.
 */
export class CallReport {
  attempt = 1;
  private readonly rewinds: RewindReport[] = [];
  private readonly firings: FiringReport[] = [];
  private readonly lastRewind = new Map<string, number>();

  constructor(
    private readonly maxRewinds: number,
    private readonly repeat: RepeatPolicy,
    private readonly onFiring?: (firing: FiringReport) => void,
  ) {}

  /** True while a firing may still rewind this call. */
  canRewind(): boolean {
    return this.rewinds.length < this.maxRewinds;
  }

  /** Decides what a firing does, and records it. */
  decide(firing: TtsrFiring): FiringAction {
    const name = firing.rule.name;
    const reason = !this.canRewind() ? "max-rewinds" : this.repeatAllows(name) ? undefined : "repeat";
    const seen: RewindReport = {
      rule: name,
      stream: firing.stream,
      offset: firing.offset,
      match: shortenText(firing.match, MAX_QUOTED_MATCH),
      attempt: this.attempt,
    };
    const report: FiringReport = reason === undefined ? { ...seen, action: "rewind" } : { ...seen, action: "pass", reason };
    this.firings.push(report);
    if (reason === undefined) {
      this.rewinds.push(seen);
      this.lastRewind.set(name, this.attempt);
    }
    this.onFiring?.(report);
    return report.action;
  }

  /** The next model call of this call starts. */
  nextAttempt(): void {
    this.attempt++;
  }

  /** What goes into the finish part's `providerMetadata.rulebook`. */
  metadata(): RulebookMetadata {
    return { attempts: this.attempt, rewinds: [...this.rewinds], firings: [...this.firings] };
  }

  private repeatAllows(name: string): boolean {
    const last = this.lastRewind.get(name);
    if (last === undefined) return true;
    return this.repeat.policy === "after-gap" && this.attempt - last >= this.repeat.turns;
  }
}

/** Checks a repeat policy: a programming error throws a RangeError naming it. */
export function checkRepeat(repeat: RepeatPolicy): RepeatPolicy {
  if (repeat?.policy === "once") return repeat;
  if (repeat?.policy === "after-gap" && Number.isSafeInteger(repeat.turns) && repeat.turns >= 1) return repeat;
  throw new RangeError(
    `createRulebook: repeat must be { policy: "once" } or { policy: "after-gap", turns: integer >= 1 }, got ${JSON.stringify(repeat)}`,
  );
}
