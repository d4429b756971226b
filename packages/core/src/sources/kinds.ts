import type { ProviderContext } from "../provider/provider.js";
import type { MaybePromise } from "../support/maybe-promise.js";
import type { ExpandContext, Expanded, Found, KindContext, PatternSource, SourceKind, SourceWatch } from "./kind.js";
import { keepForPattern, patternGlobs } from "./pattern.js";
import { readSourceSpec } from "./shape.js";
import { SOURCE_KINDS, simpleKindOf } from "./table.js";
import type { RuleSourceSpec, SearchedPaths, SimpleSource } from "./types.js";

export type { Expanded } from "./kind.js";

function kindOf(source: RuleSourceSpec): SourceKind {
  return SOURCE_KINDS[source.kind] as SourceKind;
}

/**
 * Turns a declared source into the sources read in this load (docs/behaviour.md#providers):
 * `folder`, `file` and `pattern` stand for themselves; `first`, `walk-up` and `each` look at
 * the disk through `context.fs` and stand for what they find; `not-rules` stands for nothing and
 * counts its files among `walked`. Never throws for data.
 */
export async function expandSource(
  source: RuleSourceSpec,
  context: ProviderContext,
  searched: SearchedPaths,
  provider: { id: string; displayName: string },
  walked: readonly string[] = [],
  userOnly = false,
): Promise<Expanded> {
  const where: ExpandContext = {
    context,
    searched,
    provider: provider.id,
    providerName: provider.displayName,
    read: readSourceSpec,
    walked,
    ...(userOnly && { userOnly }),
  };
  return expandIn(source, where);
}

function expandIn(source: RuleSourceSpec, where: ExpandContext): Promise<Expanded> {
  return Promise.resolve(kindOf(source).expand(source, where, expandIn));
}

/** The rule files one simple source finds: a folder scanned, a file checked, or the walk's matches. */
export function findSourceFiles(source: SimpleSource, kind: KindContext): MaybePromise<Found> {
  return simpleKindOf(source).find(source, kind);
}

/**
 * What a watcher must watch for one source a load read (`LoadResult.sources`), given the
 * folders the load listed (`searched.folders`). The paths a `first` or `walk-up` source
 * checked are in `searched.files` already.
 */
export function watchSource(source: SimpleSource, listed: ReadonlySet<string>): SourceWatch {
  return simpleKindOf(source).watch(source, listed);
}

/** Where a source read in a load looks, as `rulebook providers` shows it; `display` turns an absolute path into the user's form. */
export function sourceLabel(source: SimpleSource, display: (path: string) => string): string {
  return simpleKindOf(source).label(source, display);
}

/** Every pattern source a declared source may stand for, so the load's one walk is planned before any source is expanded. */
export function patternSources(source: RuleSourceSpec): PatternSource[] {
  return kindOf(source).patterns(source);
}

/** The simple sources the contract suite fills with its files so that a declared source reads them. */
export async function placeSource(source: RuleSourceSpec, context: ProviderContext): Promise<SimpleSource[]> {
  const expandHere = (inner: RuleSourceSpec) => expandSource(inner, context, { folders: [], files: [] }, { id: "contract", displayName: "Contract" });
  return kindOf(source).place(source, context, expandHere);
}

/** The globs and the kept file names and folders the walk needs for these pattern sources. */
export function walkPlan(sources: Iterable<PatternSource>): { patterns: string[]; keep: { names: Set<string>; folders: string[] } } {
  const patterns = new Set<string>();
  const keep = { names: new Set<string>(), folders: [] as string[] };
  for (const pattern of sources) {
    for (const glob of patternGlobs(pattern)) patterns.add(glob);
    keepForPattern(pattern, keep);
  }
  return { patterns: [...patterns], keep };
}
