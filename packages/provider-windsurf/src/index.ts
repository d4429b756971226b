import {
  type Diagnostic,
  type FoundRuleFile,
  type Provider,
  type ProviderContext,
  type RuleFileOptions,
  type RuleLevel,
  collectResults,
  defineProvider,
  joinPath,
  loadRuleFile,
  mapLimit,
  scanRuleFolder,
} from "@rulebook/core";
import { loadOptionalRuleFile } from "./optional-rule-file.js";
import { applyTrigger } from "./trigger.js";

const EXTENSIONS = [".md"] as const;

/**
 * Loads one Windsurf file with its `trigger:` key applied; the trigger's diagnostics are
 * added to the file's own.
 */
async function withTrigger<T extends { diagnostics: Diagnostic[] }>(
  file: FoundRuleFile,
  level: RuleLevel,
  alwaysByDefault: boolean,
  load: (options: RuleFileOptions) => Promise<T>,
): Promise<T> {
  const found: Diagnostic[] = [];
  const result = await load({
    source: { provider: "windsurf", providerName: "Windsurf", level },
    mapFields: (fields, data) =>
      applyTrigger(fields, data, {
        ruleName: file.name,
        alwaysByDefault,
        report: (d) => found.push({ ...d, provider: "windsurf", path: file.path }),
      }),
  });
  return { ...result, diagnostics: [...result.diagnostics, ...found] };
}

async function loadRulesFolder(context: ProviderContext, dir: string) {
  const scan = await scanRuleFolder(context, dir, { extensions: EXTENSIONS, provider: "windsurf" });
  const results = await mapLimit(scan.files, 64, (file) =>
    withTrigger(file, "project", false, (options) => loadRuleFile(context, file, options)),
  );
  return collectResults(results, scan.diagnostics);
}

function loadSingleFile(context: ProviderContext, file: FoundRuleFile, level: RuleLevel) {
  return withTrigger(file, level, true, (options) => loadOptionalRuleFile(context, file, options));
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
      loadRulesFolder(context, joinPath(joinPath(context.cwd, ".windsurf"), "rules")),
      loadSingleFile(context, { path: joinPath(context.cwd, ".windsurfrules"), name: "windsurfrules" }, "project"),
    ]);
    return {
      rules: results.flatMap((r) => r.rules),
      diagnostics: results.flatMap((r) => r.diagnostics),
    };
  },
});
