// The app API (`@rulebook/core`): types, diagnostics, the registry and load, the partition, rule://,
// globs, the export plan. Provider authors import from `@rulebook/core/provider` (and `/export`
// for writers), text helpers are at `/text`, test helpers at `/testing`.
export type { Diagnostic, Rule, RuleLevel, RuleSource, Severity } from "./rule/types.js";
export { DIAGNOSTIC_CODES, type DiagnosticCode, createDiagnostic, formatDiagnostic, hasErrors } from "./rule/diagnostics.js";
export { DIAGNOSTIC_HELP } from "./rule/diagnostic-help.js";
export {
  DEFAULT_MAX_FILE_BYTES,
  DEFAULT_PROVIDER_TIMEOUT_MS,
  type DuplicateRule,
  type ExportCopy,
  type LoadOptions,
  type LoadResult,
  type NotRulesGroup,
  type ProviderInfo,
  type ReadTwice,
  type ShadowedRule,
  loadRules,
} from "./load/load.js";
export type { SearchedPaths, SourceReport } from "./load/read-sources.js";
export type { SourceWatch } from "./sources/kind.js";
export { sourceLabel, watchSource } from "./sources/kinds.js";
export { findProjectRoot } from "./load/project-root.js";
export { type DeadGlob, findDeadGlobs } from "./glob/dead-globs.js";
export { PROJECT_QUALIFIER } from "./load/user-protection.js";
export { WALK_LIMITS } from "./load/walk.js";
export { IGNORE_LIMITS } from "./ignore/ignore-budget.js";
export { type Registry, createRegistry, getDefaultRegistry, registerDefaultProvider } from "./provider/registry.js";
export {
  type CategorizedRule,
  type CategoryReason,
  type PartitionOptions,
  type RuleCategory,
  type RulePartition,
  type TriggerCheck,
  type TriggerChecker,
  partitionRules,
} from "./rule/partition.js";
export { type ExportPlan, type ExportPlanOptions, type InPlaceRule, planExport } from "./export/plan.js";
export type { ExportFile, ExportLoss } from "./export/types.js";
export {
  type ParsedRuleUrl,
  type ResolveRuleUrlOptions,
  type ResolvedRule,
  RuleUrlError,
  parseRuleUrl,
  reachableRules,
  resolveRuleUrl,
  ruleUrlOf,
} from "./rule/rule-url.js";
export { ruleAddress } from "./rule/rule-address.js";
export { projectPathLabel } from "./text/path-label.js";
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
} from "./glob/globs.js";
// The provider contract as apps see it: a registry holds providers and checks their shape.
export {
  type Provider,
  type ProviderContext,
  type ProviderResult,
  type SpecificationVersion,
  assertProviderShape,
  checkProviderShape,
} from "./provider/provider.js";
export type { RuleSourceSpec } from "./sources/types.js";
export type { MaybePromise } from "./support/maybe-promise.js";
export { type RuleFs, isMissing, nodeFs } from "./read/fs.js";
export * from "./deprecated/app-moved.js";
