// Reading rule files yourself (`@rulebook/core/v1`), for providers written against the first
// contract (`load`). New providers declare `sources` instead (`@rulebook/core/provider`) and the
// core reads for them; the scanners and loaders here are deprecated. The parsers stay useful to a
// `load` hook whose rules come from somewhere other than files.
export {
  type FrontmatterData,
  MAX_FRONTMATTER_KEYS,
  MAX_FRONTMATTER_LENGTH,
  type ParseFrontmatterOptions,
  type ParsedFrontmatter,
  normalizeNewlines,
  parseFrontmatter,
} from "./read/frontmatter.js";
export { type NormalizeContext, type NormalizedFields, type RuleFields, normalizeRuleFields } from "./read/fields.js";
export { type ExpandImportsOptions, type ExpandedImports, MAX_IMPORT_HOPS, expandImports } from "./read/imports.js";
export { isMissing, nodeFs } from "./read/fs.js";
export * from "./deprecated/v1-scanners.js";
