import { closeSync, fstatSync, openSync, read, readSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type CountTokens, o200kCounterOf } from "./o200k.js";

export type { CountTokens } from "./o200k.js";

// The built table sits in dist/ next to the bundle; from the sources (tests) it is the same file.
const TABLE = new URL("../dist/o200k.bin", import.meta.url);

let counter: Promise<CountTokens> | undefined;

/**
 * The app's token counter: exact o200k_base counts (GPT-4o and later), read from the table
 * the build writes, made once per process. Run from the sources before a build, it falls
 * back to gpt-tokenizer, which the table is built from. The 2.8 MiB table is read off the main
 * thread, in one read: a command that will count calls this first (without awaiting) and
 * the read overlaps the project's load.
 */
export function loadTokenCounter(): Promise<CountTokens> {
  counter ??= loadTable();
  return counter;
}

/** The counter from the built table, or gpt-tokenizer's when there is no table (a run from the sources). */
function loadTable(): Promise<CountTokens> {
  const path = fileURLToPath(TABLE);
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch (error) {
    return (error as { code?: unknown }).code === "ENOENT" ? loadGptTokenizer() : Promise.reject(error);
  }
  return readWhole(fd).then((data) => o200kCounterOf(data, path));
}

/** Starts {@link loadTokenCounter} without waiting; a failure is reported to whoever awaits it later. */
export function preloadTokenCounter(): void {
  loadTokenCounter().catch(() => undefined);
}

// The file is opened and sized on the calling thread (microseconds) and read by one job of the
// thread pool: a chain of asynchronous steps (open, stat, read, close) waits for the main thread
// between steps, and the main thread is busy loading the project, so the last steps ran only
// once it was done (`inspect` then sat idle ~10 ms for the read it had started at launch).
function readWhole(fd: number): Promise<Uint8Array> {
  let data: Buffer;
  try {
    data = Buffer.allocUnsafeSlow(fstatSync(fd).size);
  } catch (error) {
    closeSync(fd);
    return Promise.reject(error);
  }
  return new Promise((resolve, reject) => {
    read(fd, data, 0, data.length, 0, (error, bytesRead) => {
      try {
        if (error) throw error;
        // A regular file is read whole in one go; a short read finishes here.
        let length = bytesRead;
        while (length < data.length) {
          const more = readSync(fd, data, length, data.length - length, length);
          if (more === 0) break;
          length += more;
        }
        resolve(data.subarray(0, length));
      } catch (failure) {
        reject(failure);
      } finally {
        closeSync(fd);
      }
    });
  });
}

// Special-token spellings in a rule file are text like any other, never a reason to throw.
async function loadGptTokenizer(): Promise<CountTokens> {
  const { countTokens } = await import("gpt-tokenizer/encoding/o200k_base");
  const asText = { disallowedSpecial: new Set<string>() };
  return (text) => countTokens(text, asText);
}
