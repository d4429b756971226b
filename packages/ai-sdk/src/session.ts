import type { ProjectRules } from "@rulebook/config";
import type { TriggerEngine } from "@rulebook/ttsr";

/** One load of the project's rules, as every call made while it is current sees them. */
export interface RulebookSession extends ProjectRules {
  cwd: string;
  home: string;
  /** The project root, absolute. */
  root: string;
  /** The token budget of the rules part (the option, else the configuration's). */
  maxTokens?: number;
  /** The stream-trigger engine that checked this load's triggers; the calls' managers reuse its compilations. */
  triggers: TriggerEngine;
}
