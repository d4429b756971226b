import type { RuleFs } from "./fs.js";
import type { Diagnostic, Rule } from "./types.js";

/** The provider contract version this core implements. */
export const PROVIDER_SPECIFICATION_VERSION = "v1";

/** What the core gives a provider's `load`. */
export interface ProviderContext {
  /** Absolute project folder. Providers never read `process.cwd()`. */
  cwd: string;
  /** Absolute home folder. Providers never read `os.homedir()`. */
  home: string;
  /** File-system access; point it at fixtures in tests. */
  fs: RuleFs;
  /** Files larger than this many bytes are not loaded (default 1 MiB). */
  maxFileBytes: number;
  /** Aborted when the caller gives up on the load. */
  signal?: AbortSignal;
}

/** What a provider's `load` resolves to. */
export interface ProviderResult {
  rules: Rule[];
  diagnostics: Diagnostic[];
}

/** A rule source: a plain object with an id, a priority and a `load` function (SPEC §2). */
export interface Provider {
  /** Contract version; providers written for an older core keep working. */
  specificationVersion: typeof PROVIDER_SPECIFICATION_VERSION;
  /** Unique id, e.g. `cursor`. Used in `Rule.source.provider` and diagnostics. */
  id: string;
  /** Human name, e.g. `Cursor`. */
  displayName: string;
  /** Higher loads first and wins name collisions; ties keep registration order. */
  priority: number;
  /** Finds and normalises this provider's rules. Should not throw for bad data. */
  load(context: ProviderContext): Promise<ProviderResult> | ProviderResult;
}

/** The fields a provider author writes; {@link defineProvider} fills in the rest. */
export type ProviderDefinition = Omit<Provider, "specificationVersion"> & {
  specificationVersion?: Provider["specificationVersion"];
};

/**
 * Checks a provider definition and returns it as a {@link Provider}. Throws, naming the
 * provider, when the definition is malformed (a programmer error, not a data problem).
 */
export function defineProvider(definition: ProviderDefinition): Provider {
  assertProviderShape(definition);
  return Object.freeze({ ...definition, specificationVersion: PROVIDER_SPECIFICATION_VERSION });
}

/** Throws a descriptive error when `value` is not a usable provider. */
export function assertProviderShape(value: unknown): asserts value is ProviderDefinition {
  const p = value as Partial<Provider> | null;
  const name = typeof p?.id === "string" && p.id !== "" ? `provider "${p.id}"` : "provider";
  if (typeof p !== "object" || p === null) throw new TypeError(`${name}: expected an object, got ${p}`);
  if (typeof p.id !== "string" || !/^[a-z0-9][a-z0-9._-]*$/i.test(p.id)) {
    throw new TypeError(`${name}: id must be a non-empty word (letters, digits, . _ -), got ${JSON.stringify(p.id)}`);
  }
  if (typeof p.displayName !== "string" || p.displayName === "") {
    throw new TypeError(`${name}: displayName must be a non-empty string`);
  }
  if (typeof p.priority !== "number" || !Number.isFinite(p.priority)) {
    throw new TypeError(`${name}: priority must be a finite number, got ${String(p.priority)}`);
  }
  if (typeof p.load !== "function") throw new TypeError(`${name}: load must be a function`);
  if (p.specificationVersion !== undefined && p.specificationVersion !== PROVIDER_SPECIFICATION_VERSION) {
    throw new TypeError(
      `${name}: specificationVersion ${JSON.stringify(p.specificationVersion)} is not supported by this @rulebook/core (supports "${PROVIDER_SPECIFICATION_VERSION}")`,
    );
  }
}
