import { type MapFields, applyPathsKey } from "@rulebook/core/provider";

// Keys of other tools that rule folders copied into `.claude/rules` carry (11 real files had Cursor's).
const OTHER_TOOLS_KEYS = ["description", "globs", "alwaysApply"];

/**
 * The field mapping of `.claude/rules/*.md`: only `paths` decides, as Claude Code reads nothing
 * else (https://docs.claude.com/en/docs/claude-code/memory). A file is always applied unless
 * its `paths` attach it to files; Cursor-style `description`, `globs` or `alwaysApply` do not
 * make it on-demand or inactive, and are reported with an info diagnostic.
 */
export const applyClaudeRulesKeys: MapFields = (fields, data, context) => {
  const found = OTHER_TOOLS_KEYS.filter((key) => data[key] !== undefined && data[key] !== null && data[key] !== "");
  if (found.length > 0) {
    const keys = found.map((key) => `\`${key}\``).join(", ");
    context.report(
      "claude-rules-other-keys",
      `rule "${context.file.name}" has ${keys}, which Claude Code does not read in .claude/rules; it applies by \`paths\` only, so this rule is always applied${data.paths === undefined ? "" : " within its paths"}`,
      { severity: "info", key: found[0] as string },
    );
  }
  const { description: _description, globs: _globs, alwaysApply: _always, ...rest } = fields;
  return applyPathsKey({ ...rest, alwaysApply: true }, data, context);
};
