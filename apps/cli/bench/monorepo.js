// `pnpm bench` part: `rulebook inspect --json` on a generated monorepo against a plain Node walk
// of the same tree (floor.js --list), medians of alternating runs in one process. Printed, never asserted.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { writeMonorepoFixture } from "./monorepo-fixture.js";

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const cli = process.env.RULEBOOK_CLI ?? here("../dist/cli.js");
const runs = Number(process.env.BENCH_RUNS ?? 11);
const work = mkdtempSync(join(tmpdir(), "rulebook-monorepo-"));

const time = (args) => {
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { stdio: ["ignore", "ignore", "pipe"] });
  if (result.status !== 0) throw new Error(`node ${args.join(" ")} exited ${result.status}: ${result.stderr}`);
  return Number(process.hrtime.bigint() - start) / 1e6;
};
const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];

try {
  const tree = writeMonorepoFixture(join(work, "tree"));
  const inspect = [cli, "inspect", "--json", "--cwd", tree.proj, "--home", tree.home];
  const floor = [here("./floor.js"), "--list", tree.proj];
  time(inspect);
  time(floor);
  const a = [];
  const b = [];
  for (let i = 0; i < runs; i++) {
    if (i % 2) b.push(time(floor)), a.push(time(inspect));
    else a.push(time(inspect)), b.push(time(floor));
  }
  const ratio = median(a) / median(b);
  console.log(`monorepo (${tree.sources} source files, ${tree.rules} rule files, node_modules, dist/, .next, .venv; ${runs} alternating runs)`);
  console.log(`  rulebook inspect --json  ${median(a).toFixed(0)} ms`);
  console.log(`  floor (list every folder) ${median(b).toFixed(0)} ms`);
  console.log(`  ratio                    ${ratio.toFixed(2)}× (target ≤ 1.5×${ratio <= 1.5 ? ", met" : ", MISSED"})`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
