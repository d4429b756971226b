import { type LoadOptions, type LoadResult, createRegistry } from "@rulebook/core";
import { type TempProject, createTempProject } from "@rulebook/core/testing";
import { agentsProvider } from "@rulebook/provider-agents";
import { cursorProvider } from "@rulebook/provider-cursor";
import { type RulesChange, type RulesWatcher, type WatchRulesOptions, watchRules } from "../src/index.js";

/** A watched temp project: the watcher, every change it reported, and ways to wait on them. */
export interface Harness {
  project: TempProject;
  watcher: RulesWatcher;
  changes: RulesChange[];
  /** How many times the rules were loaded so far. */
  loads(): number;
  /** Resolves with the current load once `test` holds for it (checked now and after every change). */
  until(test: (result: LoadResult) => boolean): Promise<LoadResult>;
  /** Resolves once the rules have been loaded `count` times in all. */
  untilLoads(count: number): Promise<void>;
  /** Resolves once `test` holds for the changes reported so far (checked now and after every change). */
  untilChanges(test: (changes: readonly RulesChange[]) => boolean): Promise<void>;
  errors: unknown[];
  close(): Promise<void>;
}

/** Names of the winning rules of a load. */
export function names(result: LoadResult): string[] {
  return result.rules.map((rule) => rule.name).sort();
}

/** Starts watching a new temp project (a git repository) after `setup` has written its files. */
export async function watchProject(
  setup: (project: TempProject) => Promise<unknown> = async () => undefined,
  options: WatchRulesOptions | ((project: TempProject) => WatchRulesOptions) = {},
): Promise<Harness> {
  const project = await createTempProject({ git: true, prefix: "rulebook-watch-" });
  await setup(project);
  const registry = createRegistry([cursorProvider, agentsProvider]);
  let loads = 0;
  const loadWaiters: (() => void)[] = [];
  const loader = {
    async load(options: LoadOptions) {
      const result = await registry.load(options);
      loads++;
      for (const wake of loadWaiters.splice(0)) wake();
      return result;
    },
  };
  const changes: RulesChange[] = [];
  const errors: unknown[] = [];
  const waiters: (() => void)[] = [];
  const watcher = watchRules(
    loader,
    { cwd: project.cwd, home: project.home },
    (change) => {
      changes.push(change);
      for (const wake of waiters.splice(0)) wake();
    },
    { onError: (error) => errors.push(error), ...(typeof options === "function" ? options(project) : options) },
  );
  await watcher.ready;
  return {
    project,
    watcher,
    changes,
    errors,
    loads: () => loads,
    async until(test) {
      while (!test(watcher.current())) await new Promise<void>((resolve) => waiters.push(resolve));
      return watcher.current();
    },
    async untilChanges(test) {
      while (!test(changes)) await new Promise<void>((resolve) => waiters.push(resolve));
    },
    async untilLoads(count) {
      while (loads < count) await new Promise<void>((resolve) => loadWaiters.push(resolve));
    },
    async close() {
      await watcher.close();
      await project.cleanup();
    },
  };
}
