#!/usr/bin/env node
// The bin (dist/cli.js), CommonJS and tiny: it runs the app's one bundle, dist/main.js, compiled
// with the V8 code cache the build wrote next to it (dist/main.cache), so a run skips most of
// parsing and compiling the bundle. A missing cache, or one V8 rejects (another Node version,
// other V8 flags), only means compiling as Node would: silently, and nothing is written here.
// The cache is executable bytecode: it is read from this package's own folder and nowhere else.
// See the README's "Start-up".
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { Script } from "node:vm";

const file = join(__dirname, "main.js");
const cacheFile = join(__dirname, "main.cache");
// Private switch: "write" is the build writing the cache (scripts/code-cache.js), "report" says
// on stderr whether the cache was used (the tests).
const mode = process.env.RULEBOOK_CODE_CACHE;

let cachedData: Buffer | undefined;
if (mode !== "write") {
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    // No cache: compile the bundle as Node would.
  }
}
// Node's CommonJS wrapper, on the bundle's first line (stack traces keep its line numbers), plus
// one parameter: the bundle's import()s of files found at run time (the project's
// rulebook.config.mjs, provider packages, lilconfig) are calls of this bin's own import(), the
// build rewrites them (tsup.config.ts). In Node 20 an import() compiled from a code cache fails
// (ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING), and vm's loader option is experimental and warns;
// this file is compiled by Node's own loader, and sits in the same folder as main.js, so a
// specifier resolves as it would from the bundle.
const script = new Script(`(function (exports, require, module, __filename, __dirname, __rulebookImport) {${readFileSync(file, "utf8")}\n})`, {
  filename: file,
  ...(cachedData && { cachedData }),
});
if (mode === "report") {
  const state = cachedData === undefined ? "missing" : script.cachedDataRejected ? "rejected" : "accepted";
  process.stderr.write(`rulebook: code cache ${state}: ${cacheFile}\n`);
} else if (mode === "write") {
  // After the run, so the cache holds every function the command compiled, not only the top level.
  process.once("exit", () => writeFileSync(cacheFile, script.createCachedData()));
}
const module_ = { exports: {} };
const importModule = (specifier: string, options?: ImportCallOptions) => import(specifier, options);
(script.runInThisContext() as (...args: unknown[]) => void).call(module_.exports, module_.exports, createRequire(file), module_, file, __dirname, importModule);
