import { isAbsolute } from "node:path";
import { createDiagnostic } from "../rule/diagnostics.js";
import { FolderReads } from "../read/fs-folder-reads.js";
import { type RuleFs, markNodeView, nodeFs } from "../read/fs.js";
import { carryImports } from "../read/imports.js";
import { type DuplicateRule, type ReadTwice, type ShadowedRule, mergeRules } from "./merge.js";
import { type ExportCopy, setAsideExportCopies } from "./export-copies.js";
import { type NotRulesGroup, notRulesDiagnostic, notRulesGroups } from "./not-rules.js";
import type { NotRulesFound } from "../sources/kind.js";
import { carryExportMark } from "../read/export-mark.js";
import { cleanPath, findProjectRoot } from "./project-root.js";
import type { Provider, ProviderContext } from "../provider/provider.js";
import { type Boundaries, type SearchedPaths, type SourcePlan, type SourceReport, readSources } from "./read-sources.js";
import { errorText } from "../text/error-text.js";
import { readSourceSpec } from "../sources/shape.js";
import type { RuleSourceSpec } from "../sources/types.js";
import type { Diagnostic, Rule } from "../rule/types.js";
import { nameTwinDiagnostics } from "../text/unicode-names.js";
import { mayHide } from "../text/hidden-characters.js";
import { validateRule } from "../rule/validate-rule.js";

export type { DuplicateRule, ReadTwice, ShadowedRule } from "./merge.js";
export type { ExportCopy } from "./export-copies.js";
export type { NotRulesGroup } from "./not-rules.js";

/** Options of a load: where to look, and optionally how to read. */
export interface LoadOptions {
  /** Absolute folder the agent works in. */
  cwd: string;
  /** Absolute home folder. */
  home: string;
  /** Absolute project root; default: the nearest folder at or above `cwd` with `.git`, never `home` or above, else `cwd`. */
  root?: string;
  /** File-system access; defaults to Node's. */
  fs?: RuleFs;
  /** Files over this many bytes are not loaded. Default 1 MiB. */
  maxFileBytes?: number;
  /** Aborting rejects the load with the signal's reason, even while a provider never settles. */
  signal?: AbortSignal;
  /**
   * How long a provider's own code (`sources()`, `load()`) may take before its rules are
   * skipped with a `provider-failed` diagnostic and the load goes on without it. Default
   * 30,000 ms; `Infinity` waits forever.
   */
  providerTimeoutMs?: number;
  /**
   * Names of user-level rules no project rule may replace (the user's own list; a user rule
   * can also say `protected: true`): a project rule of such a name applies beside the user's
   * under a qualified name (docs/behaviour.md#trust).
   */
  protectedRules?: readonly string[];
  /**
   * The user trusts the project (docs/behaviour.md#trust): its rules' `@path` imports may then
   * leave it (`@~/notes.md`), as Claude Code follows them once the user said yes. Default false:
   * each such import stays text with an `import-untrusted` warning naming the importing file and
   * the target.
   */
  trusted?: boolean;
  /**
   * Ids of the providers that read the *project* (a project's configuration lists them); every
   * other provider reads only its user sources, so a project's configuration never silences the
   * user's own rules (docs/behaviour.md#trust). Default: every provider reads everything.
   */
  projectProviders?: readonly string[];
  /** Also list every file of the project the walk saw (`LoadResult.projectFiles`), for checks such as dead globs. Default false. */
  listProjectFiles?: boolean;
}

/** The public description of a provider taking part in a load. */
export interface ProviderInfo {
  id: string;
  displayName: string;
  priority: number;
}

