import { homedir } from "node:os";
import { isAbsolute } from "node:path";
import { bundledByPackage } from "@rulebook/all-providers";
import type { BundledProvider, Env } from "@rulebook/config";
import { type TokenCounter, validateMaxTokens } from "@rulebook/prompt";
import type { RepeatPolicy } from "@rulebook/ttsr";
import type { RulebookSession } from "./session.js";
import { type FiringReport, checkRepeat } from "./rewind-report.js";

/**
 * How much streamed output is held back so that a rule can still take it back: to the end of
 * the current line (`"line"`), the last `n` characters, or nothing (`"none"`: a firing then
 * interrupts and steers the model, but what matched was already shown).
 */
export type Holdback = "line" | "none" | number;

/** Options of {@link createRulebook}. */
export interface RulebookOptions {
  /** Where the agent works, an absolute path. */
  cwd: string;
  /** The user's home folder (user rules, the trust list); default `os.homedir()`. */
  home?: string;
  /** The project root, absolute; default the nearest folder at or above `cwd` holding `.git` (as the CLI finds it). */
  root?: string;
  /** Trust the project for this process, as the CLI's `--trust`: its JavaScript configuration and listed providers run. Default: the user's trust list or `RULEBOOK_TRUST=1`. */
  trust?: boolean;
  /** The environment read for `RULEBOOK_TRUST` and `XDG_CONFIG_HOME`; default `process.env`. */
  env?: Env;
  /** The agent mode rules are partitioned for; default the configuration's. */
  mode?: string;
  /** A token budget for the rules part of the system prompt (`@rulebook/prompt`); default the configuration's. */
  maxTokens?: number;
  /** Counts tokens for `maxTokens`; default `@rulebook/prompt`'s estimate (one per four characters). */
  countTokens?: TokenCounter;
  /** Files in play for every call (absolute, or relative to `cwd`): they attach auto-attach rules. */
  files?: readonly string[];
  /** The providers the app ships, by package name, as `@rulebook/config` takes them; default every bundled provider. */
  providers?: Readonly<Record<string, BundledProvider>>;
  /** What is held back while streaming; default `"line"`. */
  holdback?: Holdback;
  /** Rewinds allowed in one model call; past them output passes through and firings are only reported. Default 3. */
  maxRewinds?: number;
  /** How often one rule may rewind within one call (`@rulebook/ttsr`'s policies, a turn being one attempt); default `{ policy: "once" }`. */
  repeat?: RepeatPolicy;
  /** Keep the rules current while files change (`@rulebook/watch`); `close()` stops it. Default false: `reload()` reloads. */
  watch?: boolean;
  /** Called for every firing, as it happens (it is also in the finish part's provider metadata). */
  onFiring?: (firing: FiringReport) => void;
  /** With `watch`, called after a reload that changed the rules, with the rule names added, removed and changed. */
  onChange?: (change: RulesChanged) => void;
  /** Called when a reload while watching fails (the last good rules stay); default a process warning. */
  onError?: (error: unknown) => void;
}

/** {@link RulebookOptions} with every default filled in, checked. */
export interface ResolvedOptions {
  cwd: string;
  home: string;
  homeGiven: boolean;
  root?: string;
  trust: boolean;
  env: Env;
  mode?: string;
  maxTokens?: number;
  countTokens?: TokenCounter;
  files: readonly string[];
  providers: Readonly<Record<string, BundledProvider>>;
  holdback: Holdback;
  maxRewinds: number;
  repeat: RepeatPolicy;
  watch: boolean;
  onFiring?: (firing: FiringReport) => void;
  onChange?: (change: RulesChanged) => void;
  onError: (error: unknown) => void;
}

/** What {@link RulebookOptions.onChange} receives: the winning rules' names that changed, and the new load. */
export interface RulesChanged {
  added: string[];
  removed: string[];
  changed: string[];
  session: RulebookSession;
}

/** The rewinds one call allows when {@link RulebookOptions.maxRewinds} is not given. */
export const DEFAULT_MAX_REWINDS = 3;

/**
 * Fills in the defaults of {@link RulebookOptions} and checks them; a value that cannot work
 * (a relative `cwd`, a holdback of -1) is a programmer error, thrown naming the option.
 */
export function resolveOptions(options: RulebookOptions): ResolvedOptions {
  if (typeof options?.cwd !== "string" || !isAbsolute(options.cwd))
    throw new TypeError(`createRulebook: cwd must be an absolute path, got ${JSON.stringify(options?.cwd)}`);
  for (const key of ["home", "root"] as const) {
    const value = options[key];
    if (value !== undefined && (typeof value !== "string" || !isAbsolute(value)))
      throw new TypeError(`createRulebook: ${key} must be an absolute path, got ${JSON.stringify(value)}`);
  }
  if (options.maxTokens !== undefined) {
    const checked = validateMaxTokens(options.maxTokens);
    if (!checked.ok) throw new RangeError(`createRulebook: maxTokens ${checked.problem}`);
  }
  const holdback = options.holdback ?? "line";
  if (holdback !== "line" && holdback !== "none" && !(Number.isSafeInteger(holdback) && holdback > 0)) {
    throw new RangeError(
      `createRulebook: holdback must be "line", "none" or a whole number of characters, 1 or more; got ${JSON.stringify(holdback)}`,
    );
  }
  const maxRewinds = options.maxRewinds ?? DEFAULT_MAX_REWINDS;
  if (!Number.isSafeInteger(maxRewinds) || maxRewinds < 0)
    throw new RangeError(`createRulebook: maxRewinds must be a whole number, 0 or more; got ${JSON.stringify(maxRewinds)}`);
  return {
    cwd: options.cwd,
    home: options.home ?? homedir(),
    homeGiven: options.home !== undefined,
    ...(options.root !== undefined && { root: options.root }),
    trust: options.trust === true,
    env: options.env ?? process.env,
    ...(options.mode !== undefined && { mode: options.mode }),
    ...(options.maxTokens !== undefined && { maxTokens: options.maxTokens }),
    ...(options.countTokens !== undefined && { countTokens: options.countTokens }),
    files: options.files ?? [],
    providers: options.providers ?? bundledByPackage,
    holdback,
    maxRewinds,
    repeat: checkRepeat(options.repeat ?? { policy: "once" }),
    watch: options.watch === true,
    ...(options.onFiring !== undefined && { onFiring: options.onFiring }),
    ...(options.onChange !== undefined && { onChange: options.onChange }),
    onError:
      options.onError ?? ((error: unknown) => process.emitWarning(`@rulebook/ai-sdk: ${error instanceof Error ? error.message : String(error)}`)),
  };
}
