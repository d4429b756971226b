import { createDiagnostic } from "../rule/diagnostics.js";
import { type LoadOptions, type LoadResult, loadRules } from "../load/load.js";
import { type Provider, assertProviderShape } from "./provider.js";

/** An ordered set of providers that can load rules (docs/behaviour.md#providers). */
export interface Registry {
  /** Adds a provider; throws when its id is already registered or it is malformed. */
  register(provider: Provider): Registry;
  /** True when a provider with this id is registered. */
  has(id: string): boolean;
  /** A copy of the providers in precedence order: priority descending, ties in registration order. */
  readonly providers: readonly Provider[];
  /** Loads and merges every provider's rules. */
  load(options: LoadOptions): Promise<LoadResult>;
}

/**
 * Creates a registry from an explicit list; falsy entries are skipped so apps can write
 * `[native, useCursor && cursorProvider]`.
 */
export function createRegistry(providers: ReadonlyArray<Provider | false | null | undefined> = []): Registry {
  const entries: Provider[] = [];
  let ordered: readonly Provider[] | undefined;
  const registry: Registry = {
    register(provider) {
      assertProviderShape(provider);
      if (entries.some((p) => p.id === provider.id)) {
        throw new Error(`provider "${provider.id}" is already registered`);
      }
      entries.push(provider);
      ordered = undefined;
      return registry;
    },
    has(id) {
      return entries.some((p) => p.id === id);
    },
    get providers() {
      // Array.prototype.sort is stable, so equal priorities keep registration order.
      ordered ??= Object.freeze([...entries].sort((a, b) => b.priority - a.priority));
      return ordered;
    },
    load(options) {
      return loadRules(registry.providers, options);
    },
  };
  for (const provider of providers) if (provider) registry.register(provider);
  return registry;
}

const DEFAULT_REGISTRY = Symbol.for("@rulebook/core/default-registry");

interface DefaultHolder {
  registry: Registry;
  /** Second copies of an id that were not registered, reported by every load. */
  conflicts: Provider[];
}

function holder(): DefaultHolder {
  const global = globalThis as { [DEFAULT_REGISTRY]?: Registry & { [CONFLICTS]?: Provider[] } };
  if (!global[DEFAULT_REGISTRY]) {
    const conflicts: Provider[] = [];
    const inner = createRegistry();
    const registry: Registry = {
      register: (provider) => {
        inner.register(provider);
        return registry;
      },
      has: (id) => inner.has(id),
      get providers() {
        return inner.providers;
      },
      async load(options) {
        const result = await inner.load(options);
        for (const loser of conflicts) {
          const winner = inner.providers.find((p) => p.id === loser.id);
          const message = `two different providers with the id "${loser.id}" were registered (two installed copies?); the first one (${winner?.displayName ?? "?"}, priority ${winner?.priority ?? "?"}) is used`;
          result.diagnostics.unshift(createDiagnostic("provider-conflict", message, { provider: loser.id }));
        }
        return result;
      },
    };
    global[DEFAULT_REGISTRY] = Object.assign(registry, { [CONFLICTS]: conflicts });
  }
  const registry = global[DEFAULT_REGISTRY];
  return { registry, conflicts: registry[CONFLICTS] ?? [] };
}

const CONFLICTS = Symbol.for("@rulebook/core/default-registry-conflicts");

/**
 * The shared registry that providers' `./register` entries add themselves to. It lives on
 * `globalThis` under a global symbol, so two installed copies of the core share it.
 */
export function getDefaultRegistry(): Registry {
  return holder().registry;
}

/**
 * Registers `provider` into the default registry. Importing a `./register` entry twice is
 * harmless; a *different* provider with an id already there (two installed versions) is not
 * registered, and every load of the default registry says which one won.
 */
export function registerDefaultProvider(provider: Provider): void {
  const { registry, conflicts } = holder();
  const existing = registry.providers.find((p) => p.id === provider.id);
  if (!existing) registry.register(provider);
  else if (existing !== provider && !conflicts.includes(provider)) conflicts.push(provider);
}
