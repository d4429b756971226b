import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, expect, it } from "vitest";

const run = promisify(execFile);
const root = fileURLToPath(new URL("../../../", import.meta.url));
const work = await mkdtemp(join(tmpdir(), "rulebook-packed-manifests-"));

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** Every public package folder of the workspace (the ones `changeset publish` publishes). */
async function publicPackageDirs(): Promise<string[]> {
  const dirs: string[] = [];
  for (const parent of ["packages", "apps"]) {
    for (const name of await readdir(join(root, parent))) {
      const dir = join(root, parent, name);
      const manifest = await readFile(join(dir, "package.json"), "utf8").catch(() => "");
      if (manifest && (JSON.parse(manifest) as { private?: boolean }).private !== true) dirs.push(dir);
    }
  }
  return dirs;
}

it("`pnpm pack` (what `pnpm publish` ships) leaves no catalog: or workspace: range, no devDependencies, and the changelog in every public package", async () => {
  const dirs = await publicPackageDirs();
  expect(dirs.length).toBeGreaterThan(3);
  const offenders: string[] = [];
  for (const dir of dirs) {
    const destination = await mkdtemp(join(work, "pack-"));
    await run("pnpm", ["pack", "--pack-destination", destination], {
      cwd: dir,
    });
    const [tarball] = (await readdir(destination)).filter((file) => file.endsWith(".tgz"));
    expect(tarball, `no tarball for ${dir}`).toBeDefined();
    const { stdout } = await run("tar", ["-xzOf", join(destination, tarball as string), "package/package.json"]);
    const manifest = JSON.parse(stdout) as Record<string, unknown>;
    // What a user reads on the registry: no development dependencies (the CLI's name private
    // workspace packages), and the changelog, whose first entry is the release's version.
    if ("devDependencies" in manifest) offenders.push(`${manifest.name}: devDependencies shipped`);
    const { stdout: changelog } = await run("tar", ["-xzOf", join(destination, tarball as string), "package/CHANGELOG.md"]).catch(() => ({
      stdout: "",
    }));
    if (!changelog.startsWith(`# ${manifest.name}\n\n## ${manifest.version}\n`))
      offenders.push(`${manifest.name}: no CHANGELOG.md opening with ${manifest.version}`);
    for (const field of ["dependencies", "peerDependencies", "optionalDependencies"]) {
      for (const [name, range] of Object.entries((manifest[field] ?? {}) as Record<string, string>)) {
        if (/^(catalog|workspace):/.test(range)) offenders.push(`${manifest.name} ${field}.${name}: ${range}`);
      }
    }
  }
  expect(offenders).toEqual([]);
});
