import { defineConfig } from "vitest/config";

/**
 * The vitest settings every Rulebook package tests with: generous time limits, because CI
 * runs on a busy 2-core machine and no test measures time (benchmarks do, in `pnpm bench`).
 * @param {import("vitest/config").UserConfig["test"]} [test] package-specific additions
 */
export function packageTests(test = {}) {
  return defineConfig({ test: { testTimeout: 60_000, hookTimeout: 60_000, ...test } });
}
