import { createDiagnostic } from "../rule/diagnostics.js";
import type { MaybePromise } from "../support/maybe-promise.js";
import type { ProviderContext } from "../provider/provider.js";
import { eachEntry } from "./each.js";
import { findFile, watchFile } from "./file.js";
import { chooseFirst, isCheck } from "./first.js";
import { findFolder, watchFolder } from "./folder.js";
import type { Found, KindContext, SourceWatch } from "./kind.js";
import { findPattern, keepForPattern, patternGlobs, watchPattern } from "./pattern.js";
import { readSourceSpec } from "./shape.js";
import type { PatternFileSource, PatternFolderSource, RuleSourceSpec, SearchedPaths, SimpleSource } from "./types.js";
import { walkUp } from "./walk-up.js";
import type { Diagnostic } from "../rule/types.js";

/** What a source stands for in one load: the simple sources to read, and what was wrong on the way. */
export interface Expanded {
  sources: SimpleSource[];
  diagnostics: Diagnostic[];
}

/**
 * Turns a declared source into the sources read in this load (docs/behaviour.md#providers):
 * `folder`, `file` and `pattern` stand for themselves; `first`, `walk-up` and `each` look at
 * the disk through `context.fs` and stand for what they find. Never throws for data.
 */
export async function expandSource(source: RuleSourceSpec, context: ProviderContext, searched: SearchedPaths, provider: string): Promise<Expanded> {
  switch (source.kind) {
    case "first":
      return { sources: await chooseFirst(source, context, searched), diagnostics: [] };
    case "walk-up":
      return { sources: await walkUp(source, context, searched), diagnostics: [] };
    case "each": {
      const out: Expanded = { sources: [], diagnostics: [] };
      for (const result of await eachEntry(source, context, searched)) {
        const read = "value" in result ? readSourceSpec(result.value, ["folder", "file", "first"]) : result;
        if ("problem" in read) {
          const message = `provider "${provider}" sources() returned ${read.problem}; that source is skipped`;
          out.diagnostics.push(createDiagnostic("provider-failed", message, { provider }));
        } else {
          const inner = await expandSource(read.source, context, searched, provider);
          out.sources.push(...inner.sources);
          out.diagnostics.push(...inner.diagnostics);
        }
      }
      return out;
    }
    default:
      return { sources: [source], diagnostics: [] };
  }
}

/** The rule files one simple source finds: a folder scanned, a file checked, or the walk's matches. */
export function findSourceFiles(source: SimpleSource, kind: KindContext): MaybePromise<Found> {
  switch (source.kind) {
    case "file":
      return findFile(source, kind);
    case "folder":
      return findFolder(source, kind);
    case "pattern":
      return findPattern(source, kind);
  }
}

/**
 * What a watcher must watch for one source a load read (`LoadResult.sources`), given the
 * folders the load listed (`searched.folders`). The paths a `first` or `walk-up` source
 * checked are in `searched.files` already.
 */
export function watchSource(source: SimpleSource, listed: ReadonlySet<string>): SourceWatch {
  switch (source.kind) {
    case "file":
      return watchFile(source);
    case "folder":
      return watchFolder(source, listed);
    case "pattern":
      return watchPattern(source);
  }
}

/** Every pattern source a declared source may stand for, so the load's one walk is planned before any source is expanded. */
export function patternSources(source: RuleSourceSpec): Array<PatternFolderSource | PatternFileSource> {
  switch (source.kind) {
    case "pattern":
      return [source];
    case "first":
      return source.of.flatMap((candidate) => {
        const members = isCheck(candidate) ? (candidate.read ?? []) : Array.isArray(candidate) ? candidate : [candidate as SimpleSource];
        return members.flatMap((member) => (member.kind === "pattern" ? [member] : []));
      });
    default:
      return [];
  }
}

/** The globs and the kept file names and folders the walk needs for these pattern sources. */
export function walkPlan(sources: Iterable<PatternFolderSource | PatternFileSource>): { patterns: string[]; keep: { names: Set<string>; folders: string[] } } {
  const patterns = new Set<string>();
  const keep = { names: new Set<string>(), folders: [] as string[] };
  for (const pattern of sources) {
    for (const glob of patternGlobs(pattern)) patterns.add(glob);
    keepForPattern(pattern, keep);
  }
  return { patterns: [...patterns], keep };
}
