// `pnpm bench` part: the watcher choice of issue 23, measured on one generated tree. Each
// contender runs in its own process (so memory is its own), on the folders a load lists:
//   fs.watch    one non-recursive fs.watch per folder (what @rulebook/watch does)
//   chokidar    one chokidar 5 instance per folder, depth 0 (what it did before)
//   parcel      one @parcel/watcher subscription on the root, ignoring what the walk skips
// It prints the time until the watch is in place, the growth of the resident set, and how
// many of a batch of changes made afterwards (edits, new files, a new nested folder with a
// file, deletions) each reported. Nothing is asserted.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const runs = Number(process.env.BENCH_RUNS ?? 3);
const child = fileURLToPath(new URL("./watcher-run.js", import.meta.url));
const root = mkdtempSync(join(tmpdir(), "rulebook-watchers-"));
const put = (path, text) => {
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, text);
};

// 10,000 source files in 20 packages, rule folders in some, and what a walk skips.
put(join(root, ".git/HEAD"), "ref: refs/heads/main\n");
put(join(root, ".gitignore"), "dist/\n");
for (let p = 0; p < 20; p++) {
  const pkg = join(root, "packages", `pkg-${p}`);
  for (let f = 0; f < 500; f++) put(join(pkg, "src", `area-${f % 5}`, `sub-${f % 4}`, `file-${f}.ts`), `export const v = ${f};\n`);
  put(join(pkg, ".cursor/rules/style.mdc"), "---\ndescription: style\n---\nBody\n");
  put(join(pkg, "dist/index.js"), "built\n");
}
for (let i = 0; i < 5000; i++) put(join(root, "node_modules", `dep-${i % 100}`, `m-${i}.js`), "module.exports = 1;\n");

try {
  const results = new Map();
  for (let i = 0; i < runs; i++) {
    for (const kind of ["fs.watch", "chokidar", "parcel"]) {
      put(join(root, "packages/pkg-1/.cursor/rules/doomed.mdc"), "---\ndescription: doomed\n---\nBody\n");
      const out = spawnSync(process.execPath, ["--expose-gc", child, kind, root], { encoding: "utf8" });
      if (out.status !== 0) {
        results.set(kind, { error: (out.stderr || out.stdout).trim().split("\n").at(-1) });
        continue;
      }
      const sample = JSON.parse(out.stdout);
      const list = results.get(kind)?.samples ?? [];
      list.push(sample);
      results.set(kind, { samples: list });
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(`watchers on one tree (10,000 source files, ${runs} runs each, medians)`);
  console.log("| watcher | ready | resident set growth | changes reported |\n|---|---|---|---|");
  for (const [kind, { samples, error }] of results) {
    if (error) {
      console.log(`| ${kind} | not run: ${error} | | |`);
      continue;
    }
    const s = samples;
    console.log(
      `| ${kind} | ${median(s.map((x) => x.readyMs)).toFixed(0)} ms | ${median(s.map((x) => x.rssMb)).toFixed(0)} MB | ${median(s.map((x) => x.caught))} of ${s[0].expected} |`,
    );
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
