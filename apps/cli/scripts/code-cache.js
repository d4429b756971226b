// Runs after each build (tsup.config.ts onSuccess, after copy-o200k-table.js). Writes
//   dist/package.json  {"type": "commonjs"}: the built files are CommonJS in a "type": "module" package
//   dist/main.cache    the V8 code cache of dist/main.js for commands, taken at the end of a run
//                      of `inspect --json` on the example project (every function it compiled)
//   dist/help.cache    the same for `--help` and `--version`, taken at the end of `--help`
//   dist/mcp-sdk.cache the code cache of dist/mcp-sdk.js, taken at the end of `mcp` on the example
//   dist/yaml.cache    the code cache of dist/yaml.js, taken at the end of `lint --json` on a project
//                      whose one rule has frontmatter the core's fast path leaves to the yaml package
// then checks that a run uses each. The bin (src/runtime/boot.ts) reads them and, with the private
// switch RULEBOOK_CODE_CACHE=write, writes them; nothing else does. README "Start-up".
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const cli = here("../dist/cli.js");
const example = ["--cwd", here("../example/proj"), "--root", here("../example/proj"), "--home", here("../example/home")];

writeFileSync(here("../dist/package.json"), `${JSON.stringify({ type: "commonjs" }, null, 2)}\n`);

// V8 rejects a cache made under other V8 flags: the build's NODE_OPTIONS must not shape it.
const env = { ...process.env, NODE_OPTIONS: "", NO_COLOR: "1" };
const run = (args, mode) => {
  const result = spawnSync(process.execPath, [cli, ...args], { encoding: "utf8", input: "", env: { ...env, RULEBOOK_CODE_CACHE: mode } });
  if (result.status !== 0) throw new Error(`code cache: \`${args.join(" ")}\` exited ${result.status}:\n${result.stderr}`);
  return result;
};
// A rule whose frontmatter has a list of mappings, as real plan files keep their to-dos: the
// fast path declines it, so the run parses it with the yaml package.
const yamlProject = mkdtempSync(join(tmpdir(), "rulebook-code-cache-"));
mkdirSync(join(yamlProject, "proj/.cursor/rules"), { recursive: true });
mkdirSync(join(yamlProject, "home"));
writeFileSync(
  join(yamlProject, "proj/.cursor/rules/review.mdc"),
  "---\ndescription: How pull requests are reviewed\nglobs: src/**/*.ts\nalwaysApply: false\ntodos:\n  - id: owners\n    content: Name an owner for each package # who keeps it\n    status: pending\n---\n\n# Review\n\nEvery change gets one approving review.\n",
);
const yamlArgs = ["--cwd", join(yamlProject, "proj"), "--root", join(yamlProject, "proj"), "--home", join(yamlProject, "home")];

// Each run writes the caches of the files it ran that have none yet: `mcp` (which serves until
// its input ends, here at once) writes only mcp-sdk.cache, main.cache being there.
const caches = [
  ["main.cache", ["inspect", "--json", ...example]],
  ["help.cache", ["--help"]],
  ["mcp-sdk.cache", ["mcp", ...example]],
  ["yaml.cache", ["lint", "--json", ...yamlArgs]],
];
for (const [name] of caches) rmSync(here(`../dist/${name}`), { force: true });
for (const [name, args] of caches) {
  const cache = here(`../dist/${name}`);
  run(args, "write");
  const { stderr } = run(args, "report");
  if (!stderr.includes(`rulebook: code cache accepted: ${cache}\n`)) throw new Error(`code cache: the next run did not use ${name}:\n${stderr}`);
  console.log(`${name}: ${(statSync(cache).size / 1024).toFixed(0)} KiB (V8 ${process.versions.v8})`);
}
rmSync(yamlProject, { recursive: true, force: true });
