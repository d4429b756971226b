#!/usr/bin/env node
// The bin (dist/cli.js), CommonJS and tiny: it runs the app's one bundle, dist/main.js,
// compiled with a V8 code cache the build wrote next to it (dist/main.cache, dist/help.cache),
// so a run skips most of parsing and compiling the bundle. A missing cache, one made for another
// build of main.js, a damaged one, or one V8 rejects (another Node version, other V8 flags) only
// means compiling as Node would: silently, and nothing is written. The cache is executable
// bytecode: it is read from this package's own folder and nowhere else. README "Start-up".
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { Script } from "node:vm";

const file = join(__dirname, "main.js");
// Two caches of the same script: main.cache holds what a command compiles (taken at the end of
// `inspect --json`), help.cache only what `--help` does, for the runs that print help or the
// version and would otherwise read, and deserialize, 300 KB of bytecode they never run. A
// wrong guess only costs time: either cache is valid for any run.
const argv = process.argv.slice(2);
const light = argv.length === 0 || argv[0] === "help" || argv.some((arg) => arg === "--help" || arg === "-h" || arg === "--version" || arg === "-V");
const cacheFile = join(__dirname, light ? "help.cache" : "main.cache");
// Private switch: "write" is the build writing the cache (scripts/code-cache.js), "report" says
// on stderr whether the cache was used (the tests).
const mode = process.env.RULEBOOK_CODE_CACHE;

// A cache file is a 64-byte ASCII header, then V8's data:
//   rulebook-code-cache-1 <build of main.js> <V8 data's length> <sampled checksum>
// The build's last line names it (tsup.config.ts): a cache is only used with the main.js it was
// made from. V8 checks its own version, its flags and the source's length, but not, in release
// builds, a checksum of the data: a damaged cache would crash the process. The checksum reads
// every 16th 32-bit word, so any damaged block of 64 bytes or more is caught in a fraction of
// a millisecond (hashing every byte costs a few).
const HEADER = 64;
const TAG = "rulebook-code-cache-1";
const STRIDE = 16;

function sampledSum(data: Buffer): number {
  const words = new Int32Array(data.buffer, data.byteOffset, data.length >>> 2);
  let sum = 0x811c9dc5;
  for (let i = 0; i < words.length; i += STRIDE) sum = Math.imul(sum ^ (words[i] as number), 0x01000193);
  return sum >>> 0;
}

const source = readFileSync(file, "utf8");
const build = / rulebook-build ([0-9a-f]+)\n$/.exec(source.slice(-64))?.[1];

/** Whether the cache file was there, and then whether it was used (`report`). */
let state: "missing" | "rejected" | "accepted" = "missing";

/** The V8 data of the cache file, when it is there and was made from this main.js, undamaged. */
function usableCache(): Buffer | undefined {
  let data: Buffer;
  try {
    data = readFileSync(cacheFile);
  } catch {
    return undefined;
  }
  state = "rejected";
  const [tag, madeFrom, length, sum] = data.toString("latin1", 0, Math.min(HEADER, data.length)).trimEnd().split(" ");
  const payload = data.subarray(HEADER);
  const usable =
    tag === TAG &&
    build !== undefined &&
    madeFrom === build &&
    Number(length) === payload.length &&
    payload.byteOffset % 4 === 0 &&
    Number.parseInt(sum ?? "", 16) === sampledSum(payload);
  return usable ? payload : undefined;
}

const cachedData = mode === "write" ? undefined : usableCache();
// Node's CommonJS wrapper, on the bundle's first line (stack traces keep its line numbers), plus
// one parameter: the bundle's import()s of files found at run time (the project's
// rulebook.config.mjs, provider packages, lilconfig) are calls of this bin's own import(), the
// build rewrites them (tsup.config.ts). In Node 20 an import() compiled from a code cache fails
// (ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING), and vm's loader option is experimental and warns;
// this file is compiled by Node's own loader, and sits in the same folder as main.js, so a
// specifier resolves as it would from the bundle.
// V8 11 (Node 20) names a script compiled from a code cache as the script the cache was made
// from, not with this filename: the build makes its caches under a fixed name, and stack
// traces put this file's real path in its place.
const BUILT_AS = "@rulebook/cli/dist/main.js";
const script = new Script(`(function (exports, require, module, __filename, __dirname, __rulebookImport) {${source}\n})`, {
  filename: mode === "write" ? BUILT_AS : file,
  ...(cachedData && { cachedData }),
});
if (cachedData && !script.cachedDataRejected) {
  state = "accepted";
  // Node's own format (an internal error's code in brackets), with the real path in each frame.
  Error.prepareStackTrace = (error: Error, frames: NodeJS.CallSite[]) => {
    const code = (error as { code?: unknown }).code;
    const head = typeof code === "string" && code.startsWith("ERR_") ? `${error.name} [${code}]: ${error.message}` : Error.prototype.toString.call(error);
    return frames.length === 0 ? head : `${head}\n    at ${frames.map((frame) => String(frame).replaceAll(BUILT_AS, file)).join("\n    at ")}`;
  };
}
if (mode === "report") {
  process.stderr.write(`rulebook: code cache ${state}: ${cacheFile}\n`);
} else if (mode === "write" && build !== undefined) {
  // After the run, so the cache holds every function the run compiled, not only the top level.
  process.once("exit", () => {
    const payload = Buffer.from(script.createCachedData());
    const header = `${TAG} ${build} ${payload.length} ${sampledSum(payload).toString(16)}`.padEnd(HEADER - 1);
    writeFileSync(cacheFile, Buffer.concat([Buffer.from(`${header}\n`, "latin1"), payload]));
  });
}
const module_ = { exports: {} };
const importModule = (specifier: string, options?: ImportCallOptions) => import(specifier, options);
(script.runInThisContext() as (...args: unknown[]) => void).call(module_.exports, module_.exports, createRequire(file), module_, file, __dirname, importModule);
