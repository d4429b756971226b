import { join, sep } from "node:path";
import { type RuleFs, nodeFs } from "../fs.js";
import { DEFAULT_MAX_FILE_BYTES } from "../load.js";
import type { Provider, ProviderContext, ProviderResult } from "../provider.js";
import { errorText } from "../scan.js";
import type { RuleLevel } from "../types.js";
import type { ContractFile } from "./contract-files.js";
import { type FixtureContent, type TempProject, createTempProject, writeRules } from "./temp-project.js";

/** What a provider's contract `setup` receives: one folder to fill, and the files to put where the provider looks. */
export interface ContractTarget {
  /** Absolute folder to write into: the temp project (`cwd`) or the temp home. */
  root: string;
  /** `project` when `root` is the project, `user` when it is the home folder. */
  level: RuleLevel;
  /** Rule name → content; a `/` in a name means a subfolder. */
  files: Readonly<Record<string, FixtureContent>>;
  /** Writes every entry of `files` to `<root>/<folder>/<name><extension>`. */
  writeInto(folder: string, extension: string): Promise<void>;
}

/** Places the suite's files where a provider looks, e.g. `(t) => t.writeInto(".agents/rules", ".md")`. */
export type ContractSetup = (target: ContractTarget) => void | Promise<void>;

/** A temp project filled by a setup, with what was written through `writeInto`. */
export interface PlacedProject {
  project: TempProject;
  /** Absolute path → the contract file written there (only files written with `writeInto`). */
  placed: Map<string, ContractFile>;
}

/** Creates a temp project and lets `setup` place `files` in the project and in home. */
export async function placeFiles(
  setup: ContractSetup,
  files: Readonly<Record<string, ContractFile>>,
  order: "forward" | "reverse" = "forward",
): Promise<PlacedProject> {
  const project = await createTempProject({ prefix: "rulebook-contract-" });
  const placed = new Map<string, ContractFile>();
  const entries = Object.entries(files);
  if (order === "reverse") entries.reverse();
  try {
    for (const [root, level] of [
      [project.cwd, "project"],
      [project.home, "user"],
    ] as const) {
      await setup({
        root,
        level,
        files: Object.fromEntries(entries.map(([name, file]) => [name, file.content])),
        async writeInto(folder, extension) {
          const byPath = entries.map(([name, file]) => [`${folder}/${name}${extension}`, file] as const);
          const paths = await writeRules({ root, files: Object.fromEntries(byPath.map(([p, f]) => [p, f.content])) });
          for (const [i, path] of paths.entries()) placed.set(path, (byPath[i] as (typeof byPath)[number])[1]);
        },
      });
    }
  } catch (error) {
    await project.cleanup();
    throw error;
  }
  return { project, placed };
}

/** The outcome of one call to a provider's `load`: its result, or why it is not acceptable. */
export type LoadOutcome = { ok: true; result: ProviderResult } | { ok: false; problem: string };

/** Calls `provider.load` directly (not through the registry, which would swallow a throw). */
export async function callLoad(
  provider: Provider,
  where: { cwd: string; home: string },
  fs: RuleFs = nodeFs,
): Promise<LoadOutcome> {
  const context: ProviderContext = { cwd: where.cwd, home: where.home, fs, maxFileBytes: DEFAULT_MAX_FILE_BYTES };
  let result: unknown;
  try {
    result = await provider.load(context);
  } catch (error) {
    return { ok: false, problem: `load threw: ${errorText(error)}` };
  }
  const r = result as Partial<ProviderResult> | null | undefined;
  if (!r || !Array.isArray(r.rules) || !Array.isArray(r.diagnostics)) {
    return { ok: false, problem: `load resolved to ${JSON.stringify(result)}, not { rules: [], diagnostics: [] }` };
  }
  return { ok: true, result: r as ProviderResult };
}

/**
 * A file system that serves `realBase` under the made-up folder `virtualBase`: a provider
 * that finds its rules through it reads through `ctx.fs`, not the disk directly.
 */
export function remappedFs(virtualBase: string, realBase: string): RuleFs {
  const map = (path: string) =>
    path === virtualBase || path.startsWith(virtualBase + sep) ? realBase + path.slice(virtualBase.length) : path;
  return {
    readdir: (path) => nodeFs.readdir(map(path)),
    stat: (path) => nodeFs.stat(map(path)),
    readFile: (path, maxBytes) => nodeFs.readFile(map(path), maxBytes),
  };
}

/** A folder name under the file-system root that does not exist, for {@link remappedFs}. */
export function virtualFolder(realBase: string): string {
  const top = realBase.slice(0, realBase.indexOf(sep) + 1) || sep;
  return join(top, `rulebook-contract-virtual-${Math.random().toString(36).slice(2, 10)}`);
}
