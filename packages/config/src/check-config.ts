import { basename } from "node:path";
import type { Provider } from "@rulebook/core";
import { validateMaxTokens } from "@rulebook/prompt";
import { ConfigError } from "./config-error.js";

/** What a configuration file may say (docs/behaviour.md#the-command-line-app). */
export interface RulebookConfig {
  /**
   * Provider packages or relative module paths, or (in a JavaScript configuration) provider
   * values (`providers: [createCursorProvider(), myProvider]`, as ESLint's flat config takes
   * plugins); only these read the project.
   */
  providers?: Array<string | Provider>;
  /** Agent mode the rules are partitioned for, as `--mode`. */
  mode?: string;
  /** Token budget of the prompt, as `--max-tokens`. */
  maxTokens?: number;
}

/** Checks the shape of a configuration; throws a {@link ConfigError} naming `file` and the key. */
export function checkConfig(value: unknown, file: string): RulebookConfig {
  const where = basename(file) === "package.json" ? `${file} ("rulebook" key)` : file;
  const fail = (message: string) => new ConfigError("config", `${where}: ${message}`);
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw fail(`expected an object like { "providers": [...] }, got ${describe(value)}`);
  }
  const config: RulebookConfig = {};
  for (const [key, entry] of Object.entries(value)) {
    if (key === "providers") {
      if (!Array.isArray(entry) || entry.some((p) => !(typeof p === "string" && p.trim() !== "") && !isProviderValue(p))) {
        throw fail(`"providers" must be a list of package names, relative paths or provider values, got ${describe(entry)}`);
      }
      config.providers = entry as Array<string | Provider>;
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

/** An object with a string `id`: a provider value (its shape is checked when it is loaded). */
function isProviderValue(value: unknown): value is Provider {
  return typeof value === "object" && value !== null && typeof (value as { id?: unknown }).id === "string";
}

function describe(value: unknown): string {
  if (value === undefined) return "nothing";
  if (Array.isArray(value)) return `the list ${JSON.stringify(value.map((v) => (isProviderValue(v) ? `provider ${v.id}` : v)))}`;
  return `${value === null ? "null" : typeof value} ${JSON.stringify(value) ?? String(value)}`;
}
