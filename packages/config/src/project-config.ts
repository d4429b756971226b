import { type Diagnostic, createDiagnostic } from "@rulebook/core";
import { type RulebookConfig, checkConfig } from "./check-config.js";
import { isCodeConfig, parseConfigText, searchConfigFile } from "./config-files.js";
import { readSmallFile } from "./safe-read.js";
import { type Env, type TrustDecision, decideTrust, trustListPath } from "./trust.js";

/** A configuration file that was found and read, with what it says. */
export interface LoadedConfig {
  /** Absolute path of the file (a `package.json` when the `rulebook` key was used). */
  path: string;
  config: RulebookConfig;
}

/** Something an untrusted project asked for and did not get, because loading it would run its code. */
export interface SkippedItem {
  kind: "config" | "provider";
  /** The configuration file's name, or the provider as the configuration wrote it. */
  name: string;
  /** The file that asked for it. */
  path: string;
}

/** How to find out whether a project is trusted (docs/behaviour.md#trust). */
export interface ProjectTrustOptions {
  /** The home folder: the trust list is under it (see {@link trustListPath}). */
  home: string;
  /** True when `home` was given explicitly: `XDG_CONFIG_HOME` is then ignored. */
  homeGiven?: boolean;
  /** The environment (`RULEBOOK_TRUST`, `XDG_CONFIG_HOME`); default: none. */
  env?: Env;
  /** `--trust`: trust the project for this run. */
  trust?: boolean;
  /** The trust list file; default {@link trustListPath}. */
  trustList?: string;
  /**
   * The command line that trusts this project, as the app's user would type it with the options
   * they gave (`rulebook trust --root /p --home /h`); default `rulebook trust <root>`.
   */
  trustCommand?: string;
}

/** What {@link loadProjectConfig} found. */
export interface ProjectConfig {
  /** The configuration in effect; absent when there is none, or when a code configuration was skipped. */
  config?: LoadedConfig;
  trust: TrustDecision;
  /** Warnings: what was skipped and how to trust the project, a trust list that cannot be read. */
  diagnostics: Diagnostic[];
  skipped: SkippedItem[];
}

/**
 * Finds and reads the configuration in `root`, running no code from the project unless it is
 * trusted: an untrusted project's data configuration (`.rulebookrc`, `rulebook.config.json`,
 * `package.json`'s `"rulebook"` key) is read, its `rulebook.config.{js,mjs,cjs,ts}` is not
 * imported (one `untrusted-config-skipped` warning; the project then has no configuration).
 * Every file is read as a rule file is: one that is a FIFO, socket or device, or over 1 MiB,
 * is not read (a `config-file-skipped` warning; the project then has no configuration). A
 * configuration that cannot be parsed, says something wrong or is not alone is a
 * {@link ConfigError}.
 */
export async function loadProjectConfig(root: string, options: ProjectTrustOptions): Promise<ProjectConfig> {
  const trust = await decideTrust(root, {
    trustList: options.trustList ?? trustListPath(options),
    ...(options.trust !== undefined && { trust: options.trust }),
    ...(options.env !== undefined && { env: options.env }),
  });
  const diagnostics: Diagnostic[] = [];
  if (trust.problem !== undefined) {
    diagnostics.push(
      createDiagnostic("trust-list-invalid", `${trust.problem}; no project is trusted through it`, {
        path: options.trustList ?? trustListPath(options),
      }),
    );
  }
  const { file, refused } = await searchConfigFile(root);
  for (const { path, problem } of refused) diagnostics.push(skippedFile(path, problem));
  if (file === undefined) return { trust, diagnostics, skipped: [] };
  if (!trust.trusted && isCodeConfig(file)) {
    const message = `${file} is JavaScript, and loading it would run the project's code; it was not loaded and the project has no configuration (every bundled provider runs). ${trustHint(root, options.trustCommand)}`;
    diagnostics.push(createDiagnostic("untrusted-config-skipped", message, { path: file }));
    return { trust, diagnostics, skipped: [{ kind: "config", name: file.slice(root.length + 1), path: file }] };
  }
  const read = readSmallFile(file);
  if (read === undefined) return { trust, diagnostics, skipped: [] };
  if ("refused" in read) {
    diagnostics.push(skippedFile(file, read.refused));
    return { trust, diagnostics, skipped: [] };
  }
  const value = await parseConfigText(file, read.text);
  if (value === undefined) return { trust, diagnostics, skipped: [] };
  return { config: { path: file, config: checkConfig(value, file) }, trust, diagnostics, skipped: [] };
}

/** A configuration file Rulebook would not read (a FIFO or device, or over 1 MiB): the project has no configuration from it. */
function skippedFile(path: string, problem: string): Diagnostic {
  return createDiagnostic("config-file-skipped", `${problem}; it was not read, and the project has no configuration from it`, { path });
}

/**
 * The sentence every "skipped" warning ends with: the three ways to trust the project, the first
 * as `command` (the app's own spelling, with the options its user gave), else `rulebook trust <root>`.
 */
export function trustHint(root: string, command = `rulebook trust ${shellWord(root)}`): string {
  return `If you trust this project: \`${command}\`, or --trust for one run, or RULEBOOK_TRUST=1 (CI).`;
}

/** `text` as one word of a POSIX shell command line: as it is when it is plain, else single-quoted. */
export function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`;
}
