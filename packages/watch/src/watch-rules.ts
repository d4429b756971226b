import type { Diagnostic, LoadOptions, LoadResult } from "@rulebook/core";
import { debounce } from "./debounce.js";
import { diffLoads, isEmptyDiff } from "./diff-loads.js";
import { createFolderWatchers } from "./folder-watchers.js";
import { type WatchTargets, watchTargets } from "./watch-targets.js";

/** Anything that loads rules: a core `Registry`, or an app's wrapper around one. */
export interface RuleLoader {
  load(options: LoadOptions): Promise<LoadResult>;
}

/** What changed between two loads, by rule name; passed to the `onChange` callback. */
export interface RulesChange {
  /** Winning rules that are new, in precedence order. */
  added: string[];
  /** Winning rules that are gone. */
  removed: string[];
  /** Winning rules whose file, provider, content or fields differ. */
  changed: string[];
  /** Every diagnostic of the new load. */
  diagnostics: Diagnostic[];
  /** The new load. */
  result: LoadResult;
  /** The load it replaces. */
  previous: LoadResult;
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
export interface RulesWatcher {
  /** The latest load. Throws before `ready` has resolved. */
  current(): LoadResult;
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
export function watchRules(
  loader: RuleLoader,
  loadOptions: LoadOptions,
  onChange: (change: RulesChange) => void | Promise<void>,
  options: WatchRulesOptions = {},
): RulesWatcher {
  if (typeof loader?.load !== "function") throw new TypeError("watchRules: the first argument must have a load(options) method, like a registry");
  if (typeof onChange !== "function") throw new TypeError("watchRules: onChange must be a function");
  const debounceMs = checkDelay(options.debounceMs ?? 100, "debounceMs");
  const maxWaitMs = checkDelay(options.maxWaitMs ?? 1000, "maxWaitMs");
  const report = options.onError ?? ((error: unknown) => process.emitWarning(`@rulebook/watch: ${describe(error)}`));

  let result: LoadResult | undefined;
  let targets: WatchTargets | undefined;
  let closed = false;
  let busy = true;
  let dirty = false;
  let loading: Promise<unknown> = Promise.resolve();
  let closing: Promise<void> | undefined;

  const folders = createFolderWatchers({
    onEvent: (path, isFolder) => {
      if (targets?.isRelevant(path, isFolder)) schedule();
    },
    isRelevant: (path, isFolder) => targets?.isRelevant(path, isFolder) ?? true,
    onError: report,
  });
  const burst = debounce(() => void reload(), debounceMs, maxWaitMs);

  function schedule(): void {
    if (closed) return;
    if (busy) dirty = true;
    else burst.trigger();
  }

  async function loadAndWatch(): Promise<LoadResult | undefined> {
    for (let round = 0; ; round++) {
      const next = await loader.load(loadOptions);
      if (closed) return undefined;
      targets = await watchTargets(next, options.files);
      const added = await folders.retarget(targets.folders);
      if (added === 0 || round >= MAX_CONFIRMING_LOADS) return next;
    }
  }

  async function reload(): Promise<void> {
    if (closed || busy || !result) return;
    busy = true;
    try {
      const work = loadAndWatch();
      loading = work;
      const next = await work;
      if (!next || closed) return;
      const previous = result;
      result = next;
      const diff = diffLoads(previous, next);
      if (isEmptyDiff(diff)) return;
      const { added, removed, changed } = diff;
      await onChange({ added, removed, changed, diagnostics: next.diagnostics, result: next, previous });
    } catch (error) {
      report(error);
    } finally {
      busy = false;
      if (dirty && !closed) {
        dirty = false;
        burst.trigger();
      }
    }
  }

  const first = loadAndWatch();
  loading = first;
  const ready = first.then(
    (loaded) => {
      if (loaded) result = loaded;
      busy = false;
      if (dirty) {
        dirty = false;
        burst.trigger();
      }
    },
    async (error: unknown) => {
      closed = true;
      await folders.close();
      throw error;
    },
  );

  return {
    current() {
      if (!result) throw new Error("watchRules: current() was called before ready resolved");
      return result;
    },
    ready,
    close() {
      closing ??= (async () => {
        closed = true;
        burst.cancel();
        await loading.catch(() => undefined);
        await folders.close();
      })();
      return closing;
    },
  };
}

function checkDelay(value: number, name: string): number {
  if (!Number.isFinite(value) || value < 0) throw new TypeError(`watchRules: ${name} must be a number of milliseconds, 0 or more, got ${String(value)}`);
  return value;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
