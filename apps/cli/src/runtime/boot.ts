#!/usr/bin/env node
// The bin (dist/cli.js), CommonJS and tiny: it runs the app's one bundle, dist/main.js, compiled
// with a V8 code cache the build wrote next to it (dist/main.cache, dist/help.cache), so a run
// skips most of parsing and compiling the bundle; `rulebook mcp` loads dist/mcp-sdk.js the same
// way (dist/mcp-sdk.cache), and so does frontmatter the core's fast path cannot read, dist/yaml.js
// (dist/yaml.cache). A missing cache, one made for another build of the file, a damaged
// one, or one V8 rejects (another Node version, other V8 flags) only means compiling as Node
// would: silently, and nothing is written. A cache is executable bytecode: it is read from this
// package's own folder and nowhere else. README "Start-up".
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { Script } from "node:vm";

// Private switch: "write" is the build writing the caches that are not there yet
// (scripts/code-cache.js), "report" says on stderr whether each cache was used (the tests).
const mode = process.env.RULEBOOK_CODE_CACHE;

// A cache file is a 64-byte ASCII header, then V8's data:
//   rulebook-code-cache-1 <build of the script> <V8 data's length> <sampled checksum>
// The script's last line names its build (tsup.config.ts): a cache is only used with the file
// it was made from. V8 checks its own version, its flags and the source's length, but not, in
// release builds, a checksum of the data: a damaged cache would crash the process. The checksum
// reads every 64th 32-bit word, so any damaged block of 256 bytes or more (a disk damages whole
// sectors of 512 bytes or more) is caught in a fraction of a millisecond: this loop runs cold,
// in V8's interpreter, and every 16th word cost 2-5 ms of each start.
const HEADER = 64;
const TAG = "rulebook-code-cache-1";
const STRIDE = 64;

function sampledSum(data: Buffer): number {
  const words = new Int32Array(data.buffer, data.byteOffset, data.length >>> 2);
  let sum = 0x811c9dc5;
  for (let i = 0; i < words.length; i += STRIDE) sum = Math.imul(sum ^ (words[i] as number), 0x01000193);
  return sum >>> 0;
}

/** The V8 data of a cache file, when it is there and was made from this build of its script, undamaged. */
function usableCache(cacheFile: string, build: string | undefined): { state: "missing" | "rejected"; data?: Buffer } {
  let data: Buffer;
  try {
    data = readFileSync(cacheFile);
  } catch {
    return { state: "missing" };
  }
  const [tag, madeFrom, length, sum] = data.toString("latin1", 0, Math.min(HEADER, data.length)).trimEnd().split(" ");
  const payload = data.subarray(HEADER);
  const usable =
    tag === TAG &&
    build !== undefined &&
    madeFrom === build &&
    Number(length) === payload.length &&
    payload.byteOffset % 4 === 0 &&
    Number.parseInt(sum ?? "", 16) === sampledSum(payload);
  return usable ? { state: "rejected", data: payload } : { state: "rejected" };
}

// V8 11 (Node 20) names a script compiled from a code cache as the script the cache was made
// from, not with the filename it is given now: the build makes its caches under fixed names
// (@rulebook/cli/dist/<file>), and stack traces put the file's real path in their place.
const realPaths = new Map<string, string>();
function nameFramesWhereInstalled(builtAs: string, file: string): void {
  if (realPaths.size === 0) {
    // Node's own format (an internal error's code in brackets), with real paths in the frames.
    Error.prepareStackTrace = (error: Error, frames: NodeJS.CallSite[]) => {
      const code = (error as { code?: unknown }).code;
      const head =
        typeof code === "string" && code.startsWith("ERR_") ? `${error.name} [${code}]: ${error.message}` : Error.prototype.toString.call(error);
      const lines = frames.map((frame) => {
        let line = String(frame);
        for (const [name, path] of realPaths) line = line.replaceAll(name, path);
        return line;
      });
      return lines.length === 0 ? head : `${head}\n    at ${lines.join("\n    at ")}`;
    };
  }
  realPaths.set(builtAs, file);
}

