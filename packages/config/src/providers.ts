import { createRequire } from "node:module";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { type Diagnostic, type Provider, type Registry, checkProviderShape, createDiagnostic, createRegistry } from "@rulebook/core";
import { errorLine } from "@rulebook/core/text";
import { ConfigError } from "./config-error.js";
import { readSmallFile } from "./safe-read.js";
import { type LoadedConfig, type SkippedItem, trustHint } from "./project-config.js";

/** A provider package the host app ships: its main module (exporting the provider) and, optionally, its package.json. */
export interface BundledProvider {
  module: () => Promise<unknown>;
  manifest?: () => Promise<{ default: { version: string } }>;
}

/** Where an active provider came from. */
export interface ProviderOrigin {
  /** The package name (or the module path as the configuration wrote it). */
  package: string;
  /** The package's version, when known. */
  version?: string;
  /** True for a copy shipped inside the app. */
  bundled: boolean;
  /**
   * True when the project's configuration did not list it: it reads only the user's own rules
   * under home (a project chooses who reads the project, never who reads home).
   */
  userOnly?: boolean;
}

/** The providers that run, as a registry, with where each came from. */
export interface PluginHost {
  registry: Registry;
  /** Keyed by provider id. */
  origins: ReadonlyMap<string, ProviderOrigin>;
  /** One `untrusted-plugin-skipped` warning per provider left out. */
  diagnostics: Diagnostic[];
  skipped: SkippedItem[];
  /**
   * The ids of the providers that read the project, when a configuration chose them; the
   * registry's loads pass them on (`projectProviders`), so the others read only home.
   */
  projectProviders?: string[];
}

/** What {@link loadProviders} needs besides the configuration. */
export interface LoadProvidersOptions {
  /** The project root: without a configuration file, modules resolve from here. */
  root: string;
  /** The providers the app ships, by package name, in precedence order; with no configuration all of them run. */
  bundled: Readonly<Record<string, BundledProvider>>;
  /** Whether the project is trusted: only then are providers that are not bundled imported. */
  trusted: boolean;
  /**
   * The user's home folder: a configuration there is the user's own, and its `providers` narrow
   * the user's sources too. Without it every configuration counts as a project's.
   */
  home?: string;
  /** The command line that trusts the project, for the hint of a skipped provider (see {@link trustHint}). */
  trustCommand?: string;
}

/**
 * Imports the configured providers (every bundled one without a configuration; with one, the
 * bundled providers it does not list too, for the user's own rules only: `projectProviders`
 * says which read the project, see {@link PluginHost}), takes the
 * provider each module exports (its default export, or its one exported provider), checks
 * its shape and returns a registry of exactly those. In an untrusted project a provider that
 * is not bundled (a relative path, a package from the project's `node_modules`) is not
 * imported: it is left out with a warning. The shared default registry is read only for a
 * module that exports no provider and registers one instead (a `./register`-style file;
 * docs/behaviour.md#plugins). A provider that cannot be imported, exports nothing usable or
 * breaks the contract is a {@link ConfigError} naming it.
 */
export async function loadProviders(config: LoadedConfig | undefined, options: LoadProvidersOptions): Promise<PluginHost> {
  const listed = config?.config.providers;
  // A project's list chooses who reads the project; the bundled providers it leaves out still
  // read the user's own rules (only a configuration in home, the user's own, narrows those).
  const usersOwn = config !== undefined && options.home !== undefined && dirname(config.path) === options.home;
  const homeOnly = listed === undefined || usersOwn ? [] : Object.keys(options.bundled).filter((name) => !listed.includes(name));
  const entries: Array<string | Provider> = [...(listed ?? Object.keys(options.bundled)), ...homeOnly];
  const configFile = config?.path ?? join(options.root, "package.json");
  const origins = new Map<string, ProviderOrigin>();
  const providers: Provider[] = [];
  const diagnostics: Diagnostic[] = [];
  const skipped: SkippedItem[] = [];
  const projectProviders: string[] = [];
  for (const entry of entries) {
    const name = typeof entry === "string" ? entry : `${entry.id} (a provider value in ${configFile})`;
    const userOnly = typeof entry === "string" && homeOnly.includes(entry);
    const bundled = typeof entry === "string" && Object.hasOwn(options.bundled, entry) ? options.bundled[entry] : undefined;
    if (!bundled && !options.trusted) {
      const message = `provider "${name}" is not bundled with Rulebook, and loading it would run the project's code; it was not loaded. ${trustHint(options.root, options.trustCommand)}`;
      diagnostics.push(createDiagnostic("untrusted-plugin-skipped", message, { path: configFile }));
      skipped.push({ kind: "provider", name, path: configFile });
      continue;
    }
    const { found, origin } =
      typeof entry !== "string"
        ? { found: [checkedProvider(entry, name)], origin: { package: configFile, bundled: false } }
        : bundled
          ? { found: await providersOf(name, bundled.module), origin: { package: name, ...(await bundledVersion(bundled)), bundled: true } }
          : await loadInstalled(name, configFile);
    for (const provider of found) {
      const other = origins.get(provider.id);
      // A listed provider took the id (a trusted project's own copy of a tool): it reads home too.
      if (other && userOnly) continue;
      if (other) throw new ConfigError("provider", `${name}: provider id "${provider.id}" is already taken by ${other.package}`);
      origins.set(provider.id, userOnly ? { ...origin, userOnly: true } : origin);
      providers.push(provider);
      if (!userOnly) projectProviders.push(provider.id);
    }
  }
  const registry = createRegistry(providers);
  if (homeOnly.length === 0) return { registry, origins, diagnostics, skipped };
  return { registry: readingProjectWith(registry, projectProviders), origins, diagnostics, skipped, projectProviders };
}

