// `pnpm bench` for @rulebook/watch: what watching costs next to loading. On a generated tree
// it measures one load and `watchRules` up to `ready` (its load, the watchers, a confirming
// load), side by side, and a reload after one rule file changes; prints ratios of medians
// and the handles held per folder. Nothing is asserted.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRegistry } from "@rulebook/core";
import { agentsProvider } from "@rulebook/provider-agents";
import { cursorProvider } from "@rulebook/provider-cursor";
import { watchRules } from "../dist/index.js";

const runs = Number(process.env.BENCH_RUNS ?? 5);
const folders = Number(process.env.BENCH_FOLDERS ?? 1000);
const root = mkdtempSync(join(tmpdir(), "rulebook-watch-bench-"));
mkdirSync(join(root, ".git"));
for (let i = 0; i < folders; i++) {
  const dir = join(root, `pkg${i % 20}`, `mod${i}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "index.ts"), "export {};\n");
}
mkdirSync(join(root, ".cursor/rules"), { recursive: true });
writeFileSync(join(root, ".cursor/rules/style.mdc"), "---\ndescription: style\n---\nv0\n");

const registry = createRegistry([cursorProvider, agentsProvider]);
const options = { cwd: root, root, home: join(root, "no-home") };
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const watchHandles = () => process.getActiveResourcesInfo().filter((r) => r === "FSEventWrap").length;

const load = [];
const ready = [];
const reload = [];
let handles = 0;
for (let i = 0; i < runs; i++) {
  let start = performance.now();
  const result = await registry.load(options);
  load.push(performance.now() - start);

  let seen;
  start = performance.now();
  const watcher = watchRules(registry, options, (change) => seen?.(change));
  await watcher.ready;
  ready.push(performance.now() - start);
  handles = watchHandles();

  const changed = new Promise((resolve) => (seen = resolve));
  start = performance.now();
  writeFileSync(join(root, ".cursor/rules/style.mdc"), `---\ndescription: style\n---\nv${i + 1}\n`);
  await changed;
  // Includes the 100 ms quiet window.
  reload.push(performance.now() - start);
  await watcher.close();
  if (i === 0) console.log(`tree: ${result.searched.folders.length} folders listed by the walk`);
}
console.log(`one load:                  ${median(load).toFixed(0)} ms`);
console.log(`watchRules until ready:    ${median(ready).toFixed(0)} ms (${(median(ready) / median(load)).toFixed(1)}x one load)`);
console.log(`change seen (100 ms quiet): ${median(reload).toFixed(0)} ms (${(median(reload) / median(load)).toFixed(1)}x one load)`);
console.log(`watch handles:             ${handles} (${(handles / folders).toFixed(2)} per folder); after close: ${watchHandles()}`);
rmSync(root, { recursive: true, force: true });
