import { cp, mkdir } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type TempProject, createTempProject } from "@rulebook/core/testing";
import { onTestFinished } from "vitest";

/** Absolute path of `test/fixtures/<scenario>`. */
export function fixture(scenario: string): string {
  return fileURLToPath(new URL(`./fixtures/${scenario}`, import.meta.url));
}

/**
 * Copies `test/fixtures/<scenario>/{proj,home}` into a new temp project (removed when the
 * test ends) and makes `<proj>/<gitAt>` a repository root: fixtures cannot hold a `.git`.
 */
export async function fixtureWithGit(scenario: string, gitAt: string): Promise<TempProject> {
  const project = await createTempProject({ prefix: "rulebook-cline-" });
  onTestFinished(() => project.cleanup());
  await cp(join(fixture(scenario), "proj"), project.cwd, { recursive: true });
  await cp(join(fixture(scenario), "home"), project.home, { recursive: true });
  await mkdir(join(project.cwd, gitAt, ".git"), { recursive: true });
  return project;
}
