import type { Diagnostic, Rule } from "@rulebook/core";
import { MAX_PATTERNS_IN_ALL } from "./bounds.js";
import { type TriggerPattern, patternTree } from "./compile-pattern.js";
import type { CostBudgets } from "./cost-ledger.js";
import { quotePattern } from "./quote.js";
import { type SetScanner, createSetScanner } from "./set-scanner.js";
import { type CompiledRuleTrigger, triggerDiagnostic } from "./trigger-check.js";
import type { TtsrRuleCheck } from "./types.js";

/** A rule being watched, with the patterns still watched. */
export interface WatchedRule {
  rule: Rule;
  patterns: TriggerPattern[];
  /** True when one of its patterns may end with `$`, `\b` or `\B`: its firings wait for the next character. */
  endSensitive: boolean;
}

/** The automaton of the watched patterns, and which rule and pattern each match ID stands for. */
export interface Automaton {
  scanner: SetScanner;
  owners: { watched: WatchedRule; pattern: TriggerPattern }[];
}

/**
 * What building automaton states may cost. Each rule is charged for its own states (realistic
 * triggers need a few dozen units in all; `a.{900}c` on text full of `a` hundreds per character);
 * the whole automaton gets room to build every state of a program of its size before its total
 * counts, as a safety net against combinations no single rule pays for.
 */
export function costBudgets(instructions: number): CostBudgets {
  return {
    perRule: { warmup: 10_000, perCharacter: 1 },
    inAll: { warmup: Math.min(20_000_000, 1_000_000 + 1024 * instructions), perCharacter: 16 },
  };
}

/** The watched rules, in the order they were added, and the automaton that runs their patterns. */
export class WatchList {
  private entries: WatchedRule[] = [];
  private built: Automaton | undefined;

  /** The watched rules. */
  get rules(): Rule[] {
    return this.entries.map((entry) => entry.rule);
  }

  /** True when the automaton must be built again (rules were added since). */
  get stale(): boolean {
    return this.built === undefined;
  }

  /**
   * Watches a compiled rule when it has a usable pattern, replacing a rule of the same name; the
   * patterns beyond {@link MAX_PATTERNS_IN_ALL} in all are refused, with one diagnostic.
   */
  add(rule: Rule, compiled: CompiledRuleTrigger): TtsrRuleCheck {
    const index = this.entries.findIndex((entry) => entry.rule.name === rule.name);
    const others = this.entries.reduce((sum, entry, i) => (i === index ? sum : sum + entry.patterns.length), 0);
    const room = Math.max(0, MAX_PATTERNS_IN_ALL - others);
    const patterns = compiled.patterns.slice(0, room);
    const diagnostics = [...compiled.diagnostics];
    if (patterns.length < compiled.patterns.length) {
      const excess = compiled.patterns.length - patterns.length;
      diagnostics.push(
        triggerDiagnostic(rule, `${excess} of its patterns are not watched (at most ${MAX_PATTERNS_IN_ALL} patterns are watched in all); skipped`),
      );
    }
    if (patterns.length === 0) return { accepted: false, diagnostics };
    const entry = { rule, patterns, endSensitive: patterns.some((p) => p.endSensitive) };
    if (index >= 0) this.entries[index] = entry;
    else this.entries.push(entry);
    this.built = undefined;
    return { accepted: true, diagnostics };
  }

  /** The automaton of the watched patterns, built when rules changed. */
  automaton(): Automaton {
    if (this.built) return this.built;
    const owners = this.entries.flatMap((watched) => watched.patterns.map((pattern) => ({ watched, pattern })));
    const groups = owners.map((owner) => this.entries.indexOf(owner.watched));
    const scanner = createSetScanner(
      owners.map((owner) => patternTree(owner.pattern)),
      groups,
      costBudgets,
    );
    this.built = { scanner, owners };
    return this.built;
  }

  /**
   * Stops watching the patterns the automaton found too costly, all at once (the automaton is not
   * rebuilt); returns one diagnostic per rule, and drops rules left with no pattern.
   */
  forgetOverspent(stream: string): Diagnostic[] {
    const { scanner, owners } = this.automaton();
    const ids = scanner.overspent();
    scanner.forget(ids);
    const byRule = new Map<WatchedRule, TriggerPattern[]>();
    for (const id of ids) {
      const owner = owners[id];
      if (!owner) continue;
      byRule.set(owner.watched, [...(byRule.get(owner.watched) ?? []), owner.pattern]);
    }
    const diagnostics: Diagnostic[] = [];
    for (const [watched, dropped] of byRule) {
      watched.patterns = watched.patterns.filter((pattern) => !dropped.includes(pattern));
      watched.endSensitive = watched.patterns.some((pattern) => pattern.endSensitive);
      const quoted = dropped.map((pattern) => quotePattern(pattern.source)).join(", ");
      const patterns = dropped.length === 1 ? `pattern ${quoted}` : `patterns ${quoted}`;
      diagnostics.push(
        triggerDiagnostic(
          watched.rule,
          `${patterns} made the stream automaton too costly on stream "${stream}" (it kept building new states); no longer watched`,
        ),
      );
    }
    this.entries = this.entries.filter((entry) => entry.patterns.length > 0);
    return diagnostics;
  }
}
