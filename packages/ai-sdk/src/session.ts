import type { Diagnostic, LoadResult, RulePartition } from "@rulebook/core";
import type { LoadedConfig, SkippedItem, TrustDecision } from "@rulebook/config";
import type { TriggerEngine } from "@rulebook/ttsr";

/** One load of the project's rules, as every call made while it is current sees them. */
export interface RulebookSession {
  cwd: string;
  home: string;
  /** The project root, absolute. */
  root: string;
  /** The configuration in effect, when there is one (an untrusted project's JavaScript configuration never is). */
  config?: LoadedConfig;
  /** Whether the project is trusted, and why. */
  trust: TrustDecision;
  /** What an untrusted project asked for and did not get (its code was not run). */
  skipped: SkippedItem[];
  /** The agent mode (the option, else the configuration's). */
  mode?: string;
  /** The token budget of the rules part (the option, else the configuration's). */
  maxTokens?: number;
  load: LoadResult;
  partition: RulePartition;
  /** The stream-trigger engine that checked this load's triggers; the calls' managers reuse its compilations. */
  triggers: TriggerEngine;
  /** Configuration warnings (what was skipped and how to trust the project), then the load's, then the partition's. */
  diagnostics: Diagnostic[];
}
