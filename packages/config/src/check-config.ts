import { basename } from "node:path";
import { validateMaxTokens } from "@rulebook/prompt";
import { ConfigError } from "./config-error.js";

/** What a configuration file may say (docs/behaviour.md#the-command-line-app). */
export interface RulebookConfig {
  /** Provider packages or relative module paths; only these run. */
  providers?: string[];
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
