import type { ProviderContext } from "../provider/provider.js";
import type { FoundRuleFile, SearchedPaths } from "./types.js";
import type { Diagnostic } from "../rule/types.js";

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

/** True when `path` ends with one of `extensions`. */
export function hasExtension(path: string, extensions: readonly string[]): boolean {
  return extensions.some((e) => path.endsWith(e));
}
