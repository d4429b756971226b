// The one StrykerJS configuration, run from a package's folder against that package's own tests:
// `pnpm mutation` (.ci/mutation.mjs) runs it per target; by hand,
// `cd packages/prompt && pnpm exec stryker run ../../stryker.config.mjs`.
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL(".", import.meta.url));
// .ci/mutation.mjs names each report after its target and package; by hand, the package's folder.
const report = process.env.RULEBOOK_MUTATION_REPORT ?? basename(process.cwd());

/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  plugins: ["@stryker-mutator/vitest-runner"],
  // Packages import each other's built dist/, so a package's tests only ever run its own src/:
  // mutating another package's source would change nothing they load.
  mutate: ["src/**/*.ts", "!src/**/*.test.ts", "!src/**/*.bench.ts", "!src/**/*.arbitraries.ts"],
  // The machine is shared: one worker, and time limits loose enough that a slow run is not
  // mistaken for an endless loop (a timeout counts as a kill).
  concurrency: 1,
  timeoutMS: 20_000,
  coverageAnalysis: "perTest",
  // No type checker runs (vitest strips types), so nothing needs `// @ts-nocheck` prepended:
  // left on, it would also change files whose text a test compares (prompt's harness example,
  // quoted in its README).
  disableTypeChecks: false,
  checkers: [],
  incremental: false,
  reporters: ["clear-text", "progress", "html", "json"],
  clearTextReporter: { allowColor: false, logTests: false, reportTests: false },
  htmlReporter: { fileName: join(root, ".mutation", `${report}.html`) },
  jsonReporter: { fileName: join(root, ".mutation", `${report}.json`) },
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
};
