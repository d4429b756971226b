import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll } from "vitest";

/** The built CLI the tests run, as a user would. */
export const CLI = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
/** The bundled example project. */
export const EXAMPLE = fileURLToPath(new URL("../example", import.meta.url));
/** On-disk fixtures: `fixtures/<scenario>/{proj,home}`. */
export const FIXTURES = fileURLToPath(new URL("./fixtures", import.meta.url));

/** What a run of the CLI gave. */
export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `node dist/cli.js ...args` with colours off, optionally feeding `input` on stdin. */
export function runCli(args: readonly string[], options: { input?: string; cwd?: string; env?: Record<string, string | undefined> } = {}): CliResult {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries({ ...process.env, NO_COLOR: "1", ...options.env })) {
    if (value !== undefined) env[key] = value;
  }
  const result = spawnSync(process.execPath, [CLI, ...args], { encoding: "utf8", input: options.input ?? "", cwd: options.cwd, env });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

// Fixtures live inside this repository, whose `.git` would otherwise make the repository the
// project root: every fixture names its root.

/** `--cwd <scenario>/proj --root <scenario>/proj --home <scenario>/home` for a fixture scenario. */
export function fixtureArgs(scenario: string): string[] {
  const proj = join(FIXTURES, scenario, "proj");
  return ["--cwd", proj, "--root", proj, "--home", join(FIXTURES, scenario, "home")];
}

/** `--cwd`/`--root`/`--home` of the example project. */
export const exampleArgs = ["--cwd", join(EXAMPLE, "proj"), "--root", join(EXAMPLE, "proj"), "--home", join(EXAMPLE, "home")];

/**
 * Writes a throw-away project from a map of relative paths to contents (for files a
 * repository should not hold, like hidden characters); removed after the test file.
 */
export function writeTree(files: Record<string, string>): { root: string; proj: string; home: string; args: string[] } {
  const root = mkdtempSync(join(tmpdir(), "rulebook-cli-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  for (const [path, content] of Object.entries(files)) {
    const full = join(root, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, content);
  }
  const proj = join(root, "proj");
  const home = join(root, "home");
  mkdirSync(proj, { recursive: true });
  mkdirSync(home, { recursive: true });
  return { root, proj, home, args: ["--cwd", proj, "--home", home] };
}
