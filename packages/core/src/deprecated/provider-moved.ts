// Names `@rulebook/core/provider` exported before the entry points followed their audiences
// (0.2): kept for one minor so third-party providers keep building; each says where it went.
import type { ActivationDefault } from "../sources/types.js";
import * as kit from "../export-kit.js";
import * as v1 from "../v1.js";

/** @deprecated Moved to `@rulebook/core/export`. */
export type ExportValue = kit.ExportValue;
/** @deprecated Moved to `@rulebook/core/export`. */
export type Lose = kit.Lose;
/** @deprecated Moved to `@rulebook/core/export`. */
export type ModeFoldersFormat = kit.ModeFoldersFormat;
/** @deprecated Moved to `@rulebook/core/export`. */
export type PreparedRule = kit.PreparedRule;
/** @deprecated Moved to `@rulebook/core/export`. */
export type RuleFolderFormat = kit.RuleFolderFormat;
/** @deprecated Moved to `@rulebook/core/export`. */
export type SingleFileFormat = kit.SingleFileFormat;
/** @deprecated Moved to `@rulebook/core/export`. */
export type TargetAbilities = kit.TargetAbilities;
/** @deprecated Moved to `@rulebook/core/export`. */
export type ExportActivation = kit.ExportActivation;
/** @deprecated Moved to `@rulebook/core/export`. */
export const EXPORT_MARKER = kit.EXPORT_MARKER;
/** @deprecated Moved to `@rulebook/core/export`. */
export const EXPORT_MARKER_HTML = kit.EXPORT_MARKER_HTML;
/** @deprecated Moved to `@rulebook/core/export`. */
export const EXPORT_MARKER_YAML = kit.EXPORT_MARKER_YAML;
/** @deprecated Moved to `@rulebook/core/export`. */
export const activationOf = kit.activationOf;
/** @deprecated Moved to `@rulebook/core/export`. */
export const alwaysApplyFields = kit.alwaysApplyFields;
/** @deprecated Moved to `@rulebook/core/export`. */
export const globListValue = kit.globListValue;
/** @deprecated Moved to `@rulebook/core/export`. */
export const hasExportMarker = kit.hasExportMarker;
/** @deprecated Moved to `@rulebook/core/export`. */
export const pathsFields = kit.pathsFields;
/** @deprecated Moved to `@rulebook/core/export`. */
export const prepareRule = kit.prepareRule;
/** @deprecated Moved to `@rulebook/core/export`. */
export const safeRuleName = kit.safeRuleName;
/** @deprecated Moved to `@rulebook/core/export`. */
export const serializeFrontmatter = kit.serializeFrontmatter;
/** @deprecated Moved to `@rulebook/core/export`. */
export const triggerFields = kit.triggerFields;
/** @deprecated Moved to `@rulebook/core/export`. */
export const withoutExportMarker = kit.withoutExportMarker;
/** @deprecated Moved to `@rulebook/core/export`. */
export const writeAsAlways = kit.writeAsAlways;
/** @deprecated Moved to `@rulebook/core/export`. */
export const writeModeFolders = kit.writeModeFolders;
/** @deprecated Moved to `@rulebook/core/export`. */
export const writeRuleFolder = kit.writeRuleFolder;
/** @deprecated Moved to `@rulebook/core/export`. */
export const writeSingleFile = kit.writeSingleFile;
/** @deprecated Moved to `@rulebook/core/export`. */
export const yamlString = kit.yamlString;
/** @deprecated Moved to `@rulebook/core/v1`. */
export type ExpandImportsOptions = v1.ExpandImportsOptions;
/** @deprecated Moved to `@rulebook/core/v1`. */
export type ExpandedImports = v1.ExpandedImports;
/** @deprecated Moved to `@rulebook/core/v1`. */
export type NormalizeContext = v1.NormalizeContext;
/** @deprecated Moved to `@rulebook/core/v1`. */
export type NormalizedFields = v1.NormalizedFields;
/** @deprecated Moved to `@rulebook/core/v1`. */
export type ParseFrontmatterOptions = v1.ParseFrontmatterOptions;
/** @deprecated Moved to `@rulebook/core/v1`. */
export type ParsedFrontmatter = v1.ParsedFrontmatter;
/** @deprecated Moved to `@rulebook/core/v1`. */
export type RuleFileOptions = v1.RuleFileOptions;
/** @deprecated Moved to `@rulebook/core/v1`. */
export type RuleFileResult = v1.RuleFileResult;
/** @deprecated Moved to `@rulebook/core/v1`. */
export type ScanOptions = v1.ScanOptions;
/** @deprecated Moved to `@rulebook/core/v1`. */
export type ScanResult = v1.ScanResult;
/** @deprecated Moved to `@rulebook/core/v1`. */
export const MAX_FRONTMATTER_KEYS = v1.MAX_FRONTMATTER_KEYS;
/** @deprecated Moved to `@rulebook/core/v1`. */
export const MAX_FRONTMATTER_LENGTH = v1.MAX_FRONTMATTER_LENGTH;
/** @deprecated Moved to `@rulebook/core/v1`. */
export const MAX_IMPORT_HOPS = v1.MAX_IMPORT_HOPS;
/** @deprecated Moved to `@rulebook/core/v1`. */
export const expandImports = v1.expandImports;
/** @deprecated Moved to `@rulebook/core/v1`. */
export const isMissing = v1.isMissing;
/** @deprecated Moved to `@rulebook/core/v1`. */
export const joinPath = v1.joinPath;
/** @deprecated Moved to `@rulebook/core/v1`. */
export const loadOptionalRuleFile = v1.loadOptionalRuleFile;
/** @deprecated Moved to `@rulebook/core/v1`. */
export const loadRuleFile = v1.loadRuleFile;
/** @deprecated Moved to `@rulebook/core/v1`. */
export const loadRuleFolder = v1.loadRuleFolder;
/** @deprecated Moved to `@rulebook/core/v1`. */
export const normalizeNewlines = v1.normalizeNewlines;
/** @deprecated Moved to `@rulebook/core/v1`. */
export const normalizeRuleFields = v1.normalizeRuleFields;
/** @deprecated Moved to `@rulebook/core/v1`. */
export const parseFrontmatter = v1.parseFrontmatter;
/** @deprecated Moved to `@rulebook/core/v1`. */
export const parseRuleFile = v1.parseRuleFile;
/** @deprecated Moved to `@rulebook/core/v1`. */
export const scanRuleFolder = v1.scanRuleFolder;
/** @deprecated Moved to `@rulebook/core` (apps) and `@rulebook/core/v1`. */
export const nodeFs = v1.nodeFs;
/** @deprecated Renamed `ActivationDefault` (the export kit's `ExportActivation` is another thing). */
export type Activation = ActivationDefault;
