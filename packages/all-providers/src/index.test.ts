import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadProject } from "@rulebook/config";
import { getDefaultRegistry } from "@rulebook/core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { bundledByPackage, bundledProviders, createBundledRegistry } from "./index.js";

let root = "";

beforeAll(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), "rulebook-all-providers-")));
  await mkdir(join(root, "proj", ".git"), { recursive: true });
  await mkdir(join(root, "proj", ".cursor", "rules"), { recursive: true });
  await mkdir(join(root, "home"));
  await writeFile(join(root, "proj", "AGENTS.md"), "Use pnpm.\n");
  await writeFile(join(root, "proj", ".cursor", "rules", "react.mdc"), "---\nglobs: src/**/*.tsx\n---\nFunction components.\n");
  await writeFile(join(root, "proj", "CLAUDE.md"), "Be brief.\n");
});

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

it("lists each bundled provider once, by a distinct id", () => {
  const ids = bundledProviders.map((p) => p.id);
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids).toContain("cursor");
  expect(ids).toContain("agents-md");
});

it("gives a registry that reads the rules of every tool in one line", async () => {
  const result = await createBundledRegistry().load({ cwd: join(root, "proj"), home: join(root, "home") });
  expect(result.rules.map((r) => `${r.source.provider}:${r.name}`).sort()).toEqual(["agents-md:AGENTS", "claude:CLAUDE", "cursor:react"]);
  expect(result.diagnostics).toEqual([]);
});

it("registers nothing on import of the main entry; ./register adds every bundled provider to the default registry", async () => {
  expect(getDefaultRegistry().providers).toEqual([]);
  await import("./register.js");
  expect(
    getDefaultRegistry()
      .providers.map((p) => p.id)
      .sort(),
  ).toEqual(bundledProviders.map((p) => p.id).sort());
});

it("gives @rulebook/config the same providers by package name, so a project's configuration picks from them", async () => {
  expect(Object.values(bundledByPackage).length).toBe(bundledProviders.length);
  const proj = join(root, "configured");
  await mkdir(join(proj, ".git"), { recursive: true });
  await mkdir(join(proj, ".cursor", "rules"), { recursive: true });
  await writeFile(join(proj, ".rulebookrc"), JSON.stringify({ providers: ["@rulebook/provider-cursor"] }));
  await writeFile(join(proj, "AGENTS.md"), "Use pnpm.\n");
  await writeFile(join(proj, ".cursor", "rules", "react.mdc"), "---\nglobs: src/**/*.tsx\n---\nFunction components.\n");
  const home = join(root, "home");
  const { host, diagnostics } = await loadProject(proj, { home, env: {}, bundled: bundledByPackage });
  expect(diagnostics).toEqual([]);
  const { rules } = await host.registry.load({ cwd: proj, home, root: proj });
  // Only what the configuration lists: AGENTS.md is not read.
  expect(rules.map((r) => `${r.source.provider}:${r.name}`)).toEqual(["cursor:react"]);
});

it("gives each bundled package's version, as its package.json says (what `rulebook providers` shows)", async () => {
  const { createRequire } = await import("node:module");
  const require = createRequire(import.meta.url);
  for (const [name, entry] of Object.entries(bundledByPackage)) {
    const { version } = require(`${name}/package.json`) as { version: string };
    expect([name, (await entry.manifest()).default.version]).toEqual([name, version]);
  }
  expect(Object.keys(bundledByPackage)).toHaveLength(bundledProviders.length);
});
