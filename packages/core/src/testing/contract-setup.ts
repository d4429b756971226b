import { join, sep } from "node:path";
import { type ReadResult, type RuleFs, nodeFs } from "../read/fs.js";
import { runProviders } from "../load/load.js";
import type { Provider, ProviderResult } from "../provider/provider.js";
import { errorText } from "../text/error-text.js";
import type { RuleLevel } from "../rule/types.js";
import type { ContractFile } from "./contract-files.js";
import { type FixtureContent, type TempProject, createTempProject, writeRules } from "./temp-project.js";

/** What a provider's contract `setup` receives: one folder to fill, and the files to put where the provider looks. */
export interface ContractTarget {
  /** Absolute folder to write into: the temp project (`cwd`) or the temp home. */
  root: string;
  /** `project` when `root` is the project, `user` when it is the home folder. */
  level: RuleLevel;
  /** The temp project folder (also the project root) and the temp home, whichever `root` is. */
  cwd: string;
  home: string;
  /** Rule name → content; a `/` in a name means a subfolder. */
  files: Readonly<Record<string, FixtureContent>>;
  /** Writes every entry of `files` to `<root>/<folder>/<name><extension>`. */
  writeInto(folder: string, extension: string): Promise<void>;
  /** Writes the entry `name` of `files` to `<root>/<path>` (a single rule file such as `AGENTS.md`). */
  writeOne(path: string, name: string): Promise<void>;
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
        cwd: project.cwd,
        home: project.home,
        files: Object.fromEntries(entries.map(([name, file]) => [name, file.content])),
        async writeInto(folder, extension) {
          const byPath = entries.map(([name, file]) => [`${folder}/${name}${extension}`, file] as const);
          const paths = await writeRules({ root, files: Object.fromEntries(byPath.map(([p, f]) => [p, f.content])) });
          for (const [i, path] of paths.entries()) placed.set(path, (byPath[i] as (typeof byPath)[number])[1]);
        },
        async writeOne(path, name) {
          const file = files[name];
          if (!file) throw new Error(`writeOne: no contract file named ${name}`);
          const [written] = await writeRules({ root, files: { [path]: file.content } });
          if (written) placed.set(written, file);
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

/**
 * Runs one provider the way the core does (sources read, `load` hook called), but treats a
 * `provider-failed` diagnostic (the provider threw or returned garbage) as a contract problem.
 */
export async function callLoad(provider: Provider, where: { cwd: string; home: string }, fs: RuleFs = nodeFs): Promise<LoadOutcome> {
  let result: ProviderResult;
  try {
    const run = await runProviders([provider], { ...where, root: where.cwd, fs });
    result = { rules: run.candidates, diagnostics: run.diagnostics };
  } catch (error) {
    return { ok: false, problem: `load threw: ${errorText(error)}` };
  }
  const failed = result.diagnostics.filter((d) => d.code === "provider-failed");
  if (failed.length > 0) return { ok: false, problem: failed.map((d) => d.message).join("\n") };
  return { ok: true, result };
}

/**
 * A file system that serves `realBase` under the made-up folder `virtualBase`: a provider
 * that finds its rules through it reads through `ctx.fs`, not the disk directly.
 */
export function remappedFs(virtualBase: string, realBase: string): RuleFs {
  const map = (path: string) => (path === virtualBase || path.startsWith(virtualBase + sep) ? realBase + path.slice(virtualBase.length) : path);
  return {
    readdir: (path) => nodeFs.readdir(map(path)),
    stat: (path) => nodeFs.stat(map(path)),
    // Real paths would name the real folder, which this file system does not show.
    readFile: (path, maxBytes) => {
      const { realPath: _real, ...read } = nodeFs.readFile(map(path), maxBytes) as ReadResult;
      return read;
    },
  };
}

/** A folder name under the file-system root that does not exist, for {@link remappedFs}. */
export function virtualFolder(realBase: string): string {
  const top = realBase.slice(0, realBase.indexOf(sep) + 1) || sep;
  return join(top, `rulebook-contract-virtual-${Math.random().toString(36).slice(2, 10)}`);
}
