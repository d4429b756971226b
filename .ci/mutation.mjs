#!/usr/bin/env node
// `pnpm mutation [target | package ...] [--summary] [-- stryker options]`: mutation testing
// (StrykerJS, the shared stryker.config.mjs) of each target, one package at a time, each against
// that package's own tests; then each target's score, survivors and equivalent mutants. Without a
// name, every target below, the canary first. A package (`prompt`, `provider-roo`,
// `packages/provider-roo`) mutates its whole src/. `--summary` prints the scores again from the
// last reports, .mutation/<target>/<package>.{html,json}. Slow (minutes per package): not in .ci/run.
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
  // merge.ts as it was when issue 45 measured it: the shadow warnings and text comparison have since moved out.
  "partition-merge": {
    floor: 90,
    runs: [{ dir: "packages/core", mutate: ["src/rule/partition.ts", "src/load/merge.ts", "src/load/shadow-warnings.ts", "src/load/same-text.ts"] }],
  },
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
const args = dash === -1 ? process.argv.slice(2) : process.argv.slice(2, dash);
const strykerArgs = dash === -1 ? [] : process.argv.slice(dash + 1);
// `--summary`: the table again from the reports of the last runs, without running Stryker.
const summaryOnly = args.includes("--summary");
const names = args.filter((arg) => arg !== "--summary");
const chosen = (names.length > 0 ? names : Object.keys(targets)).map(resolveTarget);
const equivalents = JSON.parse(readFileSync(join(root, ".ci/mutation-equivalents.json"), "utf8")).equivalents;

let failed = false;
const lines = [];
for (const { name, floor, runs } of chosen) {
  const started = Date.now();
  const reports = [];
  for (const run of runs) {
    const report = `${name}/${basename(run.dir)}`;
    if (!summaryOnly) {
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
    }
    const file = join(root, ".mutation", `${report}.json`);
    if (existsSync(file)) reports.push({ dir: run.dir, report: JSON.parse(readFileSync(file, "utf8")) });
    else lines.push(`${name}: no report for ${run.dir} (run \`pnpm mutation ${name}\`)`);
  }
  if (reports.length === 0) continue;
  const counts = countMutants(reports);
  const score = counts.detected + counts.undetected.length === 0 ? 100 : (100 * counts.detected) / (counts.detected + counts.undetected.length);
  const below = floor !== undefined && score < floor;
  failed ||= below;
  const took = summaryOnly ? "" : `, ${((Date.now() - started) / 60_000).toFixed(1)} min`;
  lines.push(
    `${name.padEnd(16)} ${score.toFixed(2).padStart(6)}%${below ? ` BELOW ${floor}%` : ""}  ` +
      `${counts.detected} killed, ${counts.undetected.length} survived, ${counts.equivalent.length} equivalent, ${counts.errors} errors${took}`,
  );
  for (const mutant of counts.undetected) lines.push(`  survived:   ${mutant}`);
  for (const mutant of counts.equivalent) lines.push(`  equivalent: ${mutant}`);
  for (const problem of counts.problems) lines.push(`  ${problem}`);
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
 * Stryker's mutation score over all the target's files, equivalent mutants excluded: killed and
 * timed-out mutants are detected; survivors and mutants no test reaches are not, unless
 * .ci/mutation-equivalents.json lists them (file, mutator, code, replacement, and why); a mutant
 * that crashed the test run is neither. An entry names its mutant by file, the line it is on
 * and the two before it (their text, so an edited line is looked at again), its column,
 * mutator, code and replacement;
 * one that matches no mutant of a file the run reported is stale, and said, as is one whose
 * mutant was killed.
 */
function countMutants(reports) {
  const counts = { detected: 0, undetected: [], equivalent: [], errors: 0, problems: [] };
  const used = new Set();
  const reported = new Set();
  for (const { dir, report } of reports) {
    for (const [file, { source, mutants }] of Object.entries(report.files)) {
      const path = `${dir}/${file}`;
      reported.add(path);
      for (const mutant of mutants) {
        const code = codeOf(source, mutant.location);
        const lines = source.split("\n");
        const line = (lines[mutant.location.start.line - 1] ?? "").trim();
        const before = [lines[mutant.location.start.line - 3], lines[mutant.location.start.line - 2]].map((text) => (text ?? "").trim());
        const where = `${path}:${mutant.location.start.line} ${mutant.mutatorName} \`${shorten(code)}\` -> \`${shorten(mutant.replacement ?? "")}\``;
        const entry = equivalents.find(
          (e) =>
            e.file === path &&
            e.line === line &&
            e.before?.[0] === before[0] &&
            e.before?.[1] === before[1] &&
            e.column === mutant.location.start.column &&
            e.mutator === mutant.mutatorName &&
            e.code === code &&
            e.replacement === (mutant.replacement ?? ""),
        );
        if (entry) used.add(entry);
        if (mutant.status === "Killed" || mutant.status === "Timeout") {
          counts.detected += 1;
          if (entry) counts.problems.push(`listed as equivalent but killed: ${where}`);
        } else if (mutant.status === "Survived" || mutant.status === "NoCoverage") {
          if (entry) counts.equivalent.push(`${where}: ${entry.why}`);
          else counts.undetected.push(where);
        } else if (mutant.status === "RuntimeError" || mutant.status === "CompileError") counts.errors += 1;
      }
    }
  }
  for (const entry of equivalents) {
    if (reported.has(entry.file) && !used.has(entry))
      counts.problems.push(`stale equivalent (no such mutant): ${entry.file} ${entry.mutator} \`${entry.code}\``);
  }
  return counts;
}

/** The mutated code as written, its line breaks and indentation as one space each. */
function codeOf(source, { start, end }) {
  const lines = source.split("\n").slice(start.line - 1, end.line);
  if (lines.length === 1) return (lines[0] ?? "").slice(start.column - 1, end.column - 1);
  lines[0] = (lines[0] ?? "").slice(start.column - 1);
  lines[lines.length - 1] = (lines.at(-1) ?? "").slice(0, end.column - 1);
  return lines.join("\n").replace(/\s*\n\s*/g, " ");
}

function shorten(text) {
  const line = text.replace(/\s*\n\s*/g, " ");
  return line.length > 80 ? `${line.slice(0, 77)}...` : line;
}
