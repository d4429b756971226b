import { existsSync } from "node:fs";
import { readFile, realpath } from "node:fs/promises";
import { dirname, join } from "node:path";

interface Manifest {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

/**
 * The folders of every package outside the workspace that installing `packageDirs` from a
 * registry pulls in: their runtime dependencies (and non-optional peers, which npm installs),
 * transitively, found as Node finds them from each package's real folder (pnpm's layout).
 * Keyed by `name@version`. `isWorkspacePackage` names the packages the release publishes.
 */
export async function externalRuntimePackages(packageDirs: string[], isWorkspacePackage: (name: string) => boolean): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const queue = [...packageDirs];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const dir = await realpath(queue.shift() as string);
    if (seen.has(dir)) continue;
    seen.add(dir);
    const manifest = JSON.parse(await readFile(join(dir, "package.json"), "utf8")) as Manifest;
    const requiredPeers = Object.keys(manifest.peerDependencies ?? {}).filter((name) => !manifest.peerDependenciesMeta?.[name]?.optional);
    const needed = [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.optionalDependencies ?? {}), ...requiredPeers];
    for (const name of needed) {
      if (isWorkspacePackage(name)) continue;
      const depDir = findPackage(dir, name);
      if (!depDir) {
        if (name in (manifest.optionalDependencies ?? {})) continue;
        throw new Error(`${manifest.name}: its dependency ${name} is not installed in the workspace`);
      }
      const dep = JSON.parse(await readFile(join(depDir, "package.json"), "utf8")) as Manifest;
      found.set(`${dep.name}@${dep.version}`, depDir);
      queue.push(depDir);
    }
  }
  return found;
}

/** The folder of package `name` as Node resolves it from `from`: the nearest `node_modules/<name>` up the tree. */
function findPackage(from: string, name: string): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, "node_modules", name);
    if (existsSync(join(candidate, "package.json"))) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}
