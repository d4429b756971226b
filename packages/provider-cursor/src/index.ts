import {
  type Provider,
  type RuleLevel,
  alwaysApplyUnlessSet,
  defineProvider,
  joinPath,
  loadOptionalRuleFile,
  loadRuleFolder,
} from "@rulebook/core";

const EXTENSIONS = [".mdc", ".md"] as const;

const source = (level: RuleLevel) => ({
  provider: "cursor",
  providerName: "Cursor",
  level,
});

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
          // Cursor always applied the legacy file.
          mapFields: alwaysApplyUnlessSet,
        },
      ),
    ]);
    return {
      rules: results.flatMap((r) => r.rules),
      diagnostics: results.flatMap((r) => r.diagnostics),
    };
  },
});
