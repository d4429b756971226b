// `pnpm bench` for the CLI: every row of issues 23 and 44 (which re-targeted the 10,000-file and
// real-repository rows and added `export`), each measured side by side with its floor in this
// one run (alternating runs, medians), printed as a ratio against its target.
// Set RULEBOOK_BEFORE to another build's dist/cli.js to measure it in the same alternation
// (a before/after column). After the 10,000-file rows it times bench/least.cjs, a program doing
// less than either command, against the same floor: a lower bound for those two rows; and the
// CLI's own start-up (an empty project), which every run pays on top of its work.
// Nothing is asserted: this is a benchmark, not a test.
//   BENCH_RUNS       runs per row for the generated fixtures (default 9)
//   BENCH_REAL_RUNS  rounds over the real repositories (default 3)
//   RULEBOOK_MIRROR  folder of bare snapshots, <owner>+<name>/repo (default /work/.mirror)
//   BENCH_ROWS       which groups to run, comma-separated: startup,files,real,mcp (default all)
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { writeDiscoveryFixture, writeSmallFixture } from "./fixture.js";
import { writeMonorepoFixture } from "./monorepo-fixture.js";
import { extractRealRepositories } from "./real-repos.js";

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const builds = [["now", process.env.RULEBOOK_CLI ?? here("../dist/cli.js")]];
if (process.env.RULEBOOK_BEFORE) builds.push(["before", process.env.RULEBOOK_BEFORE]);
const floorScript = here("./floor.js");
const leastScript = here("./least.cjs");
const usageHook = here("./usage-hook.cjs");
const runs = Number(process.env.BENCH_RUNS ?? 9);
const realRuns = Number(process.env.BENCH_REAL_RUNS ?? 3);
const work = mkdtempSync(join(tmpdir(), "rulebook-bench-"));
const rows = [];
/** The least program against the same floor: a lower bound for a row (bench/least.cjs). */
const leastRows = [];
/** The CLI's own start-up (`lint --json` on an empty project less `node -e 0`), measured with the least programs. */
let leastStart;
const groups = new Set((process.env.BENCH_ROWS ?? "startup,files,real,mcp").split(","));
// Every measured process runs in the same environment however the bench was started. With
// NODE_EXTRA_CA_CERTS set, Node reads and parses that certificate file at each start (38 ms a
// process on the bench machine, whose shells set it; `pnpm bench` drops it, turbo passing only
// the variables it is told to): the same constant added to a row's work and to its floor, which
// made every ratio look better than on a machine without it.
const childEnv = { ...process.env };
delete childEnv.NODE_EXTRA_CA_CERTS;

const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
const ms = (x) => (x >= 10_000 ? `${(x / 1000).toFixed(1)} s` : `${x.toFixed(0)} ms`);

// While a row's memory is probed (once, after its timed runs), each run goes through the hook
// and adds its minor page faults here: each is a 4 KiB page of memory touched for the first time.
let probed;

function run(args, env = {}) {
  if (probed === undefined) return timed(args, env);
  const file = join(work, "usage");
  timed(["--require", usageHook, ...args], { ...env, RULEBOOK_BENCH_USAGE: file });
  probed += Number(readFileSync(file, "utf8").split(" ")[1]);
  return 0;
}

/** The page faults of one more run of each job (a job of many processes: their sum). */
function faultsOf(jobs) {
  return jobs.map((job) => {
    probed = 0;
    try {
      job();
      return probed;
    } finally {
      probed = undefined;
    }
  });
}

function timed(args, env) {
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, {
    stdio: ["ignore", "ignore", "pipe"],
    env: { ...childEnv, ...env },
  });
  // Exit 1 is `lint` finding an error; a crash also exits 1, and a crashed build must not be
  // timed as a fast one.
  if ((result.status !== 0 && result.status !== 1) || /unexpected error|ERR_MODULE_NOT_FOUND/.test(String(result.stderr)))
    throw new Error(`node ${args.join(" ")} exited ${result.status}: ${result.stderr}`);
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** Runs each job `n` times, rotating who goes first each round; returns the medians. */
function sideBySide(jobs, n) {
  for (const job of jobs) job();
  const times = jobs.map(() => []);
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < jobs.length; k++) {
      const j = (i + k) % jobs.length;
      times[j].push(jobs[j]());
    }
  }
  return times.map(median);
}

