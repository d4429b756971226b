export type { Diagnostic, Rule, RuleLevel, RuleSource, Severity } from "./types.js";
export { DIAGNOSTIC_CODES, type DiagnosticCode, createDiagnostic, formatDiagnostic, hasErrors } from "./diagnostics.js";
export {
  type FrontmatterData,
  type ParseFrontmatterOptions,
  type ParsedFrontmatter,
  normalizeNewlines,
  parseFrontmatter,
} from "./frontmatter.js";
export { type NormalizeContext, type NormalizedFields, type RuleFields, normalizeRuleFields, splitGlobList } from "./fields.js";
export {
  type HiddenCharacter,
  findHiddenCharacters,
  hasHiddenCharacters,
  stripHiddenCharacters,
} from "./hidden-characters.js";
export { type MaybePromise, isPromiseLike } from "./maybe-promise.js";
export { type EntryKind, type FileStat, type FolderEntry, type ReadResult, type RuleFs, isMissing, nodeFs } from "./fs.js";
export {
  PROVIDER_SPECIFICATION_VERSION,
  type Provider,
  type ProviderContext,
  type ProviderDefinition,
  type ProviderResult,
  assertProviderShape,
  defineProvider,
} from "./provider.js";
export { type FoundRuleFile, type ScanOptions, type ScanResult, compareBytes, joinPath, scanRuleFolder } from "./scan.js";
export {
  type MapFields,
  type MapFieldsContext,
  type RuleFileOptions,
  alwaysApplyUnlessSet,
  type RuleFileResult,
  collectResults,
  loadOptionalRuleFile,
  loadRuleFile,
  loadRuleFolder,
  parseRuleFile,
} from "./rule-file.js";
export {
  DEFAULT_MAX_FILE_BYTES,
  type LoadOptions,
  type LoadResult,
  type ProviderInfo,
  type ShadowedRule,
  loadRules,
} from "./load.js";
export { type Registry, createRegistry, getDefaultRegistry, registerDefaultProvider } from "./registry.js";
export {
  type CategorizedRule,
  type PartitionOptions,
  type RuleCategory,
  type RulePartition,
  type TriggerCheck,
  type TriggerChecker,
  checkTriggerPatterns,
  compileTriggerPattern,
  partitionRules,
} from "./partition.js";
export { type ResolvedRule, RuleUrlError, reachableRules, resolveRuleUrl } from "./rule-url.js";
export {
  type FileRuleDecision,
  type GlobMatch,
  type GlobSelection,
  explainFile,
  matchGlobs,
  selectRulesForFiles,
  toProjectPath,
} from "./globs.js";
