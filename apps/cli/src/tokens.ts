import { type TokenCounter, loadO200kCounter } from "@rulebook/tokenizer-o200k";

/** Counts the tokens of a text. */
export type CountTokens = TokenCounter;

let counter: Promise<CountTokens> | undefined;

/**
 * The app's token counter: exact o200k_base counts (GPT-4o and later) from
 * `@rulebook/tokenizer-o200k`, made once per process. Its 2.8 MiB table is read off the main
 * thread, in one read: a command that will count calls this first (without awaiting) and the
 * read overlaps the project's load. The table is `o200k.bin` next to the module that reads it:
 * in the built app, dist/o200k.bin beside the bundle (the build copies it there,
 * scripts/copy-o200k-table.js); run from the sources, the package's own dist/o200k.bin.
 */
export function loadTokenCounter(): Promise<CountTokens> {
  counter ??= loadO200kCounter();
  return counter;
}

/** Starts {@link loadTokenCounter} without waiting; a failure is reported to whoever awaits it later. */
export function preloadTokenCounter(): void {
  loadTokenCounter().catch(() => undefined);
}
