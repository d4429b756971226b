import { mapMaybe } from "../support/maybe-promise.js";
import type { Provider, ProviderContext, ProviderResult } from "../provider/provider.js";
import { type RuleFileOptions, type RuleFileResult, loadRuleFileMaybe } from "../read/rule-file.js";
import type { KindContext, NotRulesFound } from "../sources/kind.js";
import { expandSource, findSourceFiles, patternSources, walkPlan } from "../sources/kinds.js";
import type { RuleSourceSpec, SearchedPaths, SimpleSource } from "../sources/types.js";
import type { Diagnostic } from "../rule/types.js";
import { walkProject } from "./walk.js";

export type { SearchedPaths } from "../sources/types.js";

/** One source read in a load (a `first`, `walk-up` or `each` source as what it stood for), with how many rules it gave: what `rulebook providers` shows. */
export interface SourceReport {
  provider: string;
  source: SimpleSource;
  rules: number;
}

/** A provider with the sources it declared for this load. */
export interface SourcePlan {
  provider: Provider;
  context: ProviderContext;
  sources: readonly RuleSourceSpec[];
  /** With the root at home there is no project: only user sources are read. */
  userOnly?: boolean;
}

/** Everything the sources of every provider gave, per provider in plan order. */
export interface SourceRead {
  results: ProviderResult[];
  reports: SourceReport[];
  searched: SearchedPaths;
  /** Every file of the walked tree git does not ignore, when asked for and the walk was whole. */
  projectFiles?: string[];
  /** Skills, commands and subagents the `not-rules` sources counted in the project, never read. */
  notRules: NotRulesFound[];
}

/** Where a load may read: the real project root and real home, symlinks resolved, and whether project rules may import from outside the project. */
export interface Boundaries {
  project: string;
  user: string;
  /** The user trusts the project (`LoadOptions.trusted`). */
  trusted?: boolean;
}

/**
 * Reads every declared source (docs/behaviour.md#providers): one walk of the project for all
 * pattern sources, then each provider's sources in its order, each kind asked what it stands
 * for in this load and which files it finds. Never throws for data.
 */
export async function readSources(
  plans: readonly SourcePlan[],
  boundaries: Boundaries,
  base: ProviderContext,
  listFiles = false,
): Promise<SourceRead> {
  const searched: SearchedPaths = { folders: [], files: [] };
  const plan = walkPlan(plans.flatMap((p) => p.sources.flatMap(patternSources).filter((s) => !p.userOnly || s.level === "user")));
  const walk = await walkProject({
    root: base.root,
    fs: base.fs,
    patterns: plan.patterns,
    keep: plan.keep,
    listFiles,
    ...(base.signal && { signal: base.signal }),
  });
  searched.folders.push(...walk.folders);
  searched.files.push(...walk.ignoreFiles);

  const reports: SourceReport[] = [];
  const results: ProviderResult[] = [];
  const notRules: NotRulesFound[] = [];
  for (const [index, { provider, context, sources, userOnly }] of plans.entries()) {
    const result: ProviderResult = { rules: [], diagnostics: index === 0 ? [...walk.diagnostics] : [] };
    for (const declared of sources) {
      const expanded = await expandSource(declared, context, searched, provider, walk.files, userOnly === true);
      for (const d of expanded.diagnostics) result.diagnostics.push(d);
      if (expanded.notRules && !userOnly) notRules.push(...expanded.notRules);
      for (const source of expanded.sources) {
        if (userOnly && source.level !== "user") continue;
        const options = fileOptions(provider, source, boundaries);
        const kind: KindContext = { context, provider: provider.id, boundary: options.boundary, walked: walk.files, searched };
        const found = await findSourceFiles(source, kind);
        const read = await mapMaybe(found.files, 64, (file) => loadRuleFileMaybe(context, file, options));
        const before = result.rules.length;
        collect(read, found.diagnostics, result);
        reports.push({ provider: provider.id, source, rules: result.rules.length - before });
      }
    }
    results.push(result);
  }
  return { results, reports, searched, notRules, ...(walk.projectFiles && { projectFiles: walk.projectFiles }) };
}

function fileOptions(provider: Provider, source: SimpleSource, boundaries: Boundaries): RuleFileOptions {
  return {
    source: { provider: provider.id, providerName: provider.displayName, level: source.level },
    boundary: source.level === "user" ? boundaries.user : boundaries.project,
    ...(source.activation && { activation: source.activation }),
    ...(source.mapFields && { mapFields: source.mapFields }),
    ...(source.modes && { modes: source.modes }),
    ...(source.imports && { imports: true, trusted: boundaries.trusted === true }),
  };
}

// Indexed loops: this runs once per file, mostly before the JIT has optimised it.
function collect(read: readonly RuleFileResult[], diagnostics: readonly Diagnostic[], into: ProviderResult): void {
  for (let i = 0; i < diagnostics.length; i++) into.diagnostics.push(diagnostics[i] as Diagnostic);
  for (let i = 0; i < read.length; i++) {
    const one = read[i] as RuleFileResult;
    if (one.rule) into.rules.push(one.rule);
    const found = one.diagnostics;
    for (let k = 0; k < found.length; k++) into.diagnostics.push(found[k] as Diagnostic);
  }
}
