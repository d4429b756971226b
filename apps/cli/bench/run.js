// `pnpm bench` for the CLI: discovery against the I/O floor, peak memory, and start-up
// against `node -e 0`. Prints ratios of medians measured side by side (alternating runs) in
// one process, so they hold on a noisy machine. Targets are printed, never asserted.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { writeDiscoveryFixture, writeSmallFixture } from "./fixture.js";

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const cli = process.env.RULEBOOK_CLI ?? here("../dist/cli.js");
const floor = here("./floor.js");
const rssHook = here("./rss-hook.js");
const runs = Number(process.env.BENCH_RUNS ?? 15);
const work = mkdtempSync(join(tmpdir(), "rulebook-bench-"));

function run(args, env = {}) {
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, ...env } });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0) throw new Error(`node ${args.join(" ")} exited ${result.status}: ${result.stderr}`);
  return ms;
}

/** Runs a and b alternately (who goes first flips each round); returns both medians. */
function sideBySide(a, b, n = runs) {
  run(a);
  run(b);
  const ta = [];
  const tb = [];
  for (let i = 0; i < n; i++) {
    if (i % 2) {
      tb.push(run(b));
      ta.push(run(a));
    } else {
      ta.push(run(a));
      tb.push(run(b));
    }
  }
  return [median(ta), median(tb)];
}

function peakMemory(args, n = 5) {
  const file = join(work, "rss");
  const samples = [];
  for (let i = 0; i < n; i++) {
    run(["--import", rssHook, ...args], { RULEBOOK_BENCH_RSS: file });
    samples.push(Number(readFileSync(file, "utf8")) / 1024);
  }
  return median(samples);
}

const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
const fmt = (x) => x.toFixed(x < 10 ? 2 : 0);
const verdict = (ratio, target) => `${ratio.toFixed(2)}× (target ≤ ${target}×${ratio <= target ? ", met" : ", MISSED"})`;

try {
  const big = writeDiscoveryFixture(join(work, "discovery"));
  const inspect = [cli, "inspect", "--json", "--cwd", big.proj, "--home", big.home];
  const lint = [cli, "lint", "--json", "--cwd", big.proj, "--home", big.home];
  const floorArgs = [floor, ...big.folders];
  const [tInspect, tFloor] = sideBySide(inspect, floorArgs);
  const [tLint, tFloor2] = sideBySide(lint, floorArgs);
  console.log(`discovery (10,000 files, ${runs} alternating runs, medians)`);
  console.log(`  rulebook inspect --json  ${fmt(tInspect)} ms  (also counts every rule's tokens with o200k)`);
  console.log(`  floor (list + read)      ${fmt(tFloor)} ms`);
  console.log(`  ratio                    ${verdict(tInspect / tFloor, 1.5)}`);
  console.log(`  rulebook lint --json     ${fmt(tLint)} ms vs floor ${fmt(tFloor2)} ms: ${verdict(tLint / tFloor2, 1.5)}  (the same load, no token counts)`);
  const [mInspect, mFloor] = [peakMemory(inspect), peakMemory(floorArgs)];
  console.log(`  peak memory              ${fmt(mInspect)} MiB vs ${fmt(mFloor)} MiB: ${verdict(mInspect / mFloor, 1.5)}`);

  const small = writeSmallFixture(join(work, "startup"));
  const where = ["--cwd", small.proj, "--home", small.home];
  const [tStart, tNode] = sideBySide([cli, "lint", "--json", ...where], ["-e", "0"]);
  const [tSmall, tNode2] = sideBySide([cli, "inspect", "--json", ...where], ["-e", "0"]);
  console.log(`start-up (20 rules)`);
  console.log(`  rulebook lint --json     ${fmt(tStart)} ms`);
  console.log(`  node -e 0                ${fmt(tNode)} ms`);
  console.log(`  ratio                    ${verdict(tStart / tNode, 2.5)}`);
  console.log(`  rulebook inspect --json  ${fmt(tSmall)} ms vs ${fmt(tNode2)} ms: ${(tSmall / tNode2).toFixed(2)}×  (loads the o200k tokenizer on a second thread)`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
