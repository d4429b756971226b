// Totals the vitest JSON reports (test-results.json) of every package into one line that
// CI reads: `N passed, N failed`, after one line per package. A test file that failed
// outside its tests (it did not load, or a hook such as afterAll threw or timed out after
// every test passed) counts as one failure.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

let passed = 0;
let failed = 0;
let reports = 0;
for (const group of ["packages", "apps"]) {
  for (const name of readdirSync(group)) {
    const dir = join(group, name);
    const packageJson = join(dir, "package.json");
    if (!existsSync(packageJson) || !JSON.parse(readFileSync(packageJson, "utf8")).scripts?.test) continue;
    const file = join(dir, "test-results.json");
    if (!existsSync(file)) {
      console.error(`${dir}: no test report (its tests did not run)`);
      failed += 1;
      continue;
    }
    const report = JSON.parse(readFileSync(file, "utf8"));
    reports += 1;
    let packageFailed = report.numFailedTests;
    for (const suite of report.testResults) {
      const testFailed = suite.assertionResults.some((test) => test.status === "failed");
      if (suite.status === "failed" && !testFailed) {
        packageFailed += 1;
        console.error(`${suite.name}: the file failed outside its tests (${suite.message || "see its log above"})`.split("\n")[0]);
      }
    }
    passed += report.numPassedTests;
    failed += packageFailed;
    const total = report.numPassedTests + packageFailed;
    // A skipped test (the registry test where its server cannot start) is said, not hidden.
    const skipped = report.numPendingTests + report.numTodoTests;
    const note = skipped > 0 ? `, ${skipped} skipped` : "";
    console.log(`${dir.padEnd(28)} ${String(total).padStart(4)} tests, ${packageFailed === 0 ? "all passed" : `${packageFailed} FAILED`}${note}`);
  }
}
if (reports === 0) failed += 1;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
