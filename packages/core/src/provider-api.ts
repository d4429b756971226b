// The provider-authoring API (`@rulebook/core/provider`): the contract, the source kinds, field
// mapping, frontmatter, file access and the v1 helpers. The rule and diagnostic types a provider
// returns are here too, so an author imports from one place.
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
  Activation,
  FileSource,
  FolderSource,
  PatternFileSource,
  PatternFolderSource,
  RuleSourceSpec,
  SimpleSource,
  SourceOptions,
  FirstSource,
  FirstCandidate,
  FirstCheck,
  WalkUpSource,
  EachSource,
} from "./sources/types.js";
export {
  type FrontmatterData,
  MAX_FRONTMATTER_KEYS,
  MAX_FRONTMATTER_LENGTH,
  type ParseFrontmatterOptions,
  type ParsedFrontmatter,
  normalizeNewlines,
  parseFrontmatter,
} from "./read/frontmatter.js";
export {
  type NormalizeContext,
  type NormalizedFields,
  type RuleFields,
  normalizeRuleFields,
  readGlobList,
  splitGlobList,
} from "./read/fields.js";
export { applyPathsKey, reportUnknownValue, triggerKeyMap } from "./read/field-maps.js";
export { type ExpandImportsOptions, type ExpandedImports, MAX_IMPORT_HOPS, expandImports } from "./read/imports.js";
export type { MaybePromise } from "./support/maybe-promise.js";
export { type EntryKind, type FileStat, type FolderEntry, type ReadResult, type RuleFs, isMissing, nodeFs } from "./read/fs.js";
// The write side: what a provider's `write` returns, and the helpers the bundled writers share.
export type { ExportFile, ExportLoss, ExportOutput, RuleWriter } from "./export/types.js";
export { EXPORT_MARKER, EXPORT_MARKER_HTML, EXPORT_MARKER_YAML, hasExportMarker, withoutExportMarker } from "./export/marker.js";
export { type ExportValue, globListValue, serializeFrontmatter, yamlString } from "./export/yaml.js";
export {
  type Activation as ExportActivation,
  type Lose,
  type PreparedRule,
  type TargetAbilities,
  activationOf,
  prepareRule,
  safeRuleName,
} from "./export/rule.js";
export { type RuleFolderFormat, type SingleFileFormat, triggerFields, writeAsAlways, writeRuleFolder, writeSingleFile } from "./export/files.js";
export { type ModeFoldersFormat, alwaysApplyFields, pathsFields, writeModeFolders } from "./export/formats.js";
// v1 helpers: providers that read their own files (the `load` contract) keep working.
export { type FoundRuleFile, type ScanOptions, type ScanResult, joinPath, scanRuleFolder } from "./sources/scan.js";
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
} from "./read/rule-file.js";
