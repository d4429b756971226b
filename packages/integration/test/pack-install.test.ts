import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { lstat, mkdir, mkdtemp, readFile, readdir, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";

const run = promisify(execFile);
const packagesDir = fileURLToPath(new URL("../../", import.meta.url));
const PACKED = ["core", "provider-cursor"];

// The script a user would write after `npm install @rulebook/core @rulebook/provider-cursor`.
const CHECK_SCRIPT = `
import { getDefaultRegistry } from "@rulebook/core";
import { cursorProvider } from "@rulebook/provider-cursor";
const [cwd, home] = process.argv.slice(2);
const registeredByMainEntry = getDefaultRegistry().has("cursor");
await import("@rulebook/provider-cursor/register");
const result = await getDefaultRegistry().load({ cwd, home });
console.log(JSON.stringify({
  registeredByMainEntry,
  exportedId: cursorProvider.id,
  providers: result.providers.map((p) => p.id),
  rules: result.rules.map((r) => ({ name: r.name, path: r.path, description: r.description, level: r.source.level })),
  diagnostics: result.diagnostics,
}));
`;

let work = "";

beforeAll(async () => {
  work = await realpath(await mkdtemp(join(tmpdir(), "rulebook-pack-install-")));
});

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

/** The environment of a plain `npm` run: none of the npm_* variables pnpm sets for its scripts. */
function plainEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith("npm_")));
  return { ...env, npm_config_update_notifier: "false" };
}

it("packs core and the cursor provider, installs them with npm alone, and loads a rule through ./register", async () => {
  const packs = join(work, "packs");
  await mkdir(packs);
  for (const name of PACKED) {
    const dir = join(packagesDir, name);
    if (!existsSync(join(dir, "dist", "index.js"))) throw new Error(`${dir}/dist is missing: build the packages first (turbo does)`);
    await run("pnpm", ["pack", "--pack-destination", packs], { cwd: dir });
  }
  const tarballs = (await readdir(packs)).filter((f) => f.endsWith(".tgz")).map((f) => join(packs, f));
  expect(tarballs).toHaveLength(2);

  const app = join(work, "app");
  await mkdir(app);
  await writeFile(join(app, "package.json"), JSON.stringify({ name: "pack-install-check", private: true, type: "module" }));
  await run("npm", ["install", "--no-audit", "--no-fund", ...tarballs], { cwd: app, env: plainEnv() });

  // Exactly the two packed packages, and the core's runtime dependencies from the registry.
  const scoped = (await readdir(join(app, "node_modules", "@rulebook"))).map((n) => `@rulebook/${n}`);
  expect(scoped.sort()).toEqual(["@rulebook/core", "@rulebook/provider-cursor"]);
  const coreManifest = JSON.parse(await readFile(join(packagesDir, "core", "package.json"), "utf8")) as { dependencies?: Record<string, string> };
  const installed = await readdir(join(app, "node_modules"));
  for (const dependency of Object.keys(coreManifest.dependencies ?? {})) expect(installed).toContain(dependency);
  expect((await lstat(join(app, "node_modules", "@rulebook", "core"))).isSymbolicLink()).toBe(false);

  const cwd = join(app, "proj");
  const home = join(app, "home");
  await mkdir(join(cwd, ".cursor", "rules"), { recursive: true });
  await mkdir(home);
  const rulePath = join(cwd, ".cursor", "rules", "x.mdc");
  await writeFile(rulePath, "---\ndescription: Installed from tarballs\nglobs: *.ts\n---\nUse strict TypeScript.\n");
  await writeFile(join(app, "check.mjs"), CHECK_SCRIPT);

  const { stdout } = await run(process.execPath, ["check.mjs", cwd, home], { cwd: app, env: plainEnv() });
  const report = JSON.parse(stdout);
  expect(report.registeredByMainEntry).toBe(false);
  expect(report.exportedId).toBe("cursor");
  expect(report.providers).toEqual(["cursor"]);
  expect(report.rules).toEqual([{ name: "x", path: rulePath, description: "Installed from tarballs", level: "project" }]);
  expect(report.diagnostics).toEqual([]);
}, 120_000);
