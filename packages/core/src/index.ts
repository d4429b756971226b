// The app API: types, diagnostics, the registry and load, the partition, rule://, globs.
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
export { findProjectRoot } from "./project-root.js";
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
export { MAX_QUOTED_PATTERN, quotePattern } from "./quote-pattern.js";
export { type ResolveRuleUrlOptions, type ResolvedRule, RuleUrlError, reachableRules, resolveRuleUrl } from "./rule-url.js";
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

// The provider-authoring API: the contract, sources, field mapping, file access.
export {
  PROVIDER_SPECIFICATION_VERSION,
  SUPPORTED_SPECIFICATION_VERSIONS,
  type Provider,
  type ProviderContext,
  type ProviderDefinition,
  type ProviderResult,
  type SpecificationVersion,
  assertProviderShape,
  defineProvider,
} from "./provider.js";
export type {
  Activation,
  FileSource,
  FolderSource,
  PatternFileSource,
  PatternFolderSource,
  RuleSourceSpec,
  SourceOptions,
} from "./sources.js";
export {
  type FrontmatterData,
  MAX_FRONTMATTER_KEYS,
  MAX_FRONTMATTER_LENGTH,
  type ParseFrontmatterOptions,
  type ParsedFrontmatter,
  normalizeNewlines,
  parseFrontmatter,
} from "./frontmatter.js";
export {
  type NormalizeContext,
  type NormalizedFields,
  type RuleFields,
  normalizeRuleFields,
  readGlobList,
  splitGlobList,
} from "./fields.js";
export { applyPathsKey, reportUnknownValue, triggerKeyMap } from "./field-maps.js";
export { type ExpandImportsOptions, type ExpandedImports, MAX_IMPORT_HOPS, expandImports } from "./imports.js";
export type { MaybePromise } from "./maybe-promise.js";
export { type EntryKind, type FileStat, type FolderEntry, type ReadResult, type RuleFs, isMissing, nodeFs } from "./fs.js";
// v1 helpers: providers that read their own files (the `load` contract) keep working.
export { type FoundRuleFile, type ScanOptions, type ScanResult, joinPath, scanRuleFolder } from "./scan.js";
export {
  type MapFields,
  type MapFieldsContext,
  type RuleFileOptions,
  type RuleFileResult,
  alwaysApplyUnlessSet,
  loadOptionalRuleFile,
  loadRuleFile,
  loadRuleFolder,
  parseRuleFile,
} from "./rule-file.js";
