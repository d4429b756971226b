import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, sep } from "node:path";
import { packageBuild } from "@rulebook/build-config/tsup";
import type { Options } from "tsup";
import ts from "typescript";

// The built CLI is CommonJS (dist/package.json says so): an ES module entry costs Node its ESM
// loader at every start, and CommonJS lets the bin compile the bundle with a V8 code cache
// (src/runtime/boot.ts, README "Start-up"). Four files:
//   dist/cli.js      the bin (src/runtime/boot.ts): reads main.js and its code cache, runs the bundle
//   dist/main.js     every command, with the workspace packages and commander
//   dist/mcp-sdk.js  the MCP SDK and zod (src/mcp/sdk.ts), run only by `rulebook mcp`
//   dist/yaml.js     the yaml package (src/runtime/yaml.ts), run only for frontmatter the core's fast path cannot read
// scripts/code-cache.js then writes dist/package.json and the code caches (dist/*.cache).

const mcp = `${sep}src${sep}mcp${sep}`;

/**
 * The MCP command's imports of src/mcp/sdk.ts become the bin's `__rulebookRequire("mcp-sdk")`, which
 * runs dist/mcp-sdk.js with its code cache (src/runtime/boot.ts): the SDK and zod are built once, there,
 * and the command itself (with the core it shares with the other commands) stays in main.js.
 * Any other import of the SDK or zod from the sources fails the build, so neither can slip
 * into main.js.
 */
const mcpSdkApart: NonNullable<Options["esbuildPlugins"]>[number] = {
  name: "mcp-sdk-apart",
  setup(build) {
    build.onResolve({ filter: /^\.\/sdk\.js$/ }, (args) =>
      args.importer.includes(mcp) ? { path: "mcp-sdk", namespace: "rulebook-bin" } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "rulebook-bin" }, () => ({ contents: 'module.exports = __rulebookRequire("mcp-sdk");', loader: "js" }));
    build.onResolve({ filter: /^(@modelcontextprotocol\/|zod(\/|$))/ }, (args) =>
      args.importer.includes(`${sep}node_modules${sep}`) || args.importer.endsWith(`${mcp}sdk.ts`)
        ? undefined
        : { errors: [{ text: `${args.path}: import it from src/mcp/sdk.ts, which is built apart (dist/mcp-sdk.js)` }] },
    );
  },
};

/**
 * commander requires node:child_process at its top level, for subcommands that are separate
 * executables, which this app has none of; loading it (and the network module it loads)
 * costs every run a few milliseconds. commander gets a stand-in that loads it on first use.
 */
const childProcessOnUse: NonNullable<Options["esbuildPlugins"]>[number] = {
  name: "child-process-on-use",
  setup(build) {
    build.onLoad({ filter: /[\\/]commander[\\/]lib[\\/]command\.js$/ }, async (args) => {
      const line = "const childProcess = require('node:child_process');";
      const code = await readFile(args.path, "utf8");
      if (!code.includes(line)) return { errors: [{ text: `${args.path}: no "${line}" to defer (a new commander?)` }] };
      const onUse = 'const childProcess = new Proxy({}, { get: (_, key) => require("node:child_process")[key] });';
      return { contents: code.replace(line, onUse), loader: "js" };
    });
  },
};

/**
 * The yaml package goes into dist/yaml.js, whole (it is external to main.js, where only the
 * configuration's import() of it, for a YAML .rulebookrc, stays a run-time import), and the
 * core's one run-time require, of yaml (lazyRequire in packages/core/src/support/lazy-require.ts),
 * becomes the bin's `__rulebookRequire`, which runs dist/yaml.js with its code cache
 * (src/runtime/boot.ts). The build fails when that require is not found exactly once.
 */
const yamlEntry = createRequire(import.meta.url).resolve("yaml");
const yamlApart: NonNullable<Options["esbuildPlugins"]>[number] = {
  name: "yaml-apart",
  setup(build) {
    let rewired = 0;
    let entry = 0;
    build.onLoad({ filter: /[\\/]src[\\/]runtime[\\/]yaml\.ts$/ }, () => {
      entry++;
      return { contents: `module.exports = require(${JSON.stringify(yamlEntry)});`, loader: "js", resolveDir: dirname(yamlEntry) };
    });
    build.onLoad({ filter: /[\\/]packages[\\/]core[\\/]dist[\\/][^\\/]+\.js$/ }, async (args) => {
      const code = await readFile(args.path, "utf8");
      if (!code.includes("requireHere(id)")) return undefined;
      rewired++;
      return { contents: code.replace("requireHere(id)", "__rulebookRequire(id)"), loader: "js" };
    });
    build.onEnd((result) => {
      if (rewired !== 1)
        result.errors.push({
          id: "",
          pluginName: "yaml-apart",
          text: `the core's lazy require of yaml was found ${rewired} times, not once`,
          location: null,
          notes: [],
          detail: undefined,
        });
      // src/runtime/yaml.ts moved once and the filter did not: dist/yaml.js was a shim loading the package's 74 files from node_modules.
      if (entry !== 1)
        result.errors.push({
          id: "",
          pluginName: "yaml-apart",
          text: `src/runtime/yaml.ts was built ${entry} times, not once, in place of the yaml package`,
          location: null,
          notes: [],
          detail: undefined,
        });
      rewired = 0;
      entry = 0;
    });
  },
};

