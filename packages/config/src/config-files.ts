// Synchronous reads: a few small files per run, and importing node:fs/promises costs every run ~2 ms.
import { readFileSync, readdirSync } from "node:fs";
import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Loader } from "lilconfig";
import { errorLine } from "@rulebook/core/text";
import { ConfigError } from "./config-error.js";

/** The configuration files Rulebook reads, in the project root only (docs/behaviour.md#configuration). */
export const CONFIG_FILES: readonly string[] = [
  "package.json",
  ".rulebookrc",
  "rulebook.config.json",
  "rulebook.config.js",
  "rulebook.config.mjs",
  "rulebook.config.cjs",
  "rulebook.config.ts",
];

/** The configuration files that are code: loading one runs it, so only a trusted project's is loaded. */
export const CODE_CONFIG_FILES: readonly string[] = ["rulebook.config.js", "rulebook.config.mjs", "rulebook.config.cjs", "rulebook.config.ts"];

/** True when loading `file` (a path or a file name) would run code. */
export function isCodeConfig(file: string): boolean {
  return CODE_CONFIG_FILES.includes(basename(file));
}

/**
 * Finds the configuration file of `root` with one listing of the folder (never above it: a
 * configuration belongs to one project). A `package.json` counts only when it has a
 * `"rulebook"` key. Resolves to its absolute path, or `undefined` when there is none; two
 * configuration files are a {@link ConfigError} naming both, since Rulebook will not guess.
 */
export async function findConfigFile(root: string): Promise<string | undefined> {
  let names: Set<string>;
  try {
    const entries = readdirSync(root, { withFileTypes: true });
    names = new Set(entries.filter((e) => e.isFile() || e.isSymbolicLink()).map((e) => e.name));
  } catch {
    return undefined;
  }
  const found: string[] = [];
  for (const name of CONFIG_FILES) {
    if (!names.has(name)) continue;
    if (name === "package.json" && !(await hasRulebookKey(join(root, name)))) continue;
    found.push(name);
  }
  if (found.length > 1) {
    const list = found.map((name) => (name === "package.json" ? 'package.json ("rulebook" key)' : name));
    const named = `${list.slice(0, -1).join(", ")} and ${list.at(-1)}`;
    throw new ConfigError("config", `${root}: two configuration files, ${named}; keep one (Rulebook reads only one and will not guess which)`);
  }
  return found[0] === undefined ? undefined : join(root, found[0]);
}

async function hasRulebookKey(path: string): Promise<boolean> {
  let json: unknown;
  try {
    json = parseJson(path, readFileSync(path, "utf8"));
  } catch (error) {
    throw new ConfigError("config", `${path}: cannot be read: ${errorLine(error)}`);
  }
  const value = typeof json === "object" && json !== null ? (json as Record<string, unknown>).rulebook : undefined;
  return value !== undefined && value !== null;
}

const importModule: Loader = async (path) => {
  const module = (await import(pathToFileURL(path).href)) as { default?: unknown };
  return module.default;
};

const parseJson: Loader = (_path, content) => JSON.parse(content.replace(/^\uFEFF/, "")) as unknown;

// `.rulebookrc` is JSON or YAML; YAML 1.2 reads JSON too, so one parser serves both.
const parseRc: Loader = async (_path, content) => (await import("yaml")).parse(content) as unknown;

/** A loader whose failures name the file, so the user knows which one to fix. */
function naming(loader: Loader): Loader {
  return async (path, content) => {
    try {
      return await loader(path, content);
    } catch (error) {
      throw new ConfigError("config", `${path}: cannot be read: ${errorLine(error)}`);
    }
  };
}

/**
 * Reads one configuration file with lilconfig (loaded only now: most projects have no
 * configuration, and start-up stays short). A code file (see {@link isCodeConfig}) is
 * imported, which runs it: the caller decides whether the project is trusted first.
 * Resolves to what the file says, `undefined` for an empty file.
 */
export async function readConfigFile(path: string): Promise<unknown> {
  const { lilconfig } = await import("lilconfig");
  const code = naming(importModule);
  const explorer = lilconfig("rulebook", {
    cache: false,
    loaders: { ".json": naming(parseJson), ".js": code, ".mjs": code, ".cjs": code, ".ts": code, noExt: naming(parseRc) },
  });
  try {
    const found = await explorer.load(path);
    return found === null || found.isEmpty ? undefined : (found.config as unknown);
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigError("config", `${path}: cannot be read: ${errorLine(error)}`);
  }
}
