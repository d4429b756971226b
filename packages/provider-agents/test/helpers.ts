import { cp, mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type LoadResult, type Provider, createRegistry } from "@rulebook/core";
import { type TempProject, createTempProject } from "@rulebook/core/testing";
import { onTestFinished } from "vitest";

/**
 * Copies `test/fixtures/<scenario>/{proj,home}` into a new temp project (removed when the
 * test ends). Fixtures cannot hold a `.git` entry, so `gitAt` lists the folders (relative to
 * `proj`) to mark as repository roots; `"file:<dir>"` writes a `.git` file as worktrees do.
 */
export async function fixtureProject(scenario: string, gitAt: readonly string[] = []): Promise<TempProject> {
  const project = await createTempProject({ prefix: "rulebook-agents-" });
  onTestFinished(() => project.cleanup());
  const source = fileURLToPath(new URL(`./fixtures/${scenario}/`, import.meta.url));
  await cp(join(source, "proj"), project.cwd, { recursive: true });
  await cp(join(source, "home"), project.home, { recursive: true });
  for (const entry of gitAt) {
    if (entry.startsWith("file:")) await writeFile(join(project.cwd, entry.slice(5), ".git"), "gitdir: ../.git/worktrees/x\n");
    else await mkdir(join(project.cwd, entry, ".git"), { recursive: true });
  }
  return project;
}

/** Loads with `provider` alone, the way an app would through a registry. */
export function loadWith(provider: Provider, cwd: string, home: string): Promise<LoadResult> {
  return createRegistry([provider]).load({ cwd, home });
}

/** `name → body` of the winning rules, in precedence order. */
export function bodies(result: LoadResult): Array<[string, string]> {
  return result.rules.map((r) => [r.name, r.content]);
}