/**
 * Rewrites the import() calls left in main.js, mcp-sdk.js and yaml.js (those esbuild could not bundle:
 * the project's configuration, provider packages, lilconfig, yaml) into calls of
 * `__rulebookImport`, the bin's own import() (src/runtime/boot.ts): an import() in code compiled from a
 * V8 code cache fails in Node 20. Found by parsing the output, so text that merely reads
 * "import(" is left alone. Then names the build in a last line, which the code cache's header
 * repeats (src/runtime/boot.ts).
 */
const runtimeImportsThroughBin: NonNullable<Options["plugins"]>[number] = {
  name: "runtime-imports-through-bin",
  renderChunk(code, chunk) {
    if (![`${sep}main.js`, `${sep}mcp-sdk.js`, `${sep}yaml.js`].some((name) => chunk.path.endsWith(name))) return undefined;
    const source = ts.createSourceFile(chunk.path, code, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
    const starts: number[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) starts.push(node.expression.getStart(source));
      ts.forEachChild(node, visit);
    };
    visit(source);
    let out = code;
    for (const start of starts.sort((a, b) => b - a)) out = `${out.slice(0, start)}__rulebookImport${out.slice(start + "import".length)}`;
    // The bin reads the file as Latin-1 (one byte per character, no UTF-8 decoding) and compiles it
    // as it is, so it must be ASCII. esbuild escapes every other character in code but keeps
    // comments as written (zod's have a few): those become \u escapes, text in a comment.
    out = out.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
    // Node's CommonJS wrapper, written on the first line here rather than joined to the text by
    // the bin at run time (a second copy of the whole file per process), so stack traces keep
    // the file's line numbers. The last line names this build: the bin uses a code cache made from it only.
    const wrapped = `(function (exports, require, module, __filename, __dirname, __rulebookImport, __rulebookRequire) {${out}\n})\n`;
    return { code: `${wrapped}// rulebook-build ${createHash("sha256").update(wrapped).digest("hex").slice(0, 16)}\n` };
  },
};

export default packageBuild(undefined, {
  entry: { cli: "src/runtime/boot.ts", main: "src/cli.ts", "mcp-sdk": "src/mcp/sdk.ts", yaml: "src/runtime/yaml.ts" },
  format: ["cjs"],
  outExtension: () => ({ js: ".js" }),
  dts: false,
  // One file per entry; the commands' dynamic imports become lazily run parts of main.js.
  splitting: false,
  // esbuild's own tree shaking; tsup's extra Rollup pass would rewrite the CommonJS output.
  treeshake: false,
  // Everything is bundled but this package's runtime dependencies: yaml (the core requires it
  // lazily, on first use) and lilconfig (imported only when a configuration file exists).
  noExternal: [/^(?!(yaml|lilconfig)(\/|$))/],
  external: ["yaml", "lilconfig"],
  esbuildPlugins: [mcpSdkApart, childProcessOnUse, yamlApart],
  plugins: [runtimeImportsThroughBin],
  // `import.meta.url` is the bundle file's URL, as it was for the ES module build.
  define: { "import.meta.url": "importMetaUrl" },
  // Whitespace, comments and syntax minified, names kept (so an unexpected error's stack still
  // names its functions): main.js 607 → 421 KB, and each process starts 4–9 ms sooner (the
  // source read and every function compiled outside the code cache scan less text; README,
  // Decisions, *Start-up*). Renaming identifiers too gained 0–10 ms more in three passes: not
  // worth stacks of mangled names.
  esbuildOptions(options) {
    options.minifyWhitespace = true;
    options.minifySyntax = true;
    // Three warnings about what is meant, silenced so a build prints only what needs a look:
    // boot.ts passes import()'s options through on purpose (the specifier is a plugin's); yaml.ts is
    // a CommonJS shim by design (the one require of yaml); and the core's type-only modules leave
    // empty chunks whose bare imports a side-effect-free package may drop.
    options.logOverride = {
      ...options.logOverride,
      "unsupported-dynamic-import": "silent",
      "commonjs-variable-in-esm": "silent",
      "ignored-bare-import": "silent",
    };
  },
  inject: ["scripts/import-meta-url.js"],
  // The o200k token table the bundled counter reads (@rulebook/tokenizer-o200k's, copied beside
  // main.js), then the CommonJS marker and the code caches, taken from runs of `inspect --json`
  // and `mcp` on the example project, of `--help`, and of `lint --json` on a rule whose
  // frontmatter needs the yaml package.
  onSuccess: "node scripts/copy-o200k-table.js && node scripts/code-cache.js",
});
