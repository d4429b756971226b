import type { RuleFs } from "../read/fs.js";
import type { RuleWriter } from "../export/types.js";
import type { MaybePromise } from "../support/maybe-promise.js";
import type { RuleSourceSpec } from "../sources/types.js";
import type { Diagnostic, Rule } from "../rule/types.js";

/** The provider contract version that {@link defineProvider} produces. */
export const PROVIDER_SPECIFICATION_VERSION = "v2";

/**
 * The contract versions this core accepts, and what it does with each:
 * `v1` providers have a `load` that finds and reads their own files; `v2` providers declare
 * `sources` (and may keep a `load` for rules that do not come from files).
 */
export const SUPPORTED_SPECIFICATION_VERSIONS = ["v1", "v2"] as const;

/** A provider contract version. */
export type SpecificationVersion = (typeof SUPPORTED_SPECIFICATION_VERSIONS)[number];

/** What a provider id may be: a word of letters, digits, `.`, `_` and `-` (the contract suite also asks for lower case). */
export const PROVIDER_ID = /^[a-z0-9][a-z0-9._-]*$/i;

/** What the core gives a provider's `sources` and `load`; a fresh frozen copy per provider. */
export interface ProviderContext {
  /** Absolute folder the agent works in. Providers never read `process.cwd()`. */
  readonly cwd: string;
  /** Absolute project root (`root` option, else the nearest `.git` at or above `cwd`, else `cwd`). */
  readonly root: string;
  /** Absolute home folder. Providers never read `os.homedir()`. */
  readonly home: string;
  /** File-system access; point it at fixtures in tests. */
  readonly fs: RuleFs;
  /** Files larger than this many bytes are not loaded (default 1 MiB). */
  readonly maxFileBytes: number;
  /** Aborted when the caller gives up on the load. */
  readonly signal?: AbortSignal;
}

/** What a provider's `load` resolves to. */
export interface ProviderResult {
  rules: Rule[];
  diagnostics: Diagnostic[];
}

/**
 * A rule source: a plain object with an id, a priority, and where its files are
 * (docs/behaviour.md). Nothing from `@rulebook/core` is needed at run time: an object literal
 * typed `Provider` (a type-only import) is accepted everywhere the core takes a provider.
 */
export interface Provider {
  /** Contract version; absent means the current one (`v2`). Providers written for an older core keep working. */
  readonly specificationVersion?: SpecificationVersion;
  /** Unique id, e.g. `cursor`. Used in `Rule.source.provider` and diagnostics. */
  readonly id: string;
  /** Human name, e.g. `Cursor`. */
  readonly displayName: string;
  /** Higher loads first and wins name collisions; ties keep registration order. */
  readonly priority: number;
  /** Where this provider's rule files are, in precedence order; the core reads them. */
  sources?(context: ProviderContext): MaybePromise<readonly RuleSourceSpec[]>;
  /** Rules that do not come from files (a database, a service), or a v1 provider's whole work. */
  load?(context: ProviderContext): MaybePromise<ProviderResult>;
  /** Optional write side: the files this provider's tool would read the rules from, and what it cannot express. */
  write?: RuleWriter;
}

/** The fields a provider author writes; {@link defineProvider} fills in the rest. */
export type ProviderDefinition = Omit<Provider, "specificationVersion"> & {
  specificationVersion?: SpecificationVersion;
};

/**
 * Checks a provider definition and returns it, frozen, as a {@link Provider}. Throws, naming
 * the provider, when the definition is malformed (a programmer error, not a data problem).
 */
export function defineProvider(definition: ProviderDefinition): Provider {
  assertProviderShape(definition);
  return Object.freeze({ ...definition, specificationVersion: definition.specificationVersion ?? PROVIDER_SPECIFICATION_VERSION });
}

/** Throws a `TypeError` naming the provider and every problem when `value` is not a usable provider. */
export function assertProviderShape(value: unknown): asserts value is ProviderDefinition {
  const problems = checkProviderShape(value);
  if (problems.length > 0) throw new TypeError(`${providerName(value)}: ${problems.join("; ")}`);
}

/**
 * What is wrong with `value` as a provider of a version this core supports, one sentence per
 * problem; empty when it is usable. A plain object satisfying {@link Provider} passes; hosts
 * use this to report a plugin's mistakes as data instead of catching a throw.
 */
export function checkProviderShape(value: unknown): string[] {
  if (typeof value !== "object" || value === null) return [`expected an object, got ${String(value)}`];
  const p = value as Partial<Record<keyof Provider, unknown>>;
  const problems: string[] = [];
  if (typeof p.id !== "string" || !PROVIDER_ID.test(p.id)) {
    problems.push(`id must be a non-empty word (letters, digits, . _ -), got ${JSON.stringify(p.id) ?? "undefined"}`);
  }
  if (typeof p.displayName !== "string" || p.displayName === "") problems.push("displayName must be a non-empty string");
  if (typeof p.priority !== "number" || !Number.isFinite(p.priority)) {
    problems.push(`priority must be a finite number, got ${String(p.priority)}`);
  }
  const version = p.specificationVersion;
  if (version !== undefined && !(SUPPORTED_SPECIFICATION_VERSIONS as readonly unknown[]).includes(version)) {
    problems.push(
      `specificationVersion ${JSON.stringify(version)} is not supported by this @rulebook/core (supports ${SUPPORTED_SPECIFICATION_VERSIONS.join(", ")})`,
    );
  }
  if (p.sources !== undefined && typeof p.sources !== "function") problems.push("sources must be a function");
  if (p.load !== undefined && typeof p.load !== "function") problems.push("load must be a function");
  if (p.write !== undefined && typeof p.write !== "function") problems.push("write must be a function");
  if (version === "v1" && typeof p.load !== "function") problems.push("a v1 provider needs a load function");
  else if (p.sources === undefined && p.load === undefined) {
    problems.push("needs sources (where its rule files are) or load (rules from elsewhere)");
  }
  return problems;
}

function providerName(value: unknown): string {
  const id = (value as { id?: unknown } | null)?.id;
  return typeof id === "string" && id !== "" ? `provider "${id}"` : "provider";
}
