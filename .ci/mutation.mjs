#!/usr/bin/env node
// `pnpm mutation [target | package ...] [-- stryker options]`: mutation testing (StrykerJS, the
// shared stryker.config.mjs) of each target, one package at a time, each against that package's
// own tests; then one line per target with its score. Without a name, every target below, the
// canary first. A package (`prompt`, `provider-roo`, `packages/provider-roo`) mutates its whole
// src/. Reports: .mutation/<target>/<package>.{html,json}. Slow (minutes per package): not in .ci/run.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const writers = readdirSync(join(root, "packages"))
  .filter((name) => existsSync(join(root, "packages", name, "src/write.ts")))
  .map((name) => ({ dir: `packages/${name}`, mutate: ["src/write.ts"] }));

/** Each target: the packages it runs in, what it mutates there (default: all of src/), and its floor. */
const targets = {
  // One mutant that stops a module from loading: killed, or load failures count as survivors again.
  canary: { floor: 100, runs: [{ dir: "packages/build-config", mutate: ["canary/load.ts"] }] },
  prompt: { floor: 90, runs: [{ dir: "packages/prompt" }] },
  "partition-merge": { floor: 90, runs: [{ dir: "packages/core", mutate: ["src/rule/partition.ts", "src/load/merge.ts"] }] },
  windsurf: { floor: 90, runs: [{ dir: "packages/provider-windsurf" }] },
  copilot: { floor: 90, runs: [{ dir: "packages/provider-copilot" }] },
  writers: {
    floor: 90,
    runs: [{ dir: "packages/core", mutate: ["src/export/*.ts", "!src/export/*.test.ts"] }, ...writers],
  },
  "ai-sdk-stream": {
    floor: 90,
    runs: [
      {
        dir: "packages/ai-sdk",
        mutate: ["src/time-travel-stream.ts", "src/held-output.ts", "src/consumer-view.ts", "src/rewind-report.ts"],
      },
    ],
  },
};

const dash = process.argv.indexOf("--");
const names = dash === -1 ? process.argv.slice(2) : process.argv.slice(2, dash);
const strykerArgs = dash === -1 ? [] : process.argv.slice(dash + 1);
const chosen = (names.length > 0 ? names : Object.keys(targets)).map(resolveTarget);

let failed = false;
const lines = [];
for (const { name, floor, runs } of chosen) {
  const started = Date.now();
  const reports = [];
  for (const run of runs) {
    const report = `${name}/${basename(run.dir)}`;
    const mutate = run.mutate ? ["--mutate", run.mutate.join(",")] : [];
    console.log(`\n== ${name}: ${run.dir}${run.mutate ? ` (${run.mutate.join(", ")})` : ""}`);
    const result = spawnSync(join(root, "node_modules/.bin/stryker"), ["run", join(root, "stryker.config.mjs"), ...mutate, ...strykerArgs], {
      cwd: join(root, run.dir),
      stdio: "inherit",
      env: { ...process.env, RULEBOOK_MUTATION_REPORT: report },
    });
    if (result.status !== 0) {
      console.error(`${name}: Stryker failed in ${run.dir} (exit ${result.status ?? result.signal})`);
      failed = true;
      continue;
    }
    reports.push({ dir: run.dir, report: JSON.parse(readFileSync(join(root, ".mutation", `${report}.json`), "utf8")) });
  }
  const counts = countMutants(reports);
  const score = counts.detected + counts.undetected === 0 ? 100 : (100 * counts.detected) / (counts.detected + counts.undetected);
  const below = floor !== undefined && score < floor;
  failed ||= below;
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  lines.push(
    `${name.padEnd(16)} ${score.toFixed(2).padStart(6)}%${below ? ` BELOW ${floor}%` : ""}  ` +
      `${counts.detected} killed, ${counts.undetected} survived, ${counts.ignored.length} equivalent, ` +
      `${counts.errors} errors, ${minutes} min`,
  );
  for (const ignored of counts.ignored) lines.push(`  equivalent: ${ignored}`);
}
console.log(`\n${lines.join("\n")}`);
process.exit(failed ? 1 : 0);

/** A target by name, or a package folder (`prompt`, `packages/prompt`) mutated whole. */
function resolveTarget(name) {
  if (name in targets) return { name, ...targets[name] };
  const dir = [name, join("packages", name), join("apps", name)].find((candidate) => existsSync(join(root, candidate, "package.json")));
  if (dir === undefined) {
    console.error(`pnpm mutation: no target or package "${name}"; targets: ${Object.keys(targets).join(", ")}`);
    process.exit(2);
  }
  return { name: basename(dir), runs: [{ dir }] };
}

/**
 * Killed and timed-out mutants are detected; survivors and mutants no test reaches are not
 * (Stryker's mutation score over all files); `// Stryker disable` marks equivalents, and a mutant
 * that crashed the test run is neither.
 */
function countMutants(reports) {
  const counts = { detected: 0, undetected: 0, errors: 0, ignored: [] };
  for (const { dir, report } of reports) {
    for (const [file, { mutants }] of Object.entries(report.files)) {
      for (const mutant of mutants) {
        if (mutant.status === "Killed" || mutant.status === "Timeout") counts.detected += 1;
        else if (mutant.status === "Survived" || mutant.status === "NoCoverage") counts.undetected += 1;
        else if (mutant.status === "RuntimeError" || mutant.status === "CompileError") counts.errors += 1;
        else if (mutant.status === "Ignored") {
          counts.ignored.push(`${dir}/${file}:${mutant.location.start.line} ${mutant.mutatorName} (${mutant.statusReason ?? "no reason"})`);
        }
      }
    }
  }
  return counts;
}
