// The reads run in every command and are synchronous (a small file; importing node:fs/promises
// costs every run ~2 ms); the writes, for `rulebook trust` only, take fs.promises when they run.
import { promises as fsp, realpathSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { errorLine } from "@rulebook/core/text";
import { ConfigError } from "./config-error.js";
import { readSmallFile } from "./safe-read.js";

/** The environment variable that trusts every project for one run (CI): `RULEBOOK_TRUST=1`. */
export const TRUST_ENV = "RULEBOOK_TRUST";

/** The environment as Rulebook reads it: only `RULEBOOK_TRUST` and `XDG_CONFIG_HOME` matter here. */
export type Env = Readonly<Record<string, string | undefined>>;

/** The user's own list (docs/behaviour.md#trust): never read from inside a project. */
export interface TrustList {
  /** Real paths of the project roots the user trusts. */
  trusted: string[];
  /** Names of user-level rules no project rule may replace. */
  protectedRules: string[];
}

/** Where the user's trust list is. */
export interface TrustListLocation {
  /** The home folder (`--home`, else the user's). */
  home: string;
  env?: Env;
  /** True when `home` was given explicitly (`--home`): `XDG_CONFIG_HOME` is then ignored, so a test's home is the whole world. */
  homeGiven?: boolean;
}

/**
 * The trust list's path: `$XDG_CONFIG_HOME/rulebook/trust.json` when that variable holds an
 * absolute path and no home was given, else `<home>/.config/rulebook/trust.json`.
 */
export function trustListPath({ home, env = {}, homeGiven = false }: TrustListLocation): string {
  const xdg = env.XDG_CONFIG_HOME;
  const base = !homeGiven && xdg !== undefined && isAbsolute(xdg) ? xdg : join(home, ".config");
  return join(base, "rulebook", "trust.json");
}

/**
 * Reads the trust list at `file`. A missing file is an empty list; a file that is not a list
 * of the expected shape is an empty list with a `problem` saying what is wrong (nothing is
 * trusted from a list that cannot be read).
 */
export async function readTrustList(file: string): Promise<{ list: TrustList; problem?: string }> {
  const empty: TrustList = { trusted: [], protectedRules: [] };
  // Read as a rule file is: a trust.json that is a FIFO or device never hangs a command.
  const read = readSmallFile(file);
  if (read === undefined) return { list: empty };
  if ("refused" in read) return { list: empty, problem: `${file}: not read: ${read.refused}` };
  const text = read.text;
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    return { list: empty, problem: `${file}: not JSON: ${errorLine(error)}` };
  }
  const value = (typeof json === "object" && json !== null && !Array.isArray(json) ? json : {}) as Record<string, unknown>;
  const strings = (key: string) =>
    value[key] === undefined
      ? []
      : Array.isArray(value[key]) && value[key].every((v) => typeof v === "string")
        ? (value[key] as string[])
        : undefined;
  const trusted = strings("trusted");
  const protectedRules = strings("protectedRules");
  if (json !== value || trusted === undefined || protectedRules === undefined) {
    return { list: empty, problem: `${file}: expected { "trusted": [paths], "protectedRules": [rule names] }` };
  }
  return { list: { trusted, protectedRules } };
}

/** How a project came to be trusted, or not. */
export type TrustReason = "flag" | "env" | "list" | "untrusted";

/** Whether a project is trusted, and why. */
export interface TrustDecision {
  trusted: boolean;
  reason: TrustReason;
  /** The project root's real path, the form the trust list holds. */
  realRoot: string;
  /** The user's list as read (its `protectedRules` apply whatever the decision). */
  list: TrustList;
  /** Why the list could not be read, when it could not. */
  problem?: string;
}

/** What {@link decideTrust} weighs. */
export interface TrustOptions {
  /** `--trust`: trusted for this run. */
  trust?: boolean;
  /** The environment: `RULEBOOK_TRUST=1` (or `true`) trusts. */
  env?: Env;
  /** The trust list file ({@link trustListPath}). */
  trustList: string;
}

/**
 * Decides whether the project at `root` is trusted: `--trust`, then `RULEBOOK_TRUST`, then
 * its real path in the user's trust list. Nothing inside the project is consulted.
 */
