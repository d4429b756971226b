import { isAbsolute, resolve } from "node:path";
import type { RuleFs } from "../read/fs.js";
import { readIgnoreCase } from "./gitignore-config.js";
import { type MaybePromise, settle } from "../support/maybe-promise.js";
import { errorText } from "../text/error-text.js";
import { isMissing } from "../read/fs.js";

/** What the repository at the walk root says about ignoring, beyond its `.gitignore` files. */
export interface RepositoryIgnores {
  /** `.git/info/exclude`, when there is one: its absolute path and text. */
  exclude?: { path: string; text: string };
  /** git's `core.ignorecase` in the repository's own config; `false` when absent or unreadable. */
  ignoreCase: boolean;
  /** Ignore files that are there but were not read (not a regular file, over the size cap), each with why. */
  refused: RefusedFile[];
}

/** A file Rulebook would have read and did not: a FIFO, device or folder, or one over the size cap. */
export interface RefusedFile {
  path: string;
  problem: string;
}

/** What {@link readIgnoreText} found: the text, `undefined` when nothing is there, or why it was not read. */
export type IgnoreText = string | undefined | RefusedFile;

/** Ignore and config files over this size are not read (a real one is a few KiB). */
export const MAX_IGNORE_FILE_BYTES = 1024 * 1024;

/**
 * Reads `info/exclude` and `core.ignorecase` from the repository whose work tree is `root`
 * (docs/behaviour.md#the-project-root-and-the-walk). Its git folder is `root/.git`, or, when
 * `.git` is a file (a worktree or a submodule), the folder its `gitdir:` line names, and for a
 * worktree the shared folder its `commondir` file names, where git keeps `config` and `info/`.
 * Only those files are read, nothing is run, each as a rule file is (never a FIFO or device, at
 * most 1 MiB); whatever cannot be read counts as absent, and an `info/exclude` that is there but
 * refused is listed in `refused`. Other config (global, system, `include`, `config.worktree`) is
 * not read.
 */
export async function readRepositoryIgnores(fs: RuleFs, root: string): Promise<RepositoryIgnores> {
  // git's own files (config, commondir, a .git file) that cannot be read count as absent, quietly.
  const quietly = async (path: string): Promise<string | undefined> => {
    const found = await readIgnoreText(fs, path);
    return typeof found === "string" ? found : undefined;
  };
  let common = `${root}/.git`;
  let config = await quietly(`${common}/config`);
  if (config === undefined) {
    const gitDir = await gitFileTarget(root, quietly);
    if (gitDir !== undefined) {
      const shared = (await quietly(`${gitDir}/commondir`))?.trim();
      common = shared ? (isAbsolute(shared) ? shared : resolve(gitDir, shared)) : gitDir;
      config = await quietly(`${common}/config`);
    }
  }
  const path = `${common}/info/exclude`;
  const exclude = await readIgnoreText(fs, path);
  return {
    exclude: typeof exclude === "string" ? { path, text: exclude } : undefined,
    ignoreCase: config !== undefined && readIgnoreCase(config),
    refused: typeof exclude === "object" ? [exclude] : [],
  };
}

/** The folder a `.git` file points to (`gitdir: ../.git/worktrees/x`), as git's `read_gitfile` reads it. */
async function gitFileTarget(root: string, read: (path: string) => Promise<string | undefined>): Promise<string | undefined> {
  const text = await read(`${root}/.git`);
  const line = text?.match(/^gitdir: (.+?)[\r\n]*$/)?.[1];
  if (line === undefined) return undefined;
  return isAbsolute(line) ? line : resolve(root, line);
}

/**
 * The text of an ignore or git config file read as a rule file is (docs/behaviour.md#reading-a-file):
 * opened without blocking, checked to be a regular file once open, at most 1 MiB. `undefined`
 * when nothing is there (or a folder, as `.git` is); otherwise why it was not read.
 */
export function readIgnoreText(fs: RuleFs, path: string): MaybePromise<IgnoreText> {
  return settle(
    () => fs.readFile(path, MAX_IGNORE_FILE_BYTES),
    (read): IgnoreText =>
      "bytes" in read
        ? new TextDecoder().decode(read.bytes)
        : { path, problem: `it is ${read.tooLarge} bytes, over the ${MAX_IGNORE_FILE_BYTES}-byte limit` },
    (error): MaybePromise<IgnoreText> => {
      const code = (error as { code?: unknown } | null)?.code;
      if (isMissing(error) || code === "EISDIR") return undefined;
      if (code !== "ENOTREG") return { path, problem: `it cannot be read: ${errorText(error)}` };
      // A folder is not an ignore file (`.git` is one in most repositories): nothing to say.
      return settle(
        () => fs.stat(path),
        (stat): IgnoreText => (stat?.kind === "directory" ? undefined : { path, problem: "it is not a regular file (a FIFO, socket or device)" }),
        (): IgnoreText => ({ path, problem: "it is not a regular file (a FIFO, socket or device)" }),
      );
    },
  );
}
