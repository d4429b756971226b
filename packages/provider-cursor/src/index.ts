import {
  type FrontmatterData,
  type Provider,
  type RuleFields,
  type RuleLevel,
  defineProvider,
  joinPath,
  loadRuleFolder,
} from "@rulebook/core";
import { loadOptionalRuleFile } from "./optional-rule-file.js";

const EXTENSIONS = [".mdc", ".md"] as const;

const source = (level: RuleLevel) => ({
  provider: "cursor",
  providerName: "Cursor",
  level,
});

/**
 * Makes a legacy file always apply, as Cursor did, unless its own frontmatter has an
 * `alwaysApply` (or `always-apply`) key.
 */
function alwaysApplyByDefault(fields: RuleFields, data: FrontmatterData): RuleFields {
  if (data.alwaysApply !== undefined && data.alwaysApply !== null) return fields;
  return { ...fields, alwaysApply: true };
}

/**
 * The Cursor provider: `<home>/.cursor/rules/` (user), then `<cwd>/.cursor/rules/`
 * (project), `.mdc` and `.md` files, then the legacy `<cwd>/.cursorrules` as the rule
 * `cursorrules`. Priority 50.
 */
export const cursorProvider: Provider = defineProvider({
  id: "cursor",
  displayName: "Cursor",
  priority: 50,
  async load(context) {
    const results = await Promise.all([
      loadRuleFolder(context, joinPath(joinPath(context.home, ".cursor"), "rules"), {
        extensions: EXTENSIONS,
        source: source("user"),
      }),
      loadRuleFolder(context, joinPath(joinPath(context.cwd, ".cursor"), "rules"), {
        extensions: EXTENSIONS,
        source: source("project"),
      }),
      loadOptionalRuleFile(
        context,
        { path: joinPath(context.cwd, ".cursorrules"), name: "cursorrules" },
        {
          source: source("project"),
          mapFields: alwaysApplyByDefault,
        },
      ),
    ]);
    return {
      rules: results.flatMap((r) => r.rules),
      diagnostics: results.flatMap((r) => r.diagnostics),
    };
  },
});
