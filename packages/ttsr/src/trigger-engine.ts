import type { Rule } from "@rulebook/core";
import { MAX_PATTERNS_IN_ALL } from "./bounds.js";
import { createManager } from "./manager.js";
import { type CompiledRuleTrigger, compileRuleTrigger } from "./trigger-check.js";
import type { TtsrManager, TtsrManagerOptions, TtsrRuleCheck } from "./types.js";

/** One definition of a usable trigger for a load: the partition's check and the managers share it. */
export interface TriggerEngine {
  /**
   * The core's `partitionRules({ checkTrigger })`: compiles the rule's trigger once (later calls with
   * the same rule object return the same answer) and says whether it is usable.
   */
  check(rule: Rule): TtsrRuleCheck;
  /**
   * A manager that reuses the compilations of {@link check}: a rule already checked is not compiled
   * again, and its diagnostics, already reported by the check, are not repeated by `addRule`.
   */
  createManager(options?: TtsrManagerOptions): TtsrManager;
}

/**
 * Creates the trigger engine of one load. Patterns are counted across the rules it checks: past
 * {@link MAX_PATTERNS_IN_ALL}, later rules' patterns are refused with a diagnostic, so the partition
 * never accepts a rule the managers would not watch.
 */
export function createTriggerEngine(): TriggerEngine {
  const compiled = new WeakMap<Rule, CompiledRuleTrigger>();
  const reported = new WeakSet<Rule>();
  let patterns = 0;

  const compile = (rule: Rule): CompiledRuleTrigger => {
    let result = compiled.get(rule);
    if (!result) {
      result = compileRuleTrigger(rule, MAX_PATTERNS_IN_ALL - patterns);
      patterns += result.patterns.length;
      compiled.set(rule, result);
    }
    return result;
  };

  return {
    check(rule) {
      const { accepted, diagnostics } = compile(rule);
      reported.add(rule);
      return { accepted, diagnostics };
    },
    createManager: (options = {}) =>
      createManager(options, (rule) => {
        const result = compile(rule);
        if (!reported.has(rule)) {
          reported.add(rule);
          return result;
        }
        return { ...result, diagnostics: [] };
      }),
  };
}

/**
 * The engine's trigger check, to plug into the core's `partitionRules({ checkTrigger })` so that a
 * rule is categorised as ttsr exactly when the manager would accept it. Kept for compatibility: it is
 * the `check` of a new {@link createTriggerEngine}, whose managers also reuse its compilations.
 */
export function createTriggerChecker(): (rule: Rule) => TtsrRuleCheck {
  return createTriggerEngine().check;
}
