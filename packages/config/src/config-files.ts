// Synchronous reads: a few small files per run, and importing node:fs/promises costs every run ~2 ms.
import { readdirSync } from "node:fs";
import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Loader } from "lilconfig";
import { errorLine } from "@rulebook/core/text";
import { ConfigError } from "./config-error.js";
import { readSmallFile } from "./safe-read.js";

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

/** A configuration file that is there but was not read (a FIFO or device, or over the size cap), and why. */
export interface RefusedConfigFile {
  path: string;
  problem: string;
}

/**
 * Finds the configuration file of `root` with one listing of the folder (never above it: a
 * configuration belongs to one project). A `package.json` counts only when it has a
 * `"rulebook"` key. Resolves to its absolute path, or `undefined` when there is none; two
 * configuration files are a {@link ConfigError} naming both, since Rulebook will not guess.
 */
export async function findConfigFile(root: string): Promise<string | undefined> {
  return (await searchConfigFile(root)).file;
}

/**
 * {@link findConfigFile}, also saying which files were there and not read
 * (docs/behaviour.md#configuration): a `package.json` that is not a regular file or is over
 * 1 MiB counts as having no `"rulebook"` key.
 */
export async function searchConfigFile(root: string): Promise<{ file?: string; refused: RefusedConfigFile[] }> {
  let names: Set<string>;
  try {
    const entries = readdirSync(root, { withFileTypes: true });
    names = new Set(entries.filter((e) => e.isFile() || e.isSymbolicLink()).map((e) => e.name));
  } catch {
    return { refused: [] };
  }
  const found: string[] = [];
  const refused: RefusedConfigFile[] = [];
  for (const name of CONFIG_FILES) {
    if (!names.has(name)) continue;
    if (name === "package.json" && !hasRulebookKey(join(root, name), refused)) continue;
    found.push(name);
  }
  if (found.length > 1) {
    const list = found.map((name) => (name === "package.json" ? 'package.json ("rulebook" key)' : name));
    const named = `${list.slice(0, -1).join(", ")} and ${list.at(-1)}`;
    throw new ConfigError("config", `${root}: two configuration files, ${named}; keep one (Rulebook reads only one and will not guess which)`);
  }
  return { ...(found[0] !== undefined && { file: join(root, found[0]) }), refused };
}

function hasRulebookKey(path: string, refused: RefusedConfigFile[]): boolean {
  const read = readSmallFile(path);
  if (read === undefined) return false;
  if ("refused" in read) {
    refused.push({ path, problem: read.refused });
    return false;
  }
  let json: unknown;
  try {
    json = parseJson(path, read.text);
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
 * Reads one configuration file. Its text is read first as a rule file is (`safe-read.ts`: never
 * a FIFO or device, at most 1 MiB; otherwise a {@link ConfigError} saying so) and a data file
 * (JSON, YAML, `package.json`'s `"rulebook"` key) is parsed from that text. A code file (see
 * {@link isCodeConfig}) is then loaded by lilconfig (loaded only now: most projects have no
 * configuration, and start-up stays short), which imports it and so runs it: the caller
 * decides whether the project is trusted first. Resolves to what the file says, `undefined`
 * for an empty file.
 */
export async function readConfigFile(path: string): Promise<unknown> {
  const read = readSmallFile(path);
  if (read === undefined) throw new ConfigError("config", `${path}: cannot be read: no such file`);
  if ("refused" in read) throw new ConfigError("config", `${path}: not read: ${read.refused}`);
  return parseConfigText(path, read.text);
}

/** What the configuration file at `path` says, from its text already read (a code file is imported). */
export async function parseConfigText(path: string, text: string): Promise<unknown> {
  if (isCodeConfig(path)) return importCodeConfig(path);
  if (basename(path) === "package.json") {
    const json = await naming(parseJson)(path, text);
    return typeof json === "object" && json !== null ? (json as Record<string, unknown>).rulebook : undefined;
  }
  if (text.trim() === "") return undefined;
  return naming(path.endsWith(".json") ? parseJson : parseRc)(path, text);
}

async function importCodeConfig(path: string): Promise<unknown> {
  const { lilconfig } = await import("lilconfig");
  const code = naming(importModule);
  const explorer = lilconfig("rulebook", { cache: false, loaders: { ".js": code, ".mjs": code, ".cjs": code, ".ts": code } });
  try {
    const found = await explorer.load(path);
    return found === null || found.isEmpty ? undefined : (found.config as unknown);
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigError("config", `${path}: cannot be read: ${errorLine(error)}`);
  }
}
