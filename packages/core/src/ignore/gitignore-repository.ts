import { isAbsolute, resolve } from "node:path";
import type { RuleFs } from "../read/fs.js";
import { readIgnoreCase } from "./gitignore-config.js";
import { type MaybePromise, settle } from "../support/maybe-promise.js";

/** What the repository at the walk root says about ignoring, beyond its `.gitignore` files. */
export interface RepositoryIgnores {
  /** `.git/info/exclude`, when there is one: its absolute path and text. */
  exclude?: { path: string; text: string };
  /** git's `core.ignorecase` in the repository's own config; `false` when absent or unreadable. */
  ignoreCase: boolean;
}

/** Ignore and config files over this size are not read (a real one is a few KiB). */
const MAX_BYTES = 1024 * 1024;

/**
 * Reads `info/exclude` and `core.ignorecase` from the repository whose work tree is `root`
 * (docs/behaviour.md#the-project-root-and-the-walk). Its git folder is `root/.git`, or, when
 * `.git` is a file (a worktree or a submodule), the folder its `gitdir:` line names, and for a
 * worktree the shared folder its `commondir` file names, where git keeps `config` and `info/`.
 * Only those files are read, nothing is run; whatever cannot be read counts as absent. Other
 * config (global, system, `include`, `config.worktree`) is not read.
 */
export async function readRepositoryIgnores(fs: RuleFs, root: string): Promise<RepositoryIgnores> {
  let common = `${root}/.git`;
  let config = await readIgnoreText(fs, `${common}/config`);
  if (config === undefined) {
    const gitDir = await gitFileTarget(fs, root);
    if (gitDir !== undefined) {
      const pointer = await readIgnoreText(fs, `${gitDir}/commondir`);
      const shared = pointer?.trim();
      common = shared ? (isAbsolute(shared) ? shared : resolve(gitDir, shared)) : gitDir;
      config = await readIgnoreText(fs, `${common}/config`);
    }
  }
  const path = `${common}/info/exclude`;
  const text = await readIgnoreText(fs, path);
  return { exclude: text === undefined ? undefined : { path, text }, ignoreCase: config !== undefined && readIgnoreCase(config) };
}

/** The folder a `.git` file points to (`gitdir: ../.git/worktrees/x`), as git's `read_gitfile` reads it. */
async function gitFileTarget(fs: RuleFs, root: string): Promise<string | undefined> {
  const text = await readIgnoreText(fs, `${root}/.git`);
  const line = text?.match(/^gitdir: (.+?)[\r\n]*$/)?.[1];
  if (line === undefined) return undefined;
  return isAbsolute(line) ? line : resolve(root, line);
}

/** The text of a regular file of at most 1 MiB, `undefined` when it is missing, larger, a folder or unreadable. */
export function readIgnoreText(fs: RuleFs, path: string): MaybePromise<string | undefined> {
  return settle(
    () => fs.readFile(path, MAX_BYTES),
    (read) => ("bytes" in read ? new TextDecoder().decode(read.bytes) : undefined),
    () => undefined,
  );
}
