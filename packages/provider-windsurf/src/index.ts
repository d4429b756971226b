import {
  type FoundRuleFile,
  type Provider,
  type ProviderContext,
  type RuleLevel,
  defineProvider,
  joinPath,
  loadOptionalRuleFile,
  loadRuleFolder,
} from "@rulebook/core";
import { applyTrigger, applyTriggerAlwaysByDefault } from "./trigger.js";

const source = (level: RuleLevel) => ({ provider: "windsurf", providerName: "Windsurf", level });

function loadSingleFile(context: ProviderContext, file: FoundRuleFile, level: RuleLevel) {
  return loadOptionalRuleFile(context, file, { source: source(level), mapFields: applyTriggerAlwaysByDefault });
}

/**
 * The Windsurf provider: `<home>/.codeium/windsurf/memories/global_rules.md` (user, the rule
 * `global_rules`), then `<cwd>/.windsurf/rules/` (project, `.md`), then the legacy
 * `<cwd>/.windsurfrules` (project, the rule `windsurfrules`), with Windsurf's `trigger:` key.
 * Priority 50.
 */
export const windsurfProvider: Provider = defineProvider({
  id: "windsurf",
  displayName: "Windsurf",
  priority: 50,
  async load(context) {
    const memories = joinPath(joinPath(joinPath(context.home, ".codeium"), "windsurf"), "memories");
    const results = await Promise.all([
      loadSingleFile(context, { path: joinPath(memories, "global_rules.md"), name: "global_rules" }, "user"),
      loadRuleFolder(context, joinPath(joinPath(context.cwd, ".windsurf"), "rules"), {
        extensions: [".md"],
        source: source("project"),
        mapFields: applyTrigger,
      }),
      loadSingleFile(context, { path: joinPath(context.cwd, ".windsurfrules"), name: "windsurfrules" }, "project"),
    ]);
    return {
      rules: results.flatMap((r) => r.rules),
      diagnostics: results.flatMap((r) => r.diagnostics),
    };
  },
});
