import type { Diagnostic, LoadOptions, LoadResult } from "@rulebook/core";
import { errorText } from "@rulebook/core/text";
import { type Debounced, debounce } from "./debounce.js";
import { diffLoads, isEmptyDiff } from "./diff-loads.js";
import { type FolderWatchers, createFolderWatchers } from "./folder-watchers.js";
import { type WatchTargets, watchTargets } from "./watch-targets.js";

/** Anything that loads rules: a core `Registry`, or an app's wrapper around one (whose loads may carry more, `T`). */
export interface RuleLoader<T extends LoadResult = LoadResult> {
  load(options: LoadOptions): Promise<T>;
}

/** What changed between two loads, by rule name; passed to the `onChange` callback. */
export interface RulesChange<T extends LoadResult = LoadResult> {
  /** Winning rules that are new, in precedence order. */
  added: string[];
  /** Winning rules that are gone. */
  removed: string[];
  /** Winning rules whose file, provider, content or fields differ. */
  changed: string[];
  /** Every diagnostic of the new load. */
  diagnostics: Diagnostic[];
  /** The new load. */
  result: T;
  /** The load it replaces. */
  previous: T;
}

/** Options of {@link watchRules}. */
export interface WatchRulesOptions {
  /** Quiet time after the last event before reloading, in milliseconds. Default 100. */
  debounceMs?: number;
  /** Longest wait after the first event of a burst that never goes quiet. Default 1000. */
  maxWaitMs?: number;
  /** More files whose change means a reload, e.g. configuration files; they need not exist. */
  files?: readonly string[];
  /** Called when a reload, a watcher or `onChange` fails; default: a process warning. The watch goes on. */
  onError?: (error: unknown) => void;
}

/** A load kept current; see {@link watchRules}. */
export interface RulesWatcher<T extends LoadResult = LoadResult> {
  /** The latest load. Throws before `ready` has resolved. */
  current(): T;
  /** Resolves once the first load is done and its folders are watched; rejects when that load fails. */
  ready: Promise<void>;
  /** Stops watching and releases every watcher; safe to call more than once. */
  close(): Promise<void>;
}

// Re-targeting may add folders the load just listed; a few confirming loads catch what was
// created in them before their watchers were in place, without chasing a tree that keeps growing.
const MAX_CONFIRMING_LOADS = 4;

/**
 * Loads the rules with `loader`, then watches exactly what the load depended on (its
 * `searched` folders and files, and where missing sources would appear), reloads after a
 * burst of changes goes quiet, re-targets the watchers, and calls `onChange` when the
 * winning rules or the diagnostics differ. Calls to `onChange` never overlap.
 */
export function watchRules<T extends LoadResult = LoadResult>(
  loader: RuleLoader<T>,
  loadOptions: LoadOptions,
  onChange: (change: RulesChange<T>) => void | Promise<void>,
  options: WatchRulesOptions = {},
): RulesWatcher<T> {
  if (typeof loader?.load !== "function") throw new TypeError("watchRules: the first argument must have a load(options) method, like a registry");
  if (typeof onChange !== "function") throw new TypeError("watchRules: onChange must be a function");
  return new RulesWatch(loader, loadOptions, onChange, {
    debounceMs: checkDelay(options.debounceMs ?? 100, "debounceMs"),
    maxWaitMs: checkDelay(options.maxWaitMs ?? 1000, "maxWaitMs"),
    files: options.files,
    report: options.onError ?? ((error: unknown) => process.emitWarning(`@rulebook/watch: ${errorText(error)}`)),
  });
}

/**
 * Where a watch is: `loading` (the first load, or a reload, is running: events only mark it
 * `dirty`), `idle` (events start a burst), or `closed` (events and loads are ignored).
 */
type WatchState = "loading" | "idle" | "closed";

/** One watch of the rules: its state, its last load and its watchers, and the transitions between them. */
class RulesWatch<T extends LoadResult> implements RulesWatcher<T> {
  readonly ready: Promise<void>;
  private state: WatchState = "loading";
  /** An event arrived while loading: reload once more when this load is over. */
  private dirty = false;
  private result: T | undefined;
  private targets: WatchTargets | undefined;
  private loading: Promise<unknown>;
  private closing: Promise<void> | undefined;
  private readonly folders: FolderWatchers;
  private readonly burst: Debounced;

  constructor(
    private readonly loader: RuleLoader<T>,
    private readonly loadOptions: LoadOptions,
    private readonly onChange: (change: RulesChange<T>) => void | Promise<void>,
    private readonly options: { debounceMs: number; maxWaitMs: number; files: readonly string[] | undefined; report: (error: unknown) => void },
  ) {
    this.folders = createFolderWatchers({
      onEvent: (path, isFolder) => {
        if (this.targets?.isRelevant(path, isFolder)) this.eventSeen();
      },
      isRelevant: (path, isFolder) => this.targets?.isRelevant(path, isFolder) ?? true,
      onError: options.report,
    });
    this.burst = debounce(() => void this.reload(), options.debounceMs, options.maxWaitMs);
    const first = this.loadAndWatch();
    this.loading = first;
    this.ready = first.then(
      (loaded) => {
        if (loaded) this.result = loaded;
        this.loadOver();
      },
      async (error: unknown) => {
        this.state = "closed";
        await this.folders.close();
        throw error;
      },
    );
  }

  current(): T {
    if (!this.result) throw new Error("watchRules: current() was called before ready resolved");
    return this.result;
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      this.state = "closed";
      this.burst.cancel();
      await this.loading.catch(() => undefined);
      await this.folders.close();
    })();
    return this.closing;
  }

  // A getter, so that TypeScript does not narrow the state across the awaits that may close it.
  private get closed(): boolean {
    return this.state === "closed";
  }

  /** A relevant file or folder changed: start (or extend) a burst, or remember it for after the load. */
  private eventSeen(): void {
    if (this.state === "closed") return;
    if (this.state === "loading") this.dirty = true;
    else this.burst.trigger();
  }

  /** A load ended (well or not): back to idle, and into a new burst if events came meanwhile. */
  private loadOver(): void {
    if (this.state === "closed") return;
    this.state = "idle";
    if (this.dirty) {
      this.dirty = false;
      this.burst.trigger();
    }
  }

  /** The burst went quiet: reload, re-target, and report what changed. */
  private async reload(): Promise<void> {
    if (this.state !== "idle" || !this.result) return;
    this.state = "loading";
    try {
      const work = this.loadAndWatch();
      this.loading = work;
      const next = await work;
      if (!next || this.closed) return;
      const previous = this.result;
      this.result = next;
      const diff = diffLoads(previous, next);
      if (isEmptyDiff(diff)) return;
      const { added, removed, changed } = diff;
      await this.onChange({ added, removed, changed, diagnostics: next.diagnostics, result: next, previous });
    } catch (error) {
      this.options.report(error);
    } finally {
      this.loadOver();
    }
  }

  /** Loads, then watches what that load depended on; loads again while that added folders. */
  private async loadAndWatch(): Promise<T | undefined> {
    for (let round = 0; ; round++) {
      const next = await this.loader.load(this.loadOptions);
      if (this.closed) return undefined;
      this.targets = await watchTargets(next, this.options.files);
      const added = await this.folders.retarget(this.targets.folders);
      if (added === 0 || round >= MAX_CONFIRMING_LOADS) return next;
    }
  }
}

function checkDelay(value: number, name: string): number {
  if (!Number.isFinite(value) || value < 0)
    throw new TypeError(`watchRules: ${name} must be a number of milliseconds, 0 or more, got ${String(value)}`);
  return value;
}
