import { existsSync } from "node:fs";
import { open } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { type CountTokens, o200kCounterOf } from "./o200k.js";

export type { CountTokens } from "./o200k.js";

// The built table sits in dist/ next to the bundle; from the sources (tests) it is the same file.
const TABLE = new URL("../dist/o200k.bin", import.meta.url);

let counter: Promise<CountTokens> | undefined;

/**
 * The app's token counter: exact o200k_base counts (GPT-4o and later), read from the table
 * the build writes, made once per process. Run from the sources before a build, it falls
 * back to gpt-tokenizer, which the table is built from. The 4 MiB table is read off the main
 * thread, in one read: a command that will count calls this first (without awaiting) and
 * the read overlaps the project's load.
 */
export function loadTokenCounter(): Promise<CountTokens> {
  const path = fileURLToPath(TABLE);
  counter ??= existsSync(path) ? readWhole(path).then((data) => o200kCounterOf(data, path)) : loadGptTokenizer();
  return counter;
}

/** Starts {@link loadTokenCounter} without waiting; a failure is reported to whoever awaits it later. */
export function preloadTokenCounter(): void {
  loadTokenCounter().catch(() => undefined);
}

// One read of the file's size (fs/promises' readFile reads in 512 KiB steps, each waiting
// for the main thread, which is busy loading the project).
async function readWhole(path: string): Promise<Uint8Array> {
  const file = await open(path, "r");
  try {
    const { size } = await file.stat();
    const data = Buffer.allocUnsafeSlow(size);
    let length = 0;
    while (length < size) {
      const { bytesRead } = await file.read(data, length, size - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    return data.subarray(0, length);
  } finally {
    await file.close();
  }
}

// Special-token spellings in a rule file are text like any other, never a reason to throw.
async function loadGptTokenizer(): Promise<CountTokens> {
  const { countTokens } = await import("gpt-tokenizer/encoding/o200k_base");
  const asText = { disallowedSpecial: new Set<string>() };
  return (text) => countTokens(text, asText);
}
