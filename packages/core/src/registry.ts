import { type LoadOptions, type LoadResult, loadRules } from "./load.js";
import { type Provider, assertProviderShape } from "./provider.js";

/** An ordered set of providers that can load rules (SPEC §2). */
export interface Registry {
  /** Adds a provider; throws when its id is already registered or it is malformed. */
  register(provider: Provider): Registry;
  /** True when a provider with this id is registered. */
  has(id: string): boolean;
  /** The providers in precedence order: priority descending, ties in registration order. */
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
  let ordered: Provider[] | undefined;
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
      ordered ??= [...entries].sort((a, b) => b.priority - a.priority);
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

/**
 * The shared registry that providers' `./register` entries add themselves to. It lives on
 * `globalThis` under a global symbol, so two installed copies of the core share it.
 */
export function getDefaultRegistry(): Registry {
  const holder = globalThis as { [DEFAULT_REGISTRY]?: Registry };
  holder[DEFAULT_REGISTRY] ??= createRegistry();
  return holder[DEFAULT_REGISTRY];
}

/**
 * Registers `provider` into the default registry unless a provider with its id is already
 * there (importing a `./register` entry twice is harmless).
 */
export function registerDefaultProvider(provider: Provider): void {
  const registry = getDefaultRegistry();
  if (!registry.has(provider.id)) registry.register(provider);
}
