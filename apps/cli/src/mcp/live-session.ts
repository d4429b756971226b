import { join } from "node:path";
import type { LoadResult } from "@rulebook/core";
import { type RulesChange, watchRules } from "@rulebook/watch";
import { CONFIG_FILES } from "../config.js";
import { type Locations, type Session, loadSession } from "../session.js";

/** A change of the rules, with the session the new load makes. */
export interface SessionChange extends RulesChange {
  session: Session;
}

/** A session kept current while the project's rule files and configuration change. */
export interface LiveSession {
  /** The session of the latest load. */
  current(): Session;
  /** Stops watching; releases every watcher. */
  close(): Promise<void>;
}

/** Options of {@link startLiveSession}. */
export interface LiveSessionOptions {
  mode?: string;
  /** Called after a reload that changed the rules or their diagnostics. */
  onChange(change: SessionChange): void | Promise<void>;
  /** A reload that failed (a configuration broken while watching): the last good session stays. */
  onError(error: unknown): void;
}

/** A load as the watch sees it, carrying the whole session it was made for. */
interface SessionLoad extends LoadResult {
  session: Session;
}

/**
 * Loads a session as every command does (configuration, providers, rules, partition), then
 * keeps it current with `watchRules`: each reload is a whole `loadSession`, so a changed
 * configuration file (watched too) takes effect like a changed rule. Rejects, watching
 * nothing, when the first load fails (a `CliError` for a bad configuration).
 */
export async function startLiveSession(locations: Locations, options: LiveSessionOptions): Promise<LiveSession> {
  const loader = {
    async load(): Promise<SessionLoad> {
      const session = await loadSession(locations, options.mode === undefined ? {} : { mode: options.mode });
      return { ...session.load, session };
    },
  };
  const watcher = watchRules(loader, locations, (change) => options.onChange({ ...change, session: change.result.session }), {
    files: CONFIG_FILES.map((file) => join(locations.root, file)),
    onError: options.onError,
  });
  await watcher.ready;
  return {
    current: () => watcher.current().session,
    close: () => watcher.close(),
  };
}