/** What a load resolves to (docs/behaviour.md#precedence). */
export interface LoadResult {
  /** The project root the load used. */
  root: string;
  /** Winning rules, in precedence order. */
  rules: Rule[];
  /** Losers of name collisions, in precedence order, each with its winner. */
  shadowed: ShadowedRule[];
  /** Winners whose content repeats a higher-precedence winner's; they take no further part. */
  duplicates: DuplicateRule[];
  /** Later readings of files another provider read first (Zed's fallback list): one rule each, never shadowed (docs/behaviour.md#precedence). */
  readTwice: ReadTwice[];
  /** Skills, commands and subagents found in the project and not read as rules, by folder (one `not-rules` info says how many). */
  notRules: NotRulesGroup[];
  /** Files export wrote whose source exists: copies, set aside before merging (docs/behaviour.md#export). */
  copies: ExportCopy[];
  diagnostics: Diagnostic[];
  /** The providers that ran, in precedence order. */
  providers: ProviderInfo[];
  /** Every source of every provider, with how many rules it gave. */
  sources: SourceReport[];
  /** What the load listed and read, for watching. */
  searched: SearchedPaths;
  /**
   * With `listProjectFiles`: every file of the project tree the walk saw that git does not
   * ignore, project-relative (hidden and ignored folders are not walked). Absent when the walk
   * was truncated or did not run.
   */
  projectFiles?: string[];
}

/** The default time a provider's own code may take in one load: 30 s. */
export const DEFAULT_PROVIDER_TIMEOUT_MS = 30_000;

/** The default limit on the size of a rule file: 1 MiB. */
export const DEFAULT_MAX_FILE_BYTES = 1024 * 1024;

/**
 * Runs `providers` (already in precedence order) and merges their rules: sources are read
 * with one walk of the project, `load` hooks run concurrently, every rule is validated,
 * empty rules dropped, the first of a name wins, identical content is used once. A provider
 * that throws becomes one diagnostic; the others still load.
 */
