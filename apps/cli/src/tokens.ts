import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";

/** Counts the tokens of a text. */
export type CountTokens = (text: string) => number;

// Special-token spellings in a rule file are text like any other, never a reason to throw.
const AS_TEXT = { disallowedSpecial: new Set<string>() };

/**
 * The app's token counter: gpt-tokenizer's o200k encoding (GPT-4o and later), imported
 * only when a command needs counts, since its tables take a while to load.
 */
export async function loadTokenCounter(): Promise<CountTokens> {
  const { countTokens } = await import("gpt-tokenizer/encoding/o200k_base");
  return (text) => countTokens(text, AS_TEXT);
}

/** Token counts computed on a second thread; `close` ends it whether or not it was used. */
export interface TokenCounting {
  /** The o200k token count of each text, in order. */
  count(texts: readonly string[]): Promise<number[]>;
  close(): void;
}

/**
 * Starts loading the tokenizer on a worker thread right away, so its half-second of table
 * loading overlaps the load of the rules on the main thread (two cores). Falls back to
 * counting on this thread where the worker's file is not there (the app run from sources).
 */
export function startTokenCounting(): TokenCounting {
  const file = new URL("./token-worker.js", import.meta.url);
  if (!existsSync(fileURLToPath(file))) {
    return { count: async (texts) => loadTokenCounter().then((count) => texts.map(count)), close: () => undefined };
  }
  const worker = new Worker(file);
  // Idle, the worker never keeps the app alive; while an answer is awaited, it must.
  worker.unref();
  return {
    count(texts) {
      worker.ref();
      return new Promise<number[]>((resolve, reject) => {
        worker.once("message", (counts: number[]) => {
          worker.unref();
          resolve(counts);
        });
        worker.once("error", (error) => {
          worker.unref();
          reject(error);
        });
        worker.postMessage(texts);
      });
    },
    close() {
      void worker.terminate();
    },
  };
}
