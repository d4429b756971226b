export {
  type BuildSystemPromptOptions,
  type IncludedRule,
  type OmittedRule,
  type PromptPartition,
  type PromptSection,
  type SystemPrompt,
  buildSystemPrompt,
} from "./build.js";
export { escapeContent, escapeInline, escapeProse, escapeXml } from "./escape.js";
/** The `rule://` address of a rule; kept here for callers of 0.1.0, it lives in `@rulebook/core`. */
export { ruleAddress } from "@rulebook/core";
export {
  type EffectKind,
  type FileRules,
  type RuleInEffect,
  type RulesForFilesOptions,
  type RulesForFilesResult,
  rulesForFiles,
} from "./rules-for-files.js";
export { FOLDER_PRECEDENCE_SENTENCE } from "./sections.js";
export {
  ROOT_ALWAYS_APPLY_TOKEN_THRESHOLD,
  type RootAlwaysApplyTokens,
  type RuleTokens,
  type TokenCounter,
  estimateTokens,
  rootScopeAlwaysApply,
  rootScopeAlwaysApplyTokens,
  tokenReport,
} from "./tokens.js";
export { type MaxTokensCheck, validateMaxTokens } from "./max-tokens.js";
