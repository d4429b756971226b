import { constants } from "node:fs";
import { open, readdir } from "node:fs/promises";
import { relative } from "node:path";
import { tool } from "ai";
import { z } from "zod";
import { resolveInside } from "./confine.js";

/** What `read_file` reads at most; the rest is cut with a note. */
export const MAX_READ_BYTES = 64 * 1024;
/** What `list_files` lists at most. */
export const MAX_LISTED = 200;

/**
 * The agent's file tools, confined to the project root: `list_files` and `read_file` take paths
 * relative to the root; a path leaving it, or a link leading out of it, is a tool error.
 */
export function projectTools(root: string) {
  return {
    list_files: tool({
      description: "List a folder of the project (relative to its root); folders end with /.",
      inputSchema: z.object({ path: z.string().describe("a folder, relative to the project root").default(".") }),
      execute: async ({ path }) => listFiles(root, path),
    }),
    read_file: tool({
      description: "Read a text file of the project (relative to its root).",
      inputSchema: z.object({ path: z.string().describe("a file, relative to the project root") }),
      execute: async ({ path }) => readFileInside(root, path),
    }),
  };
}

/** The entries of a folder inside the project, sorted, folders with a trailing `/`. */
export async function listFiles(root: string, path: string): Promise<string> {
  const folder = await resolveInside(root, path);
  const entries = await readdir(folder, { withFileTypes: true });
  const names = entries.map((e) => (e.isDirectory() ? `${e.name}/` : e.name)).sort();
  const shown = names.slice(0, MAX_LISTED).join("\n");
  return names.length > MAX_LISTED ? `${shown}\n… and ${names.length - MAX_LISTED} more` : shown || "(empty folder)";
}

/**
 * A regular file inside the project, as text, at most {@link MAX_READ_BYTES}. It is opened
 * without following a last link and without blocking, and checked after opening: a FIFO or a
 * device named like a file is refused, never read.
 */
export async function readFileInside(root: string, path: string): Promise<string> {
  const real = await resolveInside(root, path);
  const handle = await open(real, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw new Error(`${JSON.stringify(path)} is not a regular file (${relative(root, real) || "."})`);
    const buffer = Buffer.alloc(Math.min(stat.size, MAX_READ_BYTES));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const text = buffer.subarray(0, bytesRead).toString("utf8");
    return stat.size > MAX_READ_BYTES ? `${text}\n… (cut at ${MAX_READ_BYTES} bytes of ${stat.size})` : text;
  } finally {
    await handle.close();
  }
}