/**
 * Runs dist/<name> as a CommonJS module compiled with dist/<cacheName>, and returns its exports.
 * The build writes Node's CommonJS wrapper into the file's first line (stack traces keep its
 * line numbers), so the file is one function expression, plus `__rulebookImport`: the file's
 * import()s of modules found at run time (the project's
 * rulebook.config.mjs, provider packages, lilconfig) are rewritten by the build into calls of
 * this bin's own import() (tsup.config.ts). In Node 20 an import() compiled from a code cache
 * fails (ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING), and vm's loader option is experimental and
 * warns; this file is compiled by Node's own loader and sits in the same folder, so a specifier
 * resolves as it would from the bundle.
 */
function runCached(name: string, cacheName: string): unknown {
  const file = join(__dirname, name);
  const cacheFile = join(__dirname, cacheName);
  const builtAs = `@rulebook/cli/dist/${name}`;
  // ASCII, wrapper included: the build writes it so (tsup.config.ts), and Latin-1 is read without decoding.
  const source = readFileSync(file, "latin1");
  const build = / rulebook-build ([0-9a-f]+)\n$/.exec(source.slice(-64))?.[1];
  const cache = mode === "write" ? { state: "missing" as const } : usableCache(cacheFile, build);
  const script = new Script(source, {
    filename: mode === "write" ? builtAs : file,
    ...(cache.data && { cachedData: cache.data }),
  });
  const used = cache.data !== undefined && !script.cachedDataRejected;
  if (used) nameFramesWhereInstalled(builtAs, file);
  if (mode === "report") {
    process.stderr.write(`rulebook: code cache ${used ? "accepted" : cache.state}: ${cacheFile}\n`);
  } else if (mode === "write" && build !== undefined && !existsSync(cacheFile)) {
    // After the run, so the cache holds every function the run compiled, not only the top level.
    process.once("exit", () => {
      const payload = Buffer.from(script.createCachedData());
      const header = `${TAG} ${build} ${payload.length} ${sampledSum(payload).toString(16)}`.padEnd(HEADER - 1);
      writeFileSync(cacheFile, Buffer.concat([Buffer.from(`${header}\n`, "latin1"), payload]));
    });
  }
  const module_ = { exports: {} };
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run.call(module_.exports, module_.exports, createRequire(file), module_, file, __dirname, importModule, requireApart);
  return module_.exports;
}

const importModule = (specifier: string, options?: ImportCallOptions) => import(specifier, options);
// The bundle's requires of what the build keeps apart, each run once with its own cache:
// `rulebook mcp`'s dist/mcp-sdk.js (the MCP SDK and zod), and dist/yaml.js (the yaml package,
// for frontmatter the core's fast path cannot read). Anything else is Node's own require.
const apart = new Map<string, unknown>();
const requireApart = (id: string): unknown => {
  if (id !== "mcp-sdk" && id !== "yaml") return createRequire(join(__dirname, "main.js"))(id);
  if (!apart.has(id)) apart.set(id, runCached(`${id}.js`, `${id}.cache`));
  return apart.get(id);
};

// V8 optimises a function with TurboFan once it has run long enough (its "interrupt budget", 66
// KiB of bytecode executed by default in Node 20). A run of this CLI lasts 100-300 ms: the
// functions that get that hot (token counting, frontmatter parsing) are mostly done by the time
// their optimised code arrives, and the compiles themselves, on background threads, cost CPU and
// fresh memory (about 1,900 first-touched pages in an `inspect` of a repository of 68 rules:
// costly in some VMs). With eight times the budget, only work that stays hot (a load of
// thousands of files, a long-running `mcp` or `watch`) is optimised. Set before any bundle is
// compiled, so the code caches, made by the same bin (scripts/code-cache.js), match V8's flags;
// a budget given on node's own command line is left alone (NODE_OPTIONS may not set one).
// README "Start-up".
if (!process.execArgv.some((arg) => /^--interrupt[-_]budget\b/.test(arg))) setFlagsFromString("--interrupt-budget=540672");

// Two caches of main.js: main.cache holds what a command compiles (taken at the end of
// `inspect --json`), help.cache only what `--help` does, for the runs that print help or the
// version and would otherwise read, and deserialize, 300 KB of bytecode they never run. A
// wrong guess only costs time: either cache is valid for any run.
const argv = process.argv.slice(2);
const light = argv.length === 0 || argv[0] === "help" || argv.some((arg) => arg === "--help" || arg === "-h" || arg === "--version" || arg === "-V");
runCached("main.js", light ? "help.cache" : "main.cache");
