import { type MapFields, type RuleFields, reportUnknownValue, splitGlobList } from "@rulebook/core/provider";

// The values Kiro writes in a steering file's `inclusion` key.
const MODES = ["always", "fileMatch", "manual", "auto"] as const;

/**
 * Applies Kiro's `inclusion` key (docs/behaviour.md#fields-and-activation) on top of the `always` activation default:
 * `always` (or no key) always applies; `fileMatch` is attached by its `fileMatchPattern`;
 * `manual` is inactive (read by name through `rule://`); `auto` is offered by its description.
 * The key decides alone: other tools' `globs` or `alwaysApply` in the file change nothing.
 */
export const applyInclusion: MapFields = (fields, data, context) => {
  const inclusion = typeof data.inclusion === "string" ? data.inclusion.trim() : data.inclusion;
  const keep = fields.condition ? { condition: fields.condition } : {};
  switch (inclusion) {
    case undefined:
    case null:
      return alwaysWithoutOtherKeys(fields, data, context);
    case "always":
      return { ...fields, alwaysApply: true };
    case "fileMatch": {
      const globs = fileMatchPatterns(data.fileMatchPattern);
      if (globs === undefined) {
        context.report(
          "kiro-file-match-pattern",
          `rule "${context.file.name}" has inclusion: fileMatch but no usable fileMatchPattern (a glob or a list of globs), so Kiro never includes it`,
          { severity: "warning", key: data.fileMatchPattern === undefined ? "inclusion" : "fileMatchPattern" },
        );
        return {};
      }
      return { ...keep, globs };
    }
    case "manual":
      context.report(
        "kiro-manual",
        `rule "${context.file.name}" has inclusion: manual; Kiro only uses it when you reference it with #${context.file.name.split("/").pop()}, so it stays inactive (read it at rule://${context.file.name})`,
        { severity: "info", key: "inclusion" },
      );
      return {};
    case "auto": {
      if (fields.description === undefined) {
        context.report(
          "kiro-auto-without-description",
          `rule "${context.file.name}" has inclusion: auto but no description, which Kiro matches requests against; it stays inactive`,
          { severity: "warning", key: "inclusion" },
        );
        return {};
      }
      return { ...keep, description: fields.description };
    }
    default:
      reportUnknownValue(context, "kiro-inclusion-unknown", "inclusion", data.inclusion, MODES, "the file is read as if it had none (always)");
      return alwaysWithoutOtherKeys(fields, data, context);
  }
};

// Kiro reads `inclusion` only: a steering file without it is always included, whatever
// `globs` or `alwaysApply` a copy from Cursor still carries (docs/behaviour.md#fields-and-activation).
const alwaysWithoutOtherKeys: MapFields = (fields, data, context) => {
  const stray = ["globs", "alwaysApply"].filter((key) => data[key] !== undefined && data[key] !== null && data[key] !== "");
  if (stray.length > 0) {
    context.report(
      "kiro-other-keys",
      `rule "${context.file.name}" has ${stray.map((key) => `\`${key}\``).join(" and ")} but no inclusion; Kiro reads only inclusion, so it includes the file always (add inclusion: fileMatch, auto or manual to change that)`,
      { severity: "info", key: stray[0] as string },
    );
  }
  const { globs: _globs, globsIgnoreCase: _ignoreCase, ...rest } = fields;
  return { ...rest, alwaysApply: true };
};

/** `fileMatchPattern` as globs: a string split like `globs` (commas outside `{}`), or a list of strings. */
function fileMatchPatterns(value: unknown): RuleFields["globs"] {
  const list = typeof value === "string" ? splitGlobList(value) : Array.isArray(value) ? value : [];
  const globs = list
    .filter((g): g is string => typeof g === "string")
    .map((g) => g.trim())
    .filter((g) => g !== "");
  return globs.length > 0 ? globs : undefined;
}
