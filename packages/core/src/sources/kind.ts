import type { ProviderContext } from "../provider/provider.js";
import type { Diagnostic } from "../rule/types.js";
import type { MaybePromise } from "../support/maybe-promise.js";
import type { FoundRuleFile, NotRulesSource, PatternFileSource, PatternFolderSource, RuleSourceSpec, SearchedPaths, SimpleSource } from "./types.js";

/** What a source kind reads with: the provider's context, where it may read, and what the load looked at. */
export interface KindContext {
  context: ProviderContext;
  provider: string;
  /** The real folder this source's files must stay inside (symlinks resolved). */
  boundary: string | undefined;
  /** Every file the load's one walk of the project kept, project-relative. */
  walked: readonly string[];
  /** Appended to with every folder listed and every path checked. */
  searched: SearchedPaths;
}

/** The rule files a source found, and what was wrong on the way. */
export interface Found {
  files: FoundRuleFile[];
  diagnostics: Diagnostic[];
}

/** What a watcher must watch for one source read in a load, so that a change to what it finds is seen. */
export interface SourceWatch {
  /** Paths whose creation, change or removal matters; watched through their nearest existing folder. */
  paths: string[];
  /** True when a file event at `path` (absolute) can change what this source finds. */
  concerns(path: string): boolean;
}

/** Files a `not-rules` source found in one load (project-relative), and what they are. */
export interface NotRulesFound {
  what: NotRulesSource["what"];
  folder: string;
  files: string[];
}

/** What a declared source stands for in one load: the simple sources to read, and what was wrong on the way. */
export interface Expanded {
  sources: SimpleSource[];
  diagnostics: Diagnostic[];
  /** Files that are not rules (skills, commands), counted, never read. */
  notRules?: NotRulesFound[];
}

/** Where a source is expanded: the provider's context and the load's record of what it looked at. */
export interface ExpandContext {
  context: ProviderContext;
  searched: SearchedPaths;
  provider: string;
  /** The provider's display name, for messages. */
  providerName: string;
  /** Checks a nested declared value as a source of one of `kinds` (the table's `readSourceSpec`, passed in so no kind imports the table). */
  read: ReadNested;
  /** Every file the load's one walk of the project kept, project-relative (none outside a load). */
  walked: readonly string[];
  /** This provider reads only the user's files in this load (the root is home, or the project's configuration leaves it out): nothing of the project is read. */
  userOnly?: boolean;
}

/** A pattern source, of either shape. */
export type PatternSource = PatternFolderSource | PatternFileSource;

/** Checks a nested declared value as a source of one of `kinds` (the table's `readSourceSpec`, passed in so no kind imports the table). */
export type ReadNested = (value: unknown, kinds: readonly string[]) => { source: RuleSourceSpec } | { problem: string };

/** Expands a nested source (the table's `expandSource`, passed in for the same reason). */
export type ExpandNested = (source: RuleSourceSpec, where: ExpandContext) => Promise<Expanded>;

/**
 * One kind of source and everything the core does with a source of it (docs/architecture.md,
 * "Source kinds"): a new kind is one file exporting one of these and one entry in `table.ts`.
 */
export interface SourceKind<S extends RuleSourceSpec = RuleSourceSpec> {
  /** The `kind` value of its sources. */
  name: S["kind"];
  /** True when its sources carry the options of files they read (`level`, `activation`, `mapFields` …), checked alike for every such kind. */
  readsFiles: boolean;
  /** The keys of its sources besides the shared ones; only these are copied when a source is checked. */
  keys: readonly string[];
  /** Why a copied source of this kind is malformed, or undefined; it may replace nested values with checked copies. */
  problem(source: Record<string, unknown>, read: ReadNested): string | undefined;
  /** What the source stands for in one load (a simple kind stands for itself). */
  expand(source: S, where: ExpandContext, expand: ExpandNested): MaybePromise<Expanded>;
  /** The pattern sources it may stand for, so the load's one walk is planned before any source is expanded. */
  patterns(source: S): PatternSource[];
  /** The simple sources the contract suite fills with its files so that this source reads them. */
  place(source: S, context: ProviderContext, expandHere: (source: RuleSourceSpec) => Promise<Expanded>): MaybePromise<SimpleSource[]>;
}

/** A kind whose sources are read as declared: it finds files, says what to watch, and how to show where it looks. */
export interface SimpleKind<S extends SimpleSource = SimpleSource> extends SourceKind<S> {
  /** The rule files the source finds in this load. */
  find(source: S, kind: KindContext): MaybePromise<Found>;
  /** What a watcher must watch, given the folders the load listed. */
  watch(source: S, listed: ReadonlySet<string>): SourceWatch;
  /** Where it looks, as `rulebook providers` shows it; `display` turns an absolute path into the user's form. */
  label(source: S, display: (path: string) => string): string;
}

/** The parts of a kind every simple kind shares: it stands for itself and is placed as itself. */
export const readAsDeclared = {
  readsFiles: true,
  expand: <S extends SimpleSource>(source: S): Expanded => ({ sources: [source], diagnostics: [] }),
  place: <S extends SimpleSource>(source: S): SimpleSource[] => [source],
} as const;

/** True when `path` ends with one of `extensions`. */
export function hasExtension(path: string, extensions: readonly string[]): boolean {
  return extensions.some((e) => path.endsWith(e));
}
