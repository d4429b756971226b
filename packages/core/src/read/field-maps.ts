import { splitGlobList } from "./fields.js";
import type { MapFields, MapFieldsContext } from "./rule-file.js";

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
  if (globs.length < list.length)
    context.report("paths-invalid", "paths entries must be text; some were ignored", { severity: "warning", key: "paths" });
  const { alwaysApply: _always, ...rest } = fields;
  return globs.length > 0 ? { ...rest, globs } : fields;
};

// The values Windsurf (and Google's Antigravity, which reads the same key) write in `trigger`.
const TRIGGERS = ["always_on", "glob", "model_decision", "manual"] as const;

/**
 * Makes the mapping of Windsurf's `trigger:` key, which Antigravity's `.agent/rules` use too:
 * `always_on` always applies, `glob` is selected by its globs only, `model_decision` by its
 * description only (stray `globs` or `alwaysApply` of other tools are dropped: the trigger
 * decides), `manual` is inactive (read by name) with an info diagnostic; no trigger
 * keeps the fields (and the source's activation default); an unknown value (real files say
 * `global`) is a warning and the other keys are used as they are. Diagnostic codes are
 * `<codePrefix>-manual` and `<codePrefix>-trigger-unknown`; `tool` names the tool in messages.
 */
export function triggerKeyMap({ codePrefix, tool }: { codePrefix: string; tool: string }): MapFields {
  return (fields, data, context) => {
    const trigger = data.trigger;
    switch (typeof trigger === "string" ? trigger.trim() : trigger) {
      case "always_on":
        return { ...fields, alwaysApply: true };
      case "glob": {
        const { description: _description, alwaysApply: _always, ...selectedByGlobs } = fields;
        return selectedByGlobs;
      }
      case "model_decision": {
        // The trigger decides, whatever other tools' keys the file also carries (`globs` copied from Cursor).
        const { alwaysApply: _always, globs: _globs, globsIgnoreCase: _ignoreCase, ...selectedByDescription } = fields;
        return selectedByDescription;
      }
      case "manual":
        context.report(
          `${codePrefix}-manual`,
          `rule "${context.file.name}" has trigger: manual; ${tool} only uses it when you @-mention it by hand, so it stays inactive`,
          { severity: "info", key: "trigger" },
        );
        return {};
      case undefined:
      case null:
        return fields;
      default:
        reportUnknownValue(context, `${codePrefix}-trigger-unknown`, "trigger", trigger, TRIGGERS, "the other keys are used as they are");
        return fields;
    }
  };
}

/**
 * Reports a format key whose value its tool does not know, naming the values it does:
 * `unknown <key> "<value>" (expected a, b); <what happens>`, a warning on the key's line.
 */
export function reportUnknownValue(
  context: MapFieldsContext,
  code: string,
  key: string,
  value: unknown,
  expected: readonly string[],
  consequence: string,
): void {
  context.report(code, `unknown ${key} ${JSON.stringify(value)} (expected ${expected.join(", ")}); ${consequence}`, { severity: "warning", key });
}
