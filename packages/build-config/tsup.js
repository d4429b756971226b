import { defineConfig } from "tsup";

/**
 * The one tsup setup every Rulebook package builds with: ESM for Node 20, with declarations.
 * @param {string[]} entry source entry files, relative to the package
 * @param {import("tsup").Options} [overrides] package-specific additions
 */
export function packageBuild(entry = ["src/index.ts"], overrides = {}) {
  return defineConfig({
    entry,
    format: ["esm"],
    target: "node20",
    platform: "node",
    dts: true,
    clean: true,
    splitting: false,
    treeshake: true,
    ...overrides,
  });
}
