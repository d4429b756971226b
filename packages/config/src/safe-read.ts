import { errorLine } from "@rulebook/core/text";
import { isMissing, nodeFs } from "@rulebook/core";
import type { ReadResult } from "@rulebook/core/provider";

/** The largest configuration file or trust list Rulebook reads: 1 MiB, as for a rule file. */
export const MAX_CONFIG_BYTES = 1024 * 1024;

/** What {@link readSmallFile} found: the text, or why the file was not read. */
export type SmallFile = { text: string } | { refused: string };

const decoder = new TextDecoder();

/**
 * Reads a configuration file or the trust list as the core reads a rule file
 * (docs/behaviour.md#reading-a-file): opened without blocking, checked to be a regular file once
 * open, at most {@link MAX_CONFIG_BYTES}, so a `.rulebookrc -> /dev/stdin` never hangs and a
 * `-> /dev/zero` never fills memory. `undefined` when nothing is there.
 */
export function readSmallFile(path: string): SmallFile | undefined {
  try {
    // Node's own file system answers synchronously.
    const read = nodeFs.readFile(path, MAX_CONFIG_BYTES) as ReadResult;
    if ("tooLarge" in read) return { refused: `it is ${read.tooLarge} bytes, over the ${MAX_CONFIG_BYTES}-byte limit` };
    return { text: decoder.decode(read.bytes) };
  } catch (error) {
    if (isMissing(error)) return undefined;
    const code = (error as { code?: unknown } | null)?.code;
    return { refused: code === "ENOTREG" ? "it is not a regular file (a folder, FIFO, socket or device)" : `it cannot be read: ${errorLine(error)}` };
  }
}
