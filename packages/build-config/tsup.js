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
    // Shared chunks: an entry such as `./register` and the main entry share one module instance
    // (one provider object), instead of each bundling its own copy.
    splitting: true,
    treeshake: true,
    ...overrides,
  });
}