/** `registry`, whose loads let only `projectProviders` read the project unless the caller names others. */
function readingProjectWith(registry: Registry, projectProviders: readonly string[]): Registry {
  const chosen: Registry = {
    register(provider) {
      registry.register(provider);
      return chosen;
    },
    has: (id) => registry.has(id),
    get providers() {
      return registry.providers;
    },
    load: (options) => registry.load({ projectProviders, ...options }),
  };
  return chosen;
}

async function bundledVersion(bundled: BundledProvider): Promise<{ version?: string }> {
  return bundled.manifest ? { version: (await bundled.manifest()).default.version } : {};
}

async function loadInstalled(name: string, configFile: string): Promise<{ found: Provider[]; origin: ProviderOrigin }> {
  const require = createRequire(configFile);
  const relativePath = name.startsWith("./") || name.startsWith("../") || isAbsolute(name);
  if (relativePath) {
    const url = pathToFileURL(resolveOrFail(require, resolve(dirname(configFile), name), name, configFile)).href;
    return { found: await providersOf(name, () => import(url)), origin: { package: name, bundled: false } };
  }
  const main = resolveOrFail(require, name, name, configFile);
  const url = pathToFileURL(main).href;
  const found = await providersOf(name, () => import(url));
  return { found, origin: { package: name, ...versionOf(main, name), bundled: false } };
}

/**
 * Imports a provider module and returns its provider, shape-checked: its default export or its
 * one exported provider. A module that only registers one into the default registry (a
 * `./register` entry, for library code) exports none and is refused: the configuration takes
 * values, it does not watch a global registry for what an import added.
 */
async function providersOf(name: string, load: () => Promise<unknown>): Promise<Provider[]> {
  const module = await importOrFail(load, name);
  const provider = exportedProvider(module, name);
  if (!provider) throw new ConfigError("provider", `${name}: exports no provider (expected a default export or one exported provider)`);
  return [checkedProvider(provider, name)];
}

/** The provider, when it keeps the contract; otherwise a {@link ConfigError} naming it and what is wrong. */
function checkedProvider(provider: Provider, name: string): Provider {
  const problems = checkProviderShape(provider);
  if (problems.length > 0) {
    const label = typeof provider.id === "string" && provider.id !== "" ? `provider "${provider.id}": ` : "";
    throw new ConfigError("provider", `${name}: breaks the provider contract: ${label}${problems.join("; ")}`);
  }
  return provider;
}

async function importOrFail(load: () => Promise<unknown>, name: string): Promise<unknown> {
  try {
    return await load();
  } catch (error) {
    throw new ConfigError("provider", `${name}: cannot be loaded: ${errorLine(error)}`);
  }
}

/** The module's default export, or its one exported provider; undefined when it exports none. */
function exportedProvider(module: unknown, name: string): Provider | undefined {
  const exports = (module ?? {}) as Record<string, unknown>;
  const candidates = looksLikeProvider(exports.default) ? [exports.default] : Object.values(exports).filter(looksLikeProvider);
  if (candidates.length > 1) {
    const ids = candidates.map((p) => JSON.stringify((p as { id: unknown }).id)).join(", ");
    throw new ConfigError("provider", `${name}: exports several providers (${ids}) and no default; export one as default`);
  }
  return candidates[0] as Provider | undefined;
}

function looksLikeProvider(value: unknown): boolean {
  return typeof value === "object" && value !== null && typeof (value as { id?: unknown }).id === "string";
}

function resolveOrFail(require: NodeJS.Require, request: string, name: string, configFile: string): string {
  try {
    return require.resolve(request);
  } catch (error) {
    throw new ConfigError("provider", `${name}: cannot be found from ${dirname(configFile)} (${errorLine(error)}); is it installed?`);
  }
}

/** The version in the package.json of the package that holds `file`. */
function versionOf(file: string, name: string): { version?: string } {
  for (let dir = dirname(file); dirname(dir) !== dir; dir = dirname(dir)) {
    const read = readSmallFile(join(dir, "package.json"));
    if (read === undefined || "refused" in read) continue;
    try {
      const json = JSON.parse(read.text) as { name?: unknown; version?: unknown };
      if (json.name === name && typeof json.version === "string") return { version: json.version };
    } catch {
      // An unreadable package.json tells nothing; keep looking up.
    }
  }
  return {};
}
