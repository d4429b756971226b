// One contender of compare-watchers.js, in its own process: watches the folders a load lists
// under `root` with `kind`, makes a batch of changes, and prints what it saw as JSON.
import { watch as fsWatch, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { createRegistry } from "@rulebook/core";
import { agentsProvider } from "@rulebook/provider-agents";
import { cursorProvider } from "@rulebook/provider-cursor";

const [kind, root] = process.argv.slice(2);
const result = await createRegistry([cursorProvider, agentsProvider]).load({ cwd: root, root, home: join(root, "no-home") });
const folders = result.searched.folders;
const seen = new Set();
const saw = (path) => seen.add(relative(root, path));

global.gc();
const before = process.memoryUsage().rss;
const start = performance.now();
let close;
if (kind === "fs.watch") {
  const watchers = folders.map((folder) => fsWatch(folder, (_event, name) => name && saw(join(folder, name.toString()))));
  close = async () => watchers.forEach((w) => w.close());
} else if (kind === "chokidar") {
  const { watch } = await import("chokidar");
  const watchers = await Promise.all(
    folders.map((folder) => {
      const w = watch(folder, {
        depth: 0,
        ignoreInitial: true,
        followSymlinks: false,
        ignored: (path, stats) => path !== folder && stats !== undefined && !stats.isDirectory() && !/\.(md|mdc)$/.test(path),
      });
      w.on("all", (_event, path) => saw(path));
      return new Promise((resolve) => w.once("ready", () => resolve(w)));
    }),
  );
  close = () => Promise.all(watchers.map((w) => w.close()));
} else {
  const parcel = await import("@parcel/watcher");
  const subscription = await parcel.subscribe(root, (_error, events) => events.forEach((e) => saw(e.path)), {
    ignore: ["**/node_modules", ".git", "**/dist"],
  });
  close = () => subscription.unsubscribe();
}
const readyMs = performance.now() - start;
global.gc();
const rssMb = (process.memoryUsage().rss - before) / 1024 / 1024;

// The changes: an edit and a new file in rule folders, a new nested rule folder with a file
// (created at once), a deleted rule, a new AGENTS.md at the root.
const expected = [];
const change = (path, text) => {
  mkdirSync(join(root, path, ".."), { recursive: true });
  writeFileSync(join(root, path), text);
  expected.push(path);
};
for (let p = 0; p < 20; p += 4) {
  change(`packages/pkg-${p}/.cursor/rules/style.mdc`, `---\ndescription: style ${kind}\n---\nBody\n`);
  change(`packages/pkg-${p}/.cursor/rules/new-${kind}.mdc`, "---\ndescription: new\n---\nBody\n");
}
change(`AGENTS-${kind}.md`, "x\n");
rmSync(join(root, "packages/pkg-1/.cursor/rules/doomed.mdc"));
expected.push("packages/pkg-1/.cursor/rules/doomed.mdc");
// A folder made and filled at once: a per-folder watcher only sees the folder appear (the
// reload then lists and watches it), so the folder counts as caught.
mkdirSync(join(root, `packages/pkg-2/.agents/rules-${kind}`), { recursive: true });
writeFileSync(join(root, `packages/pkg-2/.agents/rules-${kind}/db.md`), "x\n");
expected.push(`packages/pkg-2/.agents`);
await sleep(1000);
const caught = expected.filter((path) => [...seen].some((s) => s === path || s.startsWith(`${path}${sep}`))).length;
await close();
process.stdout.write(`${JSON.stringify({ readyMs, rssMb, caught, expected: expected.length, folders: folders.length })}\n`);
process.exit(0);