/** One row per build: `work` against `floor`, timed side by side. */
function timeRow(label, target, floorLabel, commandOf, floorJob, n) {
  const jobs = [
    ...builds.map(
      ([, cli]) =>
        () =>
          commandOf(cli),
    ),
    floorJob,
  ];
  const medians = sideBySide(jobs, n);
  const floor = medians.at(-1);
  const faults = faultsOf(jobs);
  rows.push({
    label,
    floorLabel,
    floor: ms(floor),
    target: `≤ ${target}×`,
    faults: { floor: faults.at(-1), builds: faults.slice(0, -1) },
    builds: builds.map((_, i) => ({
      value: ms(medians[i]),
      ratio: medians[i] / floor,
      met: medians[i] / floor <= target,
    })),
  });
}

function peakRss(args) {
  const file = join(work, "rss");
  timed(["--require", usageHook, ...args], { RULEBOOK_BENCH_USAGE: file });
  return Number(readFileSync(file, "utf8").split(" ")[0]) / 1024;
}

/** Starts `rulebook mcp`, times `initialize` and two `rules_for_files` calls, reads the peak memory. */
function mcpSession(cli, proj, home) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, "mcp", "--cwd", proj, "--home", home], { stdio: ["pipe", "pipe", "ignore"], env: childEnv });
    const waiting = new Map();
    let buffer = "";
    child.stdout.on("data", (chunk) => {
      buffer += chunk;
      let end = buffer.indexOf("\n");
      while (end !== -1) {
        const message = JSON.parse(buffer.slice(0, end));
        buffer = buffer.slice(end + 1);
        waiting.get(message.id)?.(message);
        end = buffer.indexOf("\n");
      }
    });
    child.on("error", reject);
    // A server that exits before answering would leave the calls waiting forever.
    let ending = false;
    child.once("exit", (code) => {
      if (!ending) reject(new Error(`rulebook mcp (${cli}) exited ${code} before the session ended`));
    });
    let id = 0;
    const call = (method, params) => {
      const start = performance.now();
      const answered = new Promise((done) => waiting.set(++id, done));
      child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
      return answered.then((message) => {
        if (message.error) throw new Error(`${method}: ${message.error.message}`);
        return performance.now() - start;
      });
    };
    const spawned = performance.now();
    const rulesForFiles = () =>
      call("tools/call", {
        name: "rules_for_files",
        arguments: {
          files: ["packages/group-1/pkg-1/src/area-1/sub-1/file-1.ts"],
        },
      });
    (async () => {
      await call("initialize", {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "bench", version: "0" },
      });
      const initialize = performance.now() - spawned;
      child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`);
      const first = await rulesForFiles();
      const later = median([await rulesForFiles(), await rulesForFiles(), await rulesForFiles()]);
      const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
      const rss = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024;
      const exited = new Promise((done) => child.once("exit", done));
      ending = true;
      child.stdin.end();
      await exited;
      return { initialize, first, later, rss };
    })().then(resolve, (error) => {
      child.kill();
      reject(error);
    });
  });
}

async function mcpRows(proj, home, n) {
  const lint = (cli) => [cli, "lint", "--json", "--cwd", proj, "--home", home];
  const samples = builds.map(() => []);
  const floors = [];
  for (let i = 0; i <= n; i++) {
    for (let b = 0; b < builds.length; b++) {
      const s = await mcpSession(builds[b][1], proj, home);
      if (i > 0) samples[b].push(s);
    }
    if (i > 0) floors.push(run(lint(builds[0][1])));
  }
  const floor = median(floors);
  const floorRss = peakRss(lint(builds[0][1]));
  const pick = (b, key) => median(samples[b].map((s) => s[key]));
  rows.push({
    label: "`rulebook mcp`, 10,000-file repository: `initialize` answered",
    floorLabel: `\`lint\` there ${ms(floor)}, ${floorRss.toFixed(0)} MiB`,
    floor: ms(floor),
    target: "≤ 1.5 s, ≤ 100 MB",
    builds: builds.map((_, b) => {
      const t = pick(b, "initialize");
      const rss = pick(b, "rss");
      return {
        value: `${ms(t)}, ${rss.toFixed(0)} MiB peak`,
        ratio: t / floor,
        met: t <= 1500 && rss <= 100,
      };
    }),
  });
  rows.push({
    label: "`rulebook mcp`: first `rules_for_files`",
    floorLabel: "later calls",
    floor: ms(pick(0, "later")),
    target: "≤ 100 ms",
    builds: builds.map((_, b) => {
      const t = pick(b, "first");
      return {
        value: `${ms(t)} (later ${ms(pick(b, "later"))})`,
        ratio: t / pick(b, "later"),
        met: t <= 100,
      };
    }),
  });
}

