export {
  MAX_NESTING_DEPTH,
  MAX_PATTERNS_IN_ALL,
  MAX_PATTERNS_PER_RULE,
  MAX_PROGRAM_SIZE,
  MAX_QUOTED_PATTERN,
  MAX_REPEAT,
} from "./bounds.js";
export { type CompilePatternResult, type TriggerPattern, compilePattern } from "./compile-pattern.js";
export { createTtsrManager } from "./manager.js";
export { renderTtsrReminder } from "./reminder.js";
export { type CompiledRuleTrigger, compileRuleTrigger } from "./trigger-check.js";
export { type TriggerEngine, createTriggerChecker, createTriggerEngine } from "./trigger-engine.js";
export {
  DEFAULT_MAX_MATCH_LENGTH,
  type RepeatPolicy,
  type TtsrFiring,
  type TtsrManager,
  type TtsrManagerOptions,
  type TtsrRuleCheck,
  type TtsrState,
} from "./types.js";
