/**
 * A vitest reporter for mutation runs: a test file that failed outside its tests (it did not
 * load, or a file-level hook threw) gets one failed test carrying the file's error.
 *
 * Stryker's vitest runner (9.6.1, the same in 10.x: stryker-js#6150) builds a mutant's result from
 * the tests it collected, and a file whose import throws collects none, so a mutant that stops a
 * module from loading would count as survived although every test importing it fails. With this
 * reporter it counts as killed, as `.ci/count-tests.mjs` counts such a file as a failure in CI.
 */
export class LoadFailuresReporter {
  /** @param {ReadonlyArray<import("vitest/node").TestModule>} testModules */
  onTestRunEnd(testModules) {
    for (const testModule of testModules) {
      const file = testModule.task;
      const errors = file.result?.errors ?? [];
      if (file.result?.state !== "fail" || errors.length === 0 || hasFailedTest(file)) continue;
      file.tasks.push({
        type: "test",
        id: `${file.id}_load`,
        name: "(the file failed outside its tests)",
        mode: "run",
        file,
        suite: file,
        meta: {},
        annotations: [],
        artifacts: [],
        result: { state: "fail", errors },
      });
    }
  }
}

/** @param {{ tasks: Array<{ type: string, result?: { state?: string }, tasks?: unknown[] }> }} suite */
function hasFailedTest(suite) {
  return suite.tasks.some((task) => (task.type === "suite" ? hasFailedTest(/** @type {any} */ (task)) : task.result?.state === "fail"));
}
