import { splitGlobList } from "./fields.js";
import type { MapFields } from "./rule-file.js";

/**
 * The `paths` key of Cline rules and Claude Code's `.claude/rules` (a list of globs, or a
 * string split like `globs`): a file with paths is attached by them instead of always
 * applied; `paths: []` means it never applies.
 */
export const applyPathsKey: MapFields = (fields, data, context) => {
  const paths = data.paths;
  if (paths === undefined || paths === null) return fields;
  const list = typeof paths === "string" ? splitGlobList(paths) : Array.isArray(paths) ? paths : undefined;
  if (list === undefined) {
    context.report("paths-invalid", `paths must be a glob or a list of globs; ignored`, { severity: "warning", key: "paths" });
    return fields;
  }
  const globs = list.filter((p): p is string => typeof p === "string" && p.trim() !== "").map((p) => p.trim());
  if (list.length === 0 || (typeof paths === "string" && globs.length === 0)) {
    context.report("paths-empty", `rule "${context.file.name}" has empty paths, so it never applies`, { severity: "info", key: "paths" });
    return {};
  }
  if (globs.length < list.length) context.report("paths-invalid", "paths entries must be text; some were ignored", { severity: "warning", key: "paths" });
  const { alwaysApply: _always, ...rest } = fields;
  return globs.length > 0 ? { ...rest, globs } : fields;
};
