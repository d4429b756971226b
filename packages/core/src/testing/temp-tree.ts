import { join } from "node:path";
import { createTempProject, writeRules } from "./temp-project.js";

/** A file's text, or a symlink to `symlink` (relative to the tree's root). */
export type TreeEntry = string | { symlink: string };

/**
 * Inside a vitest test: writes `entries` (paths with `/`, relative to a new temporary folder
 * that already holds empty `proj/` and `home/`) and returns that folder, removed when the
 * test ends.
 */
export async function tempTree(entries: Record<string, TreeEntry>): Promise<string> {
  const project = await createTempProject({ prefix: "rulebook-provider-" });
  // Imported on call, so that `@rulebook/core/testing` itself loads without vitest installed.
  const { onTestFinished } = await import("vitest");
  onTestFinished(() => project.cleanup());
  const files = Object.entries(entries).map(([path, entry]) => [
    path,
    typeof entry === "string" ? entry : { kind: "symlink" as const, target: join(project.root, entry.symlink) },
  ]);
  await writeRules({ root: project.root, files: Object.fromEntries(files) });
  return project.root;
}