export async function decideTrust(root: string, options: TrustOptions): Promise<TrustDecision> {
  const realRoot = await realPathOf(root);
  const { list, problem } = await readTrustList(options.trustList);
  const base = { realRoot, list, ...(problem !== undefined && { problem }) };
  if (options.trust === true) return { trusted: true, reason: "flag", ...base };
  if (isTrueFlag(options.env?.[TRUST_ENV])) return { trusted: true, reason: "env", ...base };
  if (list.trusted.includes(realRoot)) return { trusted: true, reason: "list", ...base };
  return { trusted: false, reason: "untrusted", ...base };
}

/** True when `root` is trusted by {@link decideTrust}'s rules. */
export async function isTrusted(root: string, options: TrustOptions): Promise<boolean> {
  return (await decideTrust(root, options)).trusted;
}

function isTrueFlag(value: string | undefined): boolean {
  return value !== undefined && ["1", "true", "yes"].includes(value.trim().toLowerCase());
}

/**
 * Adds the real path of `root` to the trust list at `file` (written atomically: a reader
 * sees the old list or the new one). Resolves to the path added and whether it was new.
 */
export async function trustProject(root: string, file: string): Promise<{ path: string; changed: boolean }> {
  let path: string;
  try {
    path = realpathSync(root);
  } catch (error) {
    throw new ConfigError("trust", `${root}: cannot be trusted: ${errorLine(error)}`);
  }
  const list = await editableList(file);
  if (list.trusted.includes(path)) return { path, changed: false };
  await writeTrustList(file, { ...list, trusted: [...list.trusted, path] });
  return { path, changed: true };
}

/** Removes `root` (its real path, or the path as given when it no longer exists) from the trust list at `file`. */
export async function untrustProject(root: string, file: string): Promise<{ path: string; changed: boolean }> {
  const path = await realPathOf(root);
  const list = await editableList(file);
  const remaining = list.trusted.filter((p) => p !== path && p !== resolve(root));
  if (remaining.length === list.trusted.length) return { path, changed: false };
  await writeTrustList(file, { ...list, trusted: remaining });
  return { path, changed: true };
}

async function editableList(file: string): Promise<TrustList> {
  const { list, problem } = await readTrustList(file);
  // Never overwrite a list the user wrote by hand and got wrong: they would lose it.
  if (problem !== undefined) throw new ConfigError("trust", `${problem}; fix or remove it first`);
  return list;
}

/**
 * Writes the list to a temporary file beside it, then renames it into place. When the list is
 * a symbolic link (a dotfile manager's), the file it points to is replaced that way and the
 * link stays a link; a link that points nowhere is refused, naming where it points.
 */
async function writeTrustList(file: string, list: TrustList): Promise<void> {
  await fsp.mkdir(dirname(file), { recursive: true });
  const target = await writeTarget(file);
  // Web Crypto's global, not node:crypto: importing that costs every run a few milliseconds.
  const temporary = `${target}.${process.pid}.${globalThis.crypto.getRandomValues(new Uint32Array(1))[0]?.toString(16)}.tmp`;
  const body = { trusted: list.trusted, ...(list.protectedRules.length > 0 && { protectedRules: list.protectedRules }) };
  try {
    await fsp.writeFile(temporary, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600 });
    await fsp.rename(temporary, target);
  } catch (error) {
    await fsp.rm(temporary, { force: true });
    throw new ConfigError("trust", `${file}: cannot be written: ${errorLine(error)}`);
  }
}

/** The file the list is written to: `file` itself, or the file a symbolic link at `file` points to. */
async function writeTarget(file: string): Promise<string> {
  let isLink: boolean;
  try {
    isLink = (await fsp.lstat(file)).isSymbolicLink();
  } catch {
    return file;
  }
  if (!isLink) return file;
  try {
    return await fsp.realpath(file);
  } catch {
    const to = await fsp.readlink(file).catch(() => "?");
    throw new ConfigError("trust", `${file} is a symbolic link to ${to}, which does not exist; create that file (or remove the link) and try again`);
  }
}

async function realPathOf(path: string): Promise<string> {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}
