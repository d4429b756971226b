import { configDefaults, defineConfig } from "vitest/config";
import { LoadFailuresReporter } from "./load-failures-reporter.js";

/**
 * The vitest settings every Rulebook package tests with: generous time limits, because CI
 * runs on a busy 2-core machine and no test measures time (benchmarks do, in `pnpm bench`).
 * @param {import("vitest/config").UserConfig["test"]} [test] package-specific additions
 */
export function packageTests(test = {}) {
  // A mutation run's sandbox (.stryker-tmp, a copy of the package) is not the package's tests.
  const exclude = [...configDefaults.exclude, "**/.stryker-tmp/**", ...(test.exclude ?? [])];
  return defineConfig({ test: { testTimeout: 60_000, hookTimeout: 60_000, ...mutationRun(), ...test, exclude } });
}

// Stryker's workers (`pnpm mutation`) set STRYKER_MUTATOR_WORKER; there a test file that fails to
// load must count as a failed test (see load-failures-reporter.js), and nobody reads the output.
function mutationRun() {
  return process.env.STRYKER_MUTATOR_WORKER === undefined ? {} : { reporters: [new LoadFailuresReporter()] };
}
