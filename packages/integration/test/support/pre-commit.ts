import { execFile, spawnSync } from "node:child_process";
import { copyFile, mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";

const exec = promisify(execFile);

/** The `pre-commit` on this machine's PATH (the Python tool), or why the hook tests cannot run. */
export function findPreCommit(): { version: string } | { missing: string } {
  const found = spawnSync("pre-commit", ["--version"], { encoding: "utf8" });
  if (found.status === 0) return { version: found.stdout.trim() };
  return {
    missing: "pre-commit (https://pre-commit.com, a Python tool) is not installed here: `apt-get install pre-commit` or `pip install pre-commit`",
  };
}

/** What one `pre-commit run` printed and how it ended. */
export interface HookRun {
  code: number;
  output: string;
}

/**
 * A git repository holding this repository's `.pre-commit-hooks.yaml` as a hooks repository, at
 * a commit pre-commit can check out. Its `package.json` is a minimal one: pre-commit 3 runs
 * `npm install` in the hooks repository before installing the hooks' `additional_dependencies`,
 * and the monorepo's own development dependencies are not in the local registry (it has no
 * uplinks); the hooks' definitions, which are what this tests, are the file itself.
 */
export async function hooksRepository(dir: string, hooksFile: string, env: NodeJS.ProcessEnv): Promise<{ dir: string; rev: string }> {
  await mkdir(dir, { recursive: true });
  await copyFile(hooksFile, join(dir, ".pre-commit-hooks.yaml"));
  await writeFile(join(dir, "package.json"), `${JSON.stringify({ name: "rulebook-hooks", version: "0.0.0", private: true }, null, 2)}\n`);
  const git = (args: string[]) => exec("git", args, { cwd: dir, env });
  await git(["init", "--quiet"]);
  await git(["add", "--all"]);
  await git(["commit", "--quiet", "--no-verify", "--message", "hooks"]);
  const { stdout } = await git(["rev-parse", "HEAD"]);
  return { dir, rev: stdout.trim() };
}

/** A `.pre-commit-config.yaml` using both hooks from `hooks`, exporting to `targets`. */
export function preCommitConfig(hooks: { dir: string; rev: string }, targets: string): string {
  return [
    "repos:",
    `  - repo: ${hooks.dir}`,
    `    rev: ${hooks.rev}`,
    "    hooks:",
    "      - id: rulebook-lint",
    "      - id: rulebook-export-check",
    `        args: [--to, "${targets}"]`,
    "",
  ].join("\n");
}

/** `pre-commit run --all-files [hook]` in a project, never throwing for a failing hook. */
export async function runHooks(project: string, env: NodeJS.ProcessEnv, hook?: string): Promise<HookRun> {
  try {
    const { stdout, stderr } = await exec("pre-commit", ["run", "--all-files", "--color", "never", ...(hook ? [hook] : [])], {
      cwd: project,
      env,
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    if (typeof failed.code !== "number") throw error;
    return { code: failed.code, output: `${failed.stdout ?? ""}${failed.stderr ?? ""}` };
  }
}
