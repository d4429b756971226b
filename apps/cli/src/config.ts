import { basename } from "node:path";
import { pathToFileURL } from "node:url";
import { validateMaxTokens } from "@rulebook/prompt";
import { type Loader, lilconfig } from "lilconfig";
import { CliError } from "./cli-error.js";

/** What a configuration file may say (docs/behaviour.md#the-command-line-app). */
export interface RulebookConfig {
  /** Provider packages or relative module paths; only these run. */
  providers?: string[];
  /** Agent mode the rules are partitioned for, as `--mode`. */
  mode?: string;
  /** Token budget of the prompt, as `--max-tokens`. */
  maxTokens?: number;
}

/** A configuration file that was found, with what it says. */
export interface LoadedConfig {
  /** Absolute path of the file (a `package.json` when the `rulebook` key was used). */
  path: string;
  config: RulebookConfig;
}

/** Where the configuration is looked for, in this order, in the project root only. */
export const CONFIG_FILES = ["package.json", ".rulebookrc", "rulebook.config.json", "rulebook.config.js", "rulebook.config.mjs"];

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
      throw new CliError("config", `${path}: cannot be read: ${reason(error)}`);
    }
  };
}

/**
 * Finds and checks the configuration in `root` (never above it: a configuration belongs
 * to one project). Resolves to `undefined` when there is none; a file that cannot be read
 * or says something wrong is a {@link CliError} naming the file and the key.
 */
export async function loadConfig(root: string): Promise<LoadedConfig | undefined> {
  const explorer = lilconfig("rulebook", {
    searchPlaces: CONFIG_FILES,
    stopDir: root,
    cache: false,
    loaders: { ".json": naming(parseJson), ".js": naming(importModule), ".mjs": naming(importModule), noExt: naming(parseRc) },
  });
  let found: Awaited<ReturnType<typeof explorer.search>>;
  try {
    found = await explorer.search(root);
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError("config", `cannot read the configuration in ${root}: ${reason(error)}`);
  }
  if (!found || found.isEmpty) return undefined;
  return { path: found.filepath, config: checkConfig(found.config, found.filepath) };
}

/** Checks the shape of a configuration; throws a {@link CliError} naming `file` and the key. */
export function checkConfig(value: unknown, file: string): RulebookConfig {
  const where = basename(file) === "package.json" ? `${file} ("rulebook" key)` : file;
  const fail = (message: string) => new CliError("config", `${where}: ${message}`);
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw fail(`expected an object like { "providers": [...] }, got ${describe(value)}`);
  }
  const config: RulebookConfig = {};
  for (const [key, entry] of Object.entries(value)) {
    if (key === "providers") {
      if (!Array.isArray(entry) || entry.some((p) => typeof p !== "string" || p.trim() === "")) {
        throw fail(`"providers" must be a list of package names or relative paths, got ${describe(entry)}`);
      }
      config.providers = entry as string[];
    } else if (key === "mode") {
      if (typeof entry !== "string" || entry.trim() === "") throw fail(`"mode" must be a non-empty string, got ${describe(entry)}`);
      config.mode = entry;
    } else if (key === "maxTokens") {
      // @rulebook/prompt's check, the one --max-tokens and MCP use; configuration takes numbers only.
      const checked = typeof entry === "number" ? validateMaxTokens(entry) : undefined;
      if (!checked?.ok) throw fail(`"maxTokens" must be a whole number, 1 or more, got ${describe(entry)}`);
      config.maxTokens = checked.value;
    } else {
      throw fail(`unknown key ${JSON.stringify(key)} (known keys: providers, mode, maxTokens)`);
    }
  }
  return config;
}

function describe(value: unknown): string {
  if (value === undefined) return "nothing";
  if (Array.isArray(value)) return `the list ${JSON.stringify(value)}`;
  return `${value === null ? "null" : typeof value} ${JSON.stringify(value) ?? String(value)}`;
}

function reason(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "";
}