export async function loadRules(providers: readonly Provider[], options: LoadOptions): Promise<LoadResult> {
  for (const key of ["cwd", "home", "root"] as const) {
    const value = options[key];
    if ((key !== "root" || value !== undefined) && (typeof value !== "string" || !isAbsolute(value))) {
      throw new TypeError(`load: ${key} must be an absolute path, got ${JSON.stringify(value)}`);
    }
  }
  const timeout = options.providerTimeoutMs;
  if (timeout !== undefined && !(typeof timeout === "number" && timeout >= 0)) {
    throw new TypeError(`load: providerTimeoutMs must be a number of milliseconds, got ${String(timeout)}`);
  }
  const signal = options.signal;
  signal?.throwIfAborted();
  const work = runLoad(providers, options);
  if (!signal) return work;
  // Providers may ignore the signal or never settle; the caller who gave up still gets an answer.
  return new Promise<LoadResult>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(
      (result) => {
        signal.removeEventListener("abort", onAbort);
        if (signal.aborted) reject(signal.reason);
        else resolve(result);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

async function runLoad(providers: readonly Provider[], options: LoadOptions): Promise<LoadResult> {
  const run = await runProviders(providers, options);
  const { rules: candidates, copies } = await setAsideExportCopies(run.candidates, { fs: options.fs ?? nodeFs, root: run.root }, run.diagnostics);
  const merged = mergeRules(candidates, run.diagnostics, options.protectedRules === undefined ? {} : { protectedRules: options.protectedRules });
  const notRules = notRulesGroups(run.notRules);
  const aside = notRulesDiagnostic(notRules);
  if (aside) run.diagnostics.push(aside);
  return {
    root: run.root,
    ...merged,
    notRules,
    copies,
    diagnostics: run.diagnostics,
    providers: providers.map(({ id, displayName, priority }) => ({ id, displayName, priority })),
    sources: run.sources,
    searched: run.searched,
    ...(run.projectFiles && { projectFiles: run.projectFiles }),
  };
}

/** Every provider's rules before merging, in precedence order, with the diagnostics so far. */
export interface ProviderRun {
  root: string;
  candidates: Rule[];
  diagnostics: Diagnostic[];
  sources: SourceReport[];
  searched: SearchedPaths;
  projectFiles?: string[];
  /** What the `not-rules` sources counted. */
  notRules: NotRulesFound[];
}

/** Runs providers (sources and `load` hooks) and validates their rules, without merging them. */
export async function runProviders(providers: readonly Provider[], options: LoadOptions): Promise<ProviderRun> {
  const fs = options.fs ?? nodeFs;
  const cwd = cleanPath(options.cwd);
  const home = cleanPath(options.home);
  const root = await findProjectRoot({ cwd, home, fs, ...(options.root !== undefined && { root: options.root }) });
  const base: ProviderContext = {
    cwd,
    root,
    home,
    fs,
    maxFileBytes: options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES,
    ...(options.signal && { signal: options.signal }),
  };
  const boundaries = { project: await realPath(fs, root), user: await realPath(fs, home), trusted: options.trusted === true };
  // Rule files are opened through the folder they are in, held open for this load only.
  const folders = new FolderReads();
  try {
    return await runWithin(providers, options, { base, boundaries, folders });
  } finally {
    folders.close();
  }
}

async function runWithin(
  providers: readonly Provider[],
  options: LoadOptions,
  { base, boundaries, folders }: { base: ProviderContext; boundaries: Boundaries; folders: FolderReads },
): Promise<ProviderRun> {
  const { root, home } = base;
  // Each provider gets its own frozen context: a plugin cannot change what the others see.
  // Its file system too: a plugin replacing `ctx.fs.readFile` would otherwise change every load's reads.
  const contexts = providers.map(() => Object.freeze({ ...base, fs: guardFs(base.fs, folders) }));

  const limit = options.providerTimeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS;
  const declared = await Promise.all(
    providers.map((provider, i) =>
      withinTime(declareSources(provider, contexts[i] as ProviderContext), limit, () =>
        failed(provider, `sources() did not settle within ${limit} ms`),
      ),
    ),
  );
  const plans: SourcePlan[] = [];
  const forProject = options.projectProviders === undefined ? undefined : new Set(options.projectProviders);
  for (const [i, provider] of providers.entries()) {
    const sources = declared[i]?.sources ?? [];
    // With the root at home there is no project: home's own folders are user sources only.
    // A provider the project's configuration did not choose reads only the user's rules.
    const userOnly = root === home || (forProject !== undefined && !forProject.has(provider.id));
    plans.push({ provider, context: contexts[i] as ProviderContext, sources, userOnly });
  }
  const [read, loaded] = await Promise.all([
    readSources(plans, boundaries, base, options.listProjectFiles === true),
    Promise.all(
      providers.map((provider, i) =>
        withinTime(runLoadHook(provider, contexts[i] as ProviderContext), limit, () => failed(provider, `load() did not settle within ${limit} ms`)),
      ),
    ),
  ]);

  const diagnostics: Diagnostic[] = [];
  const candidates: Rule[] = [];
  // How each rule's name was written in its file, when that differs from how it reads.
  const spelled = new Map<Rule, string>();
  for (const [i, provider] of providers.entries()) {
    for (const d of declared[i]?.diagnostics ?? []) diagnostics.push(d);
    const fromSources = read.results[i];
    for (const d of fromSources?.diagnostics ?? []) diagnostics.push(d);
    // Rules read from files are well-formed by construction; their names still come from
    // file names, which may hide invisible characters or be NFD twins.
    const rules = fromSources?.rules ?? [];
    for (let k = 0; k < rules.length; k++) {
      const rule = rules[k] as Rule;
      const checked = validateRule(rule, provider, diagnostics, { globsChecked: true });
      if (!checked) continue;
      carryImports(rule, checked);
      carryExportMark(rule, checked);
      candidates.push(checked);
      if (checked.name !== rule.name) spelled.set(checked, rule.name);
    }
    const hook = loaded[i] as HookResult;
    for (const d of hook.diagnostics) diagnostics.push(d);
    for (const raw of hook.rules) {
      const rule = validateRule(raw, provider, diagnostics);
      if (rule && (rule.source.level === "user" || !plans[i]?.userOnly)) candidates.push(rule);
    }
  }
  // Names that read the same yet are spelled differently: only possible when one is not ASCII.
  if (spelled.size > 0 || candidates.some((r) => mayHide(r.name))) {
    const written = candidates.map((r) => ({ name: spelled.get(r) ?? r.name, path: r.path, provider: r.source.provider }));
    for (const d of nameTwinDiagnostics(written)) diagnostics.push(d);
  }
  return {
    root,
    candidates,
    diagnostics,
    sources: read.reports,
    searched: read.searched,
    notRules: read.notRules,
    ...(read.projectFiles && { projectFiles: read.projectFiles }),
  };
}

interface HookResult {
  rules: unknown[];
  diagnostics: Diagnostic[];
}

async function declareSources(provider: Provider, context: ProviderContext): Promise<{ sources: RuleSourceSpec[]; diagnostics: Diagnostic[] }> {
  if (typeof provider.sources !== "function") return { sources: [], diagnostics: [] };
  try {
    const declared = await provider.sources(context);
    if (!Array.isArray(declared)) return failed(provider, "sources() did not return a list");
    // Each source is checked on its own: one malformed source is skipped, the others are read.
    const sources: RuleSourceSpec[] = [];
    const diagnostics: Diagnostic[] = [];
    for (const value of declared) {
      const read = readSourceSpec(value);
      if ("source" in read) sources.push(read.source);
      else {
        const message = `provider "${provider.id}" sources() returned ${read.problem}; that source is skipped`;
        diagnostics.push(createDiagnostic("provider-failed", message, { provider: provider.id }));
      }
    }
    return { sources, diagnostics };
  } catch (error) {
    return failed(provider, `sources() failed: ${errorText(error)}`);
  }
}

async function runLoadHook(provider: Provider, context: ProviderContext): Promise<HookResult> {
  if (typeof provider.load !== "function") return { rules: [], diagnostics: [] };
  try {
    const result = await provider.load(context);
    const rules = result?.rules;
    if (!Array.isArray(rules)) return failed(provider, "load() returned no rules list");
    const diagnostics = Array.isArray(result.diagnostics) ? result.diagnostics.filter(isDiagnostic) : [];
    return { rules, diagnostics };
  } catch (error) {
    return failed(provider, `load() failed: ${errorText(error)}`);
  }
}

/** A frozen view of `fs` that calls it, so a provider cannot replace what the others call. */
function guardFs(fs: RuleFs, folders: FolderReads): RuleFs {
  const realpath = fs.realpath;
  const guard: RuleFs = Object.freeze({
    readdir: (path: string) => fs.readdir(path),
    stat: (path: string) => fs.stat(path),
    readFile: (path: string, maxBytes: number) => fs.readFile(path, maxBytes),
    ...(realpath && { realpath: (path: string) => realpath.call(fs, path) }),
  });
  markNodeView(guard, fs, folders);
  return guard;
}

/** `work`, or `late()` once `ms` have passed (the timer is cleared as soon as `work` settles). */
function withinTime<T>(work: Promise<T>, ms: number, late: () => T): Promise<T> {
  if (!Number.isFinite(ms)) return work;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(late()), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function failed(provider: Provider, what: string): { sources: []; rules: []; diagnostics: Diagnostic[] } {
  const message = `provider "${provider.id}" ${what}; its rules are skipped`;
  return { sources: [], rules: [], diagnostics: [createDiagnostic("provider-failed", message, { provider: provider.id })] };
}

function isDiagnostic(value: unknown): value is Diagnostic {
  try {
    const d = value as Diagnostic | null;
    return (
      typeof d === "object" &&
      d !== null &&
      typeof d.code === "string" &&
      typeof d.message === "string" &&
      ["error", "warning", "info"].includes(d.severity)
    );
  } catch {
    return false;
  }
}

async function realPath(fs: RuleFs, path: string): Promise<string> {
  if (!fs.realpath) return path;
  try {
    return await fs.realpath(path);
  } catch {
    return path;
  }
}
