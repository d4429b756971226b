import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type CountTokens, createO200kCounter } from "./o200k.js";

export type { CountTokens } from "./o200k.js";

// The built table sits in dist/ next to the bundle; from the sources (tests) it is the same file.
const TABLE = new URL("../dist/o200k.bin", import.meta.url);

let counter: Promise<CountTokens> | undefined;

/**
 * The app's token counter: exact o200k_base counts (GPT-4o and later), read from the table
 * the build writes (one 4 MiB file read, a few milliseconds), made once per process. Run from
 * the sources before a build, it falls back to gpt-tokenizer, which the table is built from.
 */
export function loadTokenCounter(): Promise<CountTokens> {
  counter ??= existsSync(fileURLToPath(TABLE)) ? Promise.resolve(createO200kCounter(TABLE)) : loadGptTokenizer();
  return counter;
}

// Special-token spellings in a rule file are text like any other, never a reason to throw.
async function loadGptTokenizer(): Promise<CountTokens> {
  const { countTokens } = await import("gpt-tokenizer/encoding/o200k_base");
  const asText = { disallowedSpecial: new Set<string>() };
  return (text) => countTokens(text, asText);
}