/** A bare Node process: the floor of the start-up rows, and what the CLI's own start-up is measured from. */
const node0 = () => run(["-e", "0"]);

/** What a first touch of a 4 KiB page of new memory costs here, in microseconds (a page fault: cheap on most machines, not in every VM). */
function firstTouchMicroseconds() {
  const pages = 4096;
  const start = process.hrtime.bigint();
  const memory = Buffer.allocUnsafeSlow(pages * 4096);
  for (let i = 0; i < memory.length; i += 4096) memory[i] = 1;
  return Number(process.hrtime.bigint() - start) / 1e3 / pages;
}

/** Builds the CLI's o200k counter (@rulebook/tokenizer-o200k) alone, as CommonJS, for the least program's `inspect`; returns its path. */
async function buildCounter() {
  const { build } = await import("tsup");
  const outDir = join(work, "counter");
  const entry = createRequire(import.meta.url).resolve("@rulebook/tokenizer-o200k");
  await build({ entry: { counter: entry }, outDir, format: ["cjs"], platform: "node", target: "node20", config: false, dts: false, silent: true });
  return join(outDir, "counter.cjs");
}

function print() {
  const head = ["work", "floor", ...builds.flatMap(([name]) => [name, `ratio (${name})`]), "target"];
  const lines = rows.map((r) => [
    r.label,
    r.floorLabel.includes(r.floor) ? r.floorLabel : `${r.floorLabel} (${r.floor})`,
    ...r.builds.flatMap((b) => [b.value, `${b.ratio.toFixed(2)}×${b.met ? "" : " (missed)"}`]),
    r.target,
  ]);
  console.log(`\n| ${head.join(" | ")} |\n|${head.map(() => "---").join("|")}|`);
  for (const line of lines) console.log(`| ${line.join(" | ")} |`);
  if (leastRows.length > 0) {
    console.log(
      "\nThe least program (bench/least.cjs: the floor's reads, then decode, split frontmatter lines, first name wins, JSON; `inspect` adds the exact o200k counts; no validation, diagnostics or providers, and no read guarantees but where said), 10,000 rule files, against the same floor:\n",
    );
    for (const [label, ratio, target] of leastRows) console.log(`- ${label}: ${ratio.toFixed(2)}× (target ≤ ${target}×)`);
    const { startup, floor, noText, guarded } = leastStart;
    console.log(
      `\nThe CLI's start-up before its first rule file (\`lint --json\` on an empty project less \`node -e 0\`, same alternation): ${ms(startup)}, ${(startup / floor).toFixed(2)}× of that floor. With that start-up, the least \`lint\` keeping no text comes to ${(noText + startup / floor).toFixed(2)}×, and reading as the loader must ${(guarded + startup / floor).toFixed(2)}×, before any check, diagnostic or provider.`,
    );
  }
  const withFaults = rows.filter((r) => r.faults);
  console.log(
    `\nOn this machine a page touched for the first time costs ${firstTouchMicroseconds().toFixed(1)} µs (16 MiB of new memory, each page written once).`,
  );
  const faultHead = ["work", "floor", ...builds.map(([name]) => name)];
  console.log(
    `\nMemory touched: minor page faults (4 KiB pages touched for the first time), one more run of each\n\n| ${faultHead.join(" | ")} |\n|${faultHead.map(() => "---").join("|")}|`,
  );
  const k = (n) => `${(n / 1000).toFixed(1)}k`;
  for (const r of withFaults)
    console.log(`| ${r.label} | ${k(r.faults.floor)} | ${r.faults.builds.map((n) => `${k(n)} (${(n / r.faults.floor).toFixed(2)}×)`).join(" | ")} |`);
  console.log(
    `\n${runs} alternating runs per generated row (${realRuns} rounds over the real repositories), medians; load average at the end ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}.`,
  );
}

