// The app API (`@rulebook/core`): types, diagnostics, the registry and load, the partition, rule://,
// globs. Provider authors import from `@rulebook/core/provider`; test helpers live at `/testing`.
export type { Diagnostic, Rule, RuleLevel, RuleSource, Severity } from "./types.js";
export { DIAGNOSTIC_CODES, type DiagnosticCode, createDiagnostic, formatDiagnostic, hasErrors } from "./diagnostics.js";
export {
  DEFAULT_MAX_FILE_BYTES,
  DEFAULT_PROVIDER_TIMEOUT_MS,
  type DuplicateRule,
  type LoadOptions,
  type LoadResult,
  type ProviderInfo,
  type ShadowedRule,
  loadRules,
} from "./load.js";
export type { SearchedPaths, SourceReport } from "./read-sources.js";
export type { SourceWatch } from "./source-kind.js";
export { watchSource } from "./source-kinds.js";
export { findProjectRoot } from "./project-root.js";
export { PROJECT_QUALIFIER } from "./user-protection.js";
export { WALK_LIMITS } from "./walk.js";
export { type Registry, createRegistry, getDefaultRegistry, registerDefaultProvider } from "./registry.js";
export {
  type CategorizedRule,
  type CategoryReason,
  type PartitionOptions,
  type RuleCategory,
  type RulePartition,
  type TriggerCheck,
  type TriggerChecker,
  partitionRules,
} from "./partition.js";
export { type ExportPlan, planExport } from "./export-plan.js";
export type { ExportFile, ExportLoss } from "./export-types.js";
export { MAX_QUOTED_PATTERN, quotePattern } from "./quote-pattern.js";
export {
  type ParsedRuleUrl,
  type ResolveRuleUrlOptions,
  type ResolvedRule,
  RuleUrlError,
  parseRuleUrl,
  reachableRules,
  resolveRuleUrl,
} from "./rule-url.js";
export { describeValue } from "./describe-value.js";
export { errorLine, errorText } from "./error-text.js";
export { cutText, isHighSurrogate, isLowSurrogate, shortenText } from "./text-cut.js";
export {
  type FileRuleDecision,
  type GlobMatch,
  type GlobSelection,
  MAX_GLOB_ALTERNATIVES,
  type MatchGlobsOptions,
  MAX_GLOB_BRACE_DEPTH,
  MAX_GLOB_LENGTH,
  MAX_GLOB_WILDCARDS,
  type RefusedGlob,
  explainFile,
  globNeverMatches,
  globProblem,
  matchGlobs,
  normalizeScope,
  pathInScope,
  scopeDepth,
  selectRulesForFiles,
  toProjectPath,
} from "./globs.js";
export {
  type HiddenCharacter,
  type HiddenKind,
  type HiddenRun,
  type HiddenRunScan,
  findHiddenCharacters,
  findHiddenRuns,
  hasHiddenCharacters,
  stripHiddenCharacters,
} from "./hidden-characters.js";
export { type HiddenField, type HiddenWhere, checkHiddenInField, hiddenCharacterDiagnostics } from "./hidden-diagnostics.js";
export { type NamedFile, nameTwinDiagnostics, normalizeRuleName } from "./unicode-names.js";

// The provider contract as apps see it: a registry holds providers and checks their shape.
export {
  type Provider,
  type ProviderContext,
  type ProviderResult,
  type SpecificationVersion,
  assertProviderShape,
  checkProviderShape,
} from "./provider.js";
export type { RuleSourceSpec } from "./source-types.js";
export type { MaybePromise } from "./maybe-promise.js";
export type { RuleFs } from "./fs.js";
