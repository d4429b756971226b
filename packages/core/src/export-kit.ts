// The writer kit (`@rulebook/core/export`): what a provider's `write` returns, and the helpers the
// bundled writers share to turn a rule into a tool's files and report what the format loses.
export type { ExportFile, ExportLoss, ExportOutput, RuleWriter } from "./export/types.js";
export { EXPORT_MARKER, EXPORT_MARKER_HTML, EXPORT_MARKER_YAML, hasExportMarker, withoutExportMarker } from "./export/marker.js";
export { type ExportValue, globListValue, serializeFrontmatter, yamlString } from "./export/yaml.js";
export {
  type ExportActivation,
  type Lose,
  type PreparedRule,
  type TargetAbilities,
  activationOf,
  prepareRule,
  safeRuleName,
} from "./export/rule.js";
export { type RuleFolderFormat, type SingleFileFormat, triggerFields, writeAsAlways, writeRuleFolder, writeSingleFile } from "./export/files.js";
export { type ModeFoldersFormat, alwaysApplyFields, pathsFields, writeModeFolders } from "./export/formats.js";
