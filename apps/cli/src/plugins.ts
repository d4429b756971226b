import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { type Provider, type Registry, assertProviderShape, createRegistry, getDefaultRegistry } from "@rulebook/core";
import { BUNDLED_PROVIDERS } from "./bundled-providers.js";
import { CliError } from "./cli-error.js";
import type { LoadedConfig } from "./config.js";

/** Where an active provider came from. */
export interface ProviderOrigin {
  /** The package name (or the module path as the configuration wrote it). */
  package: string;
  /** The package's version, when known. */
  version?: string;
  /** True for a copy shipped inside the app. */
  bundled: boolean;
}

/** The providers that run, as a registry, with where each came from. */
export interface PluginHost {
  registry: Registry;
  /** Keyed by provider id. */
  origins: ReadonlyMap<string, ProviderOrigin>;
}

// ES modules are evaluated once per process, so which ids a module registered is remembered
// with it: a second run in the same process (a test, a host) finds the same providers.
const registeredBy = new Map<string, string[]>();

/**
 * Imports the configured providers (every bundled one without a configuration), lets each
 * register itself into the default registry, and returns a registry of exactly those.
 * A provider that cannot be imported, exports nothing usable or breaks the contract is a
 * {@link CliError} naming it.
 */
export async function loadProviders(config: LoadedConfig | undefined, root: string): Promise<PluginHost> {
  // Created by this copy of the core first, so providers bringing their own copy join it.
  const shared = getDefaultRegistry();
  const names = config?.config.providers ?? Object.keys(BUNDLED_PROVIDERS);
  const origins = new Map<string, ProviderOrigin>();
  for (const name of names) {
    const bundled = BUNDLED_PROVIDERS[name];
    const { ids, origin } = bundled
      ? { ids: await registerOnce(name, bundled.register, undefined, name), origin: { package: name, version: (await bundled.manifest()).default.version, bundled: true } }
      : await loadInstalled(name, config?.path ?? join(root, "package.json"));
    for (const id of ids) {
      const other = origins.get(id);
      if (other) throw new CliError("provider", `${name}: provider id "${id}" is already taken by ${other.package}`);
      origins.set(id, origin);
    }
  }
  const registry = createRegistry(shared.providers.filter((p) => origins.has(p.id)));
  return { registry, origins };
}

async function loadInstalled(name: string, configFile: string): Promise<{ ids: string[]; origin: ProviderOrigin }> {
  const require = createRequire(configFile);
  const relativePath = name.startsWith("./") || name.startsWith("../") || isAbsolute(name);
  if (relativePath) {
    const file = resolveOrFail(require, resolve(dirname(configFile), name), name, configFile);
    const url = pathToFileURL(file).href;
    return { ids: await registerOnce(url, () => import(url), () => import(url), name), origin: { package: name, bundled: false } };
  }
  const main = resolveOrFail(require, name, name, configFile);
  const register = tryResolve(require, `${name}/register`);
  const mainImport = () => import(pathToFileURL(main).href);
  const registerImport = register ? () => import(pathToFileURL(register).href) : mainImport;
  const ids = await registerOnce(pathToFileURL(register ?? main).href, registerImport, mainImport, name);
  return { ids, origin: { package: name, ...versionOf(main, name), bundled: false } };
}

/**
 * Imports `load` (a `./register` entry, usually) and returns the ids it added to the
 * default registry; when it added none, the provider `fallback`'s module exports is
 * registered instead.
 */
async function registerOnce(
  key: string,
  load: () => Promise<unknown>,
  fallback: (() => Promise<unknown>) | undefined,
  name: string,
): Promise<string[]> {
  const known = registeredBy.get(key);
  if (known) return known;
  const registry = getDefaultRegistry();
  const before = new Set(registry.providers.map((p) => p.id));
  await importOrFail(load, name);
  let ids = registry.providers.filter((p) => !before.has(p.id)).map((p) => p.id);
  if (ids.length === 0 && fallback) ids = [registerExported(await importOrFail(fallback, name), registry, name)];
  if (ids.length === 0) throw new CliError("provider", `${name}: registers no provider and exports none`);
  registeredBy.set(key, ids);
  return ids;
}

async function importOrFail(load: () => Promise<unknown>, name: string): Promise<unknown> {
  try {
    return await load();
  } catch (error) {
    // The core's contract checks throw a TypeError naming the provider (`provider "x": …`).
    const contract = error instanceof TypeError && /^provider\b/.test(error.message);
    throw new CliError("provider", `${name}: ${contract ? "breaks the provider contract" : "cannot be loaded"}: ${firstLine(error)}`);
  }
}

/** Registers the module's default export, or its one exported provider; returns its id. */
function registerExported(module: unknown, registry: Registry, name: string): string {
  const exports = (module ?? {}) as Record<string, unknown>;
  const candidates = looksLikeProvider(exports.default)
    ? [exports.default]
    : Object.values(exports).filter(looksLikeProvider);
  if (candidates.length === 0) throw new CliError("provider", `${name}: exports no provider (expected a default export or one exported provider)`);
  if (candidates.length > 1) {
    const ids = candidates.map((p) => JSON.stringify((p as { id: unknown }).id)).join(", ");
    throw new CliError("provider", `${name}: exports several providers (${ids}) and no default; export one as default`);
  }
  const provider = candidates[0];
  try {
    assertProviderShape(provider);
  } catch (error) {
    throw new CliError("provider", `${name}: breaks the provider contract: ${firstLine(error)}`);
  }
  const existing = registry.providers.find((p) => p.id === provider.id);
  if (existing && existing !== provider) throw new CliError("provider", `${name}: provider id "${provider.id}" is already registered by another package`);
  if (!existing) registry.register(provider as Provider);
  return provider.id;
}

function looksLikeProvider(value: unknown): boolean {
  return typeof value === "object" && value !== null && typeof (value as { id?: unknown }).id === "string";
}

function resolveOrFail(require: NodeJS.Require, request: string, name: string, configFile: string): string {
  try {
    return require.resolve(request);
  } catch (error) {
    throw new CliError("provider", `${name}: cannot be found from ${dirname(configFile)} (${firstLine(error)}); is it installed?`);
  }
}

function tryResolve(require: NodeJS.Require, request: string): string | undefined {
  try {
    return require.resolve(request);
  } catch {
    return undefined;
  }
}

/** The version in the package.json of the package that holds `file`. */
function versionOf(file: string, name: string): { version?: string } {
  for (let dir = dirname(file); dirname(dir) !== dir; dir = dirname(dir)) {
    const path = join(dir, "package.json");
    if (!existsSync(path)) continue;
    try {
      const json = JSON.parse(readFileSync(path, "utf8")) as { name?: unknown; version?: unknown };
      if (json.name === name && typeof json.version === "string") return { version: json.version };
    } catch {
      // An unreadable package.json tells nothing; keep looking up.
    }
  }
  return {};
}

function firstLine(error: unknown): string {
  return ((error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "").trim();
}