try {
  if (groups.has("startup")) {
    const small = writeSmallFixture(join(work, "startup"));
    const smallAt = ["--cwd", small.proj, "--home", small.home];
    timeRow("`inspect --json`, 20 rules", 2.5, "`node -e 0`", (cli) => run([cli, "inspect", "--json", ...smallAt]), node0, runs);
    timeRow("`lint --json`, 20 rules", 2, "`node -e 0`", (cli) => run([cli, "lint", "--json", ...smallAt]), node0, runs);
  }

  if (groups.has("files")) {
    const big = writeDiscoveryFixture(join(work, "discovery"));
    const bigAt = ["--cwd", big.proj, "--home", big.home];
    const listAndRead = () => run([floorScript, ...big.folders]);
    timeRow(
      "`inspect --json`, 10,000 rule files",
      3,
      "list + read every file",
      (cli) => run([cli, "inspect", "--json", ...bigAt]),
      listAndRead,
      runs,
    );
    timeRow("`lint --json`, same", 2.5, "list + read every file", (cli) => run([cli, "lint", "--json", ...bigAt]), listAndRead, runs);
    const counter = await buildCounter();
    const leastLint = () => run([leastScript, "lint", ...big.folders]);
    const leastInspect = () => run([leastScript, "inspect", counter, here("../dist/o200k.bin"), ...big.folders]);
    const leastNoText = () => run([leastScript, "lint-no-text", ...big.folders]);
    // What every run of the CLI pays before its first rule file: Node, the bundle, an empty walk.
    const empty = { proj: join(work, "empty", "proj"), home: join(work, "empty", "home") };
    mkdirSync(empty.proj, { recursive: true });
    mkdirSync(empty.home, { recursive: true });
    const cliEmpty = () => run([builds[0][1], "lint", "--json", "--cwd", empty.proj, "--home", empty.home]);
    const leastGuarded = () => run([leastScript, "lint-guarded", ...big.folders]);
    const [inspectLeast, lintLeast, noTextLeast, guardedLeast, emptyCli, bareNode, floor] = sideBySide(
      [leastInspect, leastLint, leastNoText, leastGuarded, cliEmpty, node0, listAndRead],
      runs,
    );
    leastRows.push(
      ["`inspect --json`", inspectLeast / floor, 3],
      ["`lint --json`", lintLeast / floor, 2.5],
      ["`lint --json`, keeping no text (values copied out, each text dropped once parsed)", noTextLeast / floor, 2.5],
      [
        "`lint --json`, keeping no text and reading as the loader must (held folder, no link, no FIFO, regular files only)",
        guardedLeast / floor,
        2.5,
      ],
    );
    leastStart = { startup: emptyCli - bareNode, floor, noText: noTextLeast / floor, guarded: guardedLeast / floor };
    rmSync(join(work, "discovery"), { recursive: true, force: true });
  }

  const real = groups.has("real")
    ? extractRealRepositories(here("./real-repos.json"), process.env.RULEBOOK_MIRROR ?? "/work/.mirror", join(tmpdir(), "rulebook-bench-real"))
    : { folders: [], files: 0, missing: [] };
  if (real.missing.length > 0) console.log(`real repositories: ${real.missing.length} snapshot(s) absent, left out: ${real.missing.join(", ")}`);
  if (!groups.has("real")) {
    // not asked for
  } else if (real.folders.length === 0) {
    console.log(
      "real repositories: no snapshot found; the two real-repository rows are skipped (fetch the repositories of bench/real-repos.json into $RULEBOOK_MIRROR).",
    );
  } else {
    const home = join(work, "empty-home");
    const each = (args) => () => real.folders.reduce((total, dir) => total + run(args(dir)), 0);
    const walk = each((dir) => [floorScript, "--list", dir]);
    const label = `${real.folders.length} real public repositories (one process each; ${real.files.toLocaleString("en")} files)`;
    const inspectEach = (cli) => each((dir) => [cli, "inspect", "--json", "--cwd", dir, "--home", home])();
    timeRow(`\`inspect --json\` over ${label}`, 1.4, "a walk listing every folder", inspectEach, walk, realRuns);
    timeRow(
      "`lint --json`, same",
      1.5,
      "a walk listing every folder",
      (cli) => each((dir) => [cli, "lint", "--json", "--cwd", dir, "--home", home])(),
      walk,
      realRuns,
    );
    // Export plans every file, compares it with the disk and prints the diff: its floor is the
    // load it starts from, `inspect --json` of the same build (the first, with RULEBOOK_BEFORE).
    const exportEach = (cli) => each((dir) => [cli, "export", "--to", "cursor", "--dry-run", "--cwd", dir, "--home", home])();
    timeRow("`export --to cursor --dry-run`, same", 1.3, "`inspect --json` there", exportEach, () => inspectEach(builds[0][1]), realRuns);
  }

  if (groups.has("mcp")) {
    const repo = writeMonorepoFixture(join(work, "mcp"), {
      packages: 20,
      filesPerPackage: 500,
    });
    await mcpRows(repo.proj, repo.home, Math.max(3, Math.ceil(runs / 3)));
  }
  print();
} finally {
  rmSync(work, { recursive: true, force: true });
}
