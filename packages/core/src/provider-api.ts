// The provider specification (`@rulebook/core/provider`): what a provider author needs to declare
// where a tool's rule files are and how its keys map. The writer kit is at `/export`, reading
// files yourself at `/v1`, text helpers at `/text`; apps use `@rulebook/core`.
export type { Diagnostic, Rule, RuleLevel, RuleSource, Severity } from "./rule/types.js";
export { DIAGNOSTIC_CODES, type DiagnosticCode, createDiagnostic } from "./rule/diagnostics.js";
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
} from "./provider/provider.js";
export type {
  ActivationDefault,
  EachSource,
  NotRulesSource,
  FileSource,
  FirstCandidate,
  FirstCheck,
  FirstSource,
  FolderSource,
  FoundRuleFile,
  ListedSource,
  MapFields,
  MapFieldsContext,
  PatternFileSource,
  PatternFolderSource,
  RuleSourceSpec,
  SimpleSource,
  SourceOptions,
  WalkUpSource,
} from "./sources/types.js";
export type { FrontmatterData } from "./read/frontmatter-types.js";
export { type RuleFields, readGlobList, splitGlobList } from "./read/fields.js";
export { alwaysApplyUnlessSet } from "./read/rule-file.js";
export { applyPathsKey, reportUnknownValue, triggerKeyMap } from "./read/field-maps.js";
export type { EntryKind, FileStat, FolderEntry, ReadResult, RuleFs } from "./read/fs.js";
export type { ExportFile, ExportLoss, ExportOutput, RuleWriter } from "./export/types.js";
export type { MaybePromise } from "./support/maybe-promise.js";
export * from "./deprecated/provider-moved.js";
