import { join } from "node:path";
import type { LoadResult } from "@rulebook/core";
import { CONFIG_FILES } from "@rulebook/config";
import { type RulesWatcher, watchRules } from "@rulebook/watch";
import { type RulebookSession, loadSession } from "./load-session.js";
import type { ResolvedOptions } from "./options.js";

/** The current load, replaced by `reload()` or, when watching, by every change of the rule files. */
export interface LiveRules {
  current(): RulebookSession;
  reload(): Promise<RulebookSession>;
  close(): Promise<void>;
}

interface SessionLoad extends LoadResult {
  session: RulebookSession;
}

/**
 * Loads the rules once and keeps the latest load. With `watch`, `@rulebook/watch` reloads the
 * whole session (configuration included, as `rulebook mcp` does) when what the load read changes;
 * a reload that fails keeps the last good session and goes to `onError`.
 */
export async function startLiveRules(options: ResolvedOptions): Promise<LiveRules> {
  let latest = await loadSession(options);
  let watcher: RulesWatcher<SessionLoad> | undefined;
  if (options.watch) {
    const { cwd, home, root } = latest;
    let first: RulebookSession | undefined = latest;
    const loader = {
      async load(): Promise<SessionLoad> {
        // The watch's own first load is the one just made.
        const session = first ?? (await loadSession(options));
        first = undefined;
        // Every load is whole and fresh (configuration included), so the newest is kept even when
        // its rules did not change (a new `maxTokens` in the configuration).
        latest = session;
        return { ...session.load, session };
      },
    };
    watcher = watchRules(
      loader,
      { cwd, home, root },
      ({ added, removed, changed, result }) => options.onChange?.({ added, removed, changed, session: result.session }),
      { files: CONFIG_FILES.map((file) => join(root, file)), onError: options.onError },
    );
    await watcher.ready;
  }
  let closed = false;
  return {
    current: () => latest,
    async reload() {
      latest = await loadSession(options);
      return latest;
    },
    async close() {
      if (closed) return;
      closed = true;
      await watcher?.close();
    },
  };
}
