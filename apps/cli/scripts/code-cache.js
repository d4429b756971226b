// Runs after each build (tsup.config.ts onSuccess, after o200k-table.js). Writes
//   dist/package.json  {"type": "commonjs"}: the built files are CommonJS in a "type": "module" package
//   dist/main.cache    the V8 code cache of dist/main.js, taken at the end of a run of
//                      `inspect --json` on the example project (every function that run compiled)
// then checks that a run with it uses it. The bin reads the cache (src/boot.ts); nothing else
// ever writes it. README "Start-up".
import { spawnSync } from "node:child_process";
import { rmSync, statSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const cli = here("../dist/cli.js");
const cache = here("../dist/main.cache");
const example = ["--cwd", here("../example/proj"), "--root", here("../example/proj"), "--home", here("../example/home")];

writeFileSync(here("../dist/package.json"), `${JSON.stringify({ type: "commonjs" }, null, 2)}\n`);
rmSync(cache, { force: true });

// V8 rejects a cache made under other V8 flags: the build's NODE_OPTIONS must not shape it.
const env = { ...process.env, NODE_OPTIONS: "", NO_COLOR: "1" };
const run = (mode) => {
  const result = spawnSync(process.execPath, [cli, "inspect", "--json", ...example], { encoding: "utf8", env: { ...env, RULEBOOK_CODE_CACHE: mode } });
  if (result.status !== 0) throw new Error(`code cache: \`inspect --json\` on the example exited ${result.status}:\n${result.stderr}`);
  return result;
};
run("write");
const { stderr } = run("report");
if (!stderr.includes("rulebook: code cache accepted:")) throw new Error(`code cache: the next run did not use it:\n${stderr}`);
console.log(`main.cache: ${(statSync(cache).size / 1024).toFixed(0)} KiB (V8 ${process.versions.v8})`);
