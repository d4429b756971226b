import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CLI, exampleArgs, runCli } from "../../test/helpers.js";

// The built bin runs dist/main.js with a V8 code cache from its own dist/: main.cache for
// commands, help.cache for --help and --version (README "Start-up").
// These tests run a copy of dist/ in a temporary package folder, so each can give it its own
// cache (a good one, a corrupted one, none) without touching the build the other tests use.

const DIST = dirname(CLI);
const APP = dirname(DIST);

/** A copy of the built package: its own dist/ (the big, read-only files linked), and the app's node_modules. */
function copyOfPackage(): { dist: string; cli: string; cache: string; helpCache: string } {
  const root = mkdtempSync(join(tmpdir(), "rulebook-start-up-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const dist = join(root, "dist");
  mkdirSync(dist);
  for (const file of ["cli.js", "main.js", "package.json"]) copyFileSync(join(DIST, file), join(dist, file));
  for (const file of ["mcp-sdk.js", "yaml.js", "o200k.bin"]) symlinkSync(join(DIST, file), join(dist, file));
  symlinkSync(join(APP, "node_modules"), join(root, "node_modules"));
  return { dist, cli: join(dist, "cli.js"), cache: join(dist, "main.cache"), helpCache: join(dist, "help.cache") };
}

/** Runs a built bin; `report` asks it to say on stderr whether it used a code cache. */
function run(cli: string, args: readonly string[], options: { cwd?: string; mode?: "write" | "report"; node?: readonly string[] } = {}) {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
  // V8 rejects a cache made under other V8 flags: run as the build does.
  env.NODE_OPTIONS = "";
  env.NO_COLOR = "1";
  if (options.mode) env.RULEBOOK_CODE_CACHE = options.mode;
  else delete env.RULEBOOK_CODE_CACHE;
  const result = spawnSync(process.execPath, [...(options.node ?? []), cli, ...args], { encoding: "utf8", input: "", cwd: options.cwd, env });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const listing = (dir: string) =>
  readdirSync(dir)
    .sort()
    .map((name) => `${name} ${statSync(join(dir, name)).size} ${statSync(join(dir, name)).mtimeMs}`);

const inspect = ["inspect", "--json", ...exampleArgs];

describe("the built CLI's start-up", () => {
  it("is CommonJS in a module package: dist/package.json says so, and the bin has its shebang", () => {
    expect(JSON.parse(readFileSync(join(DIST, "package.json"), "utf8"))).toEqual({ type: "commonjs" });
    expect(readFileSync(CLI, "utf8")).toMatch(/^#!\/usr\/bin\/env node\n/);
    for (const cache of ["main.cache", "help.cache", "mcp-sdk.cache", "yaml.cache"])
      expect(readFileSync(join(DIST, cache), "latin1")).toMatch(/^rulebook-code-cache-1 /);
  });

  it("uses the code cache in its own dist/, and gives the same output as without it", () => {
    const copy = copyOfPackage();
    const without = run(copy.cli, inspect, { mode: "report" });
    expect(without.stderr).toBe(`rulebook: code cache missing: ${copy.cache}\n`);
    // What the build does (scripts/code-cache.js), in the copy.
    expect(run(copy.cli, inspect, { mode: "write" }).code).toBe(0);
    const withCache = run(copy.cli, inspect, { mode: "report" });
    expect(withCache.stderr).toBe(`rulebook: code cache accepted: ${copy.cache}\n`);
    expect(withCache.stdout).toBe(without.stdout);
    expect(withCache.code).toBe(0);
    expect(JSON.parse(withCache.stdout).rules.length).toBeGreaterThan(0);
    // --help has its own, smaller cache.
    const helpWithout = run(copy.cli, ["--help"], { mode: "report" });
    expect(helpWithout.stderr).toBe(`rulebook: code cache missing: ${copy.helpCache}\n`);
    run(copy.cli, ["--help"], { mode: "write" });
    const help = run(copy.cli, ["--help"], { mode: "report" });
    expect(help.stderr).toBe(`rulebook: code cache accepted: ${copy.helpCache}\n`);
    expect(help.stdout).toBe(helpWithout.stdout);
    expect(help.stdout).toContain("Usage: rulebook");
  });

  it("compiles normally, silently, with a corrupted or foreign cache, and never writes one at run time", () => {
    const copy = copyOfPackage();
    const normal = runCli(inspect);
    const good = (() => {
      run(copy.cli, inspect, { mode: "write" });
      return readFileSync(copy.cache);
    })();
    // The header is 64 bytes; V8's data follows, its version hash in its second 32-bit word.
    // Damage past V8's own header passes V8's checks (a release build has no checksum) and
    // would crash the process: the bin's checksum must catch it.
    const corrupted = Buffer.from(good);
    for (let i = 64 + 256; i < corrupted.length; i += 97) corrupted.writeUInt8(corrupted.readUInt8(i) ^ 0xff, i);
    // A disk damages whole sectors: one 512-byte sector of garbage in the middle of the data.
    const sector = Buffer.from(good);
    sector.fill(0xa5, 64 + 512 * Math.floor(good.length / 1024), 64 + 512 * (Math.floor(good.length / 1024) + 1));
    const foreign = Buffer.from(good);
    foreign.writeUInt32LE(foreign.readUInt32LE(64 + 4) ^ 0x5a5a5a5a, 64 + 4);
    const otherBuild = Buffer.from(good);
    otherBuild.write("0123456789abcdef", "rulebook-code-cache-1 ".length, "latin1");
    for (const [what, bytes] of [
      ["corrupted", corrupted],
      ["with a damaged sector", sector],
      ["made by another Node", foreign],
      ["made from another main.js", otherBuild],
      ["truncated", good.subarray(0, good.length - 1000)],
      ["empty", Buffer.alloc(0)],
    ] as const) {
      writeFileSync(copy.cache, bytes);
      const before = listing(copy.dist);
      const result = run(copy.cli, inspect);
      expect(result.stdout, what).toBe(normal.stdout);
      expect(result.stderr, what).toBe(normal.stderr);
      expect(result.code, what).toBe(normal.code);
      expect(run(copy.cli, inspect, { mode: "report" }).stderr, what).toBe(`rulebook: code cache rejected: ${copy.cache}\n${normal.stderr}`);
      expect(listing(copy.dist), what).toEqual(before);
      expect(readFileSync(copy.cache).equals(bytes), what).toBe(true);
    }
  });

  it("starts V8's optimising compiler later with caches that match, and leaves a budget given to node alone", () => {
    // The bin raises V8's --interrupt-budget before compiling; the build's caches were made so.
    const normal = run(CLI, inspect, { mode: "report" });
    expect(normal.stderr).toBe(`rulebook: code cache accepted: ${join(DIST, "main.cache")}\n`);
    // Had the bin replaced the user's budget with its own, V8's flags would match the cache's.
    const own = run(CLI, inspect, { mode: "report", node: ["--interrupt-budget=70000"] });
    expect(own.stderr).toBe(`rulebook: code cache rejected: ${join(DIST, "main.cache")}\n`);
    expect(own.stdout).toBe(normal.stdout);
    expect(own.code).toBe(0);
  });

  it("reads a code cache from its own dist/ only: never from the project, the current folder, the home folder or the package root", () => {
    const copy = copyOfPackage();
    run(copy.cli, inspect, { mode: "write" });
    const good = readFileSync(copy.cache);
    rmSync(copy.cache);
    const { root, home, proj } = places();
    const packageRoot = dirname(copy.dist);
    const elsewhere = [
      ...["main.cache", "dist/main.cache", "node_modules/.cache/main.cache"].flatMap((path) => [join(proj, path), join(home, path)]),
      join(packageRoot, "main.cache"),
    ];
    for (const path of elsewhere) {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, good);
    }
    const before = listing(copy.dist);
    const result = run(copy.cli, ["lint", "--json", "--cwd", proj, "--root", proj, "--home", home], { cwd: proj, mode: "report" });
    expect(result.stderr).toBe(`rulebook: code cache missing: ${copy.cache}\n`);
    expect(result.code).toBe(0);
    expect(listing(copy.dist)).toEqual(before);
    expect(readdirSync(root).sort()).toEqual(["home", "proj"]);
  });

  it("names its main.js, where it is installed, and real lines in stack traces, also with the build's cache", () => {
    // A stdout that throws when asked whether it is a terminal (human output asks, for colours):
    // the app reports it as an unexpected error, with its stack.
    const hook = join(places().root, "throwing-stdout.cjs");
    writeFileSync(hook, 'Object.defineProperty(process, "stdout", { get() { throw new Error("stdout is gone"); } });\n');
    // The cache the build made in this repository's dist/, used from another folder.
    const copy = copyOfPackage();
    copyFileSync(join(DIST, "main.cache"), copy.cache);
    const result = spawnSync(process.execPath, ["--require", hook, copy.cli, "lint", ...exampleArgs], {
      encoding: "utf8",
      env: { ...process.env, NODE_OPTIONS: "", NO_COLOR: "1", RULEBOOK_CODE_CACHE: "report" },
    });
    expect(result.stderr).toContain(`rulebook: code cache accepted: ${copy.cache}\n`);
    expect(result.stderr).toContain("rulebook: unexpected error: Error: stdout is gone\n    at ");
    const frames = [...result.stderr.matchAll(/^ {4}at (?:.* \()?(.+?):(\d+):(\d+)\)?$/gm)].map(([, path, line]) => ({ path, line: Number(line) }));
    expect(frames.filter(({ path }) => path !== hook && !path?.startsWith("node:")).map(({ path }) => path)).toEqual(
      expect.arrayContaining([join(copy.dist, "main.js")]),
    );
    for (const { path } of frames) expect([hook, join(copy.dist, "main.js")].includes(path ?? "") || path?.startsWith("node:")).toBe(true);
    const lines = readFileSync(join(copy.dist, "main.js"), "utf8").split("\n");
    for (const { path, line } of frames) if (path === join(copy.dist, "main.js")) expect(lines[line - 1], `main.js:${line}`).toMatch(/\S/);
  });

  it("writes each file the bin compiles as ASCII (read as Latin-1), one function expression with Node's wrapper on its first line", () => {
    for (const name of ["main.js", "mcp-sdk.js", "yaml.js"]) {
      const bytes = readFileSync(join(DIST, name));
      expect(
        bytes.findIndex((byte) => byte > 0x7f),
        name,
      ).toBe(-1);
      const text = bytes.toString("latin1");
      expect(text.slice(0, text.indexOf("{") + 1), name).toBe(
        "(function (exports, require, module, __filename, __dirname, __rulebookImport, __rulebookRequire) {",
      );
      expect(text, name).toMatch(/\n\}\)\n\/\/ rulebook-build [0-9a-f]{16}\n$/);
    }
  });

  it("keeps the MCP SDK apart: only `mcp` runs dist/mcp-sdk.js, with its own cache, and it holds no Rulebook code", () => {
    // In report mode the bin names each file's cache as it runs the file (whether V8 takes the
    // cache depends on the Node that built it; which files run does not).
    const runs = (args: string[]) => {
      const result = run(CLI, args, { mode: "report" });
      return [...result.stderr.matchAll(/^rulebook: code cache \w+: (.+)$/gm)].map(([, path]) => path);
    };
    // `mcp` serves until its input ends: here, at once.
    expect(runs(["mcp", ...exampleArgs])).toEqual([join(DIST, "main.cache"), join(DIST, "mcp-sdk.cache")]);
    for (const args of [inspect, ["lint", "--json", ...exampleArgs], ["prompt", ...exampleArgs]])
      expect(runs(args), args[0]).toEqual([join(DIST, "main.cache")]);
    expect(runs(["--help"])).toEqual([join(DIST, "help.cache")]);
    // esbuild names each bundled module in a comment; the workspace's packages and the app's
    // sources live only in main.js, so their classes (errors checked with instanceof) exist once.
    const sdk = readFileSync(join(DIST, "mcp-sdk.js"), "utf8");
    expect(sdk).not.toMatch(/^\/\/ (\.\.\/\.\.\/packages\/|src\/(?!mcp\/sdk\.ts))/m);
    expect(readFileSync(join(DIST, "main.js"), "utf8")).not.toContain("node_modules/@modelcontextprotocol/");
  });

  it("keeps the yaml package apart: only frontmatter the fast path declines runs dist/yaml.js, with its own cache, and the result is the package's", () => {
    const runs = (args: string[]) => {
      const result = run(CLI, args, { mode: "report" });
      return { files: [...result.stderr.matchAll(/^rulebook: code cache \w+: (.+)$/gm)].map(([, path]) => path), result };
    };
    const { root, home } = places();
    // A list of mappings (a plan's to-dos, as real Cursor plan files keep them) is beyond the fast path.
    const proj = join(root, "nested");
    mkdirSync(join(proj, ".cursor/rules"), { recursive: true });
    writeFileSync(
      join(proj, ".cursor/rules/review.mdc"),
      "---\ndescription: How pull requests are reviewed\nglobs: src/**/*.ts\nalwaysApply: false\ntodos:\n  - id: owners\n    content: Name an owner\n    status: pending\n---\n\nOne approving review.\n",
    );
    const args = ["inspect", "--json", "--cwd", proj, "--root", proj, "--home", home];
    const { files, result } = runs(args);
    expect(files).toEqual([join(DIST, "main.cache"), join(DIST, "yaml.cache")]);
    expect(result.code).toBe(0);
    const rule = JSON.parse(result.stdout).rules.find((r: { name: string }) => r.name === "review");
    expect(rule).toMatchObject({ category: "auto-attach", globs: ["src/**/*.ts"], description: "How pull requests are reviewed" });
    // The fast path's shapes never load it: review metadata one level deep, dates, comments.
    expect(runs(inspect).files).toEqual([join(DIST, "main.cache")]);
    const metadata = join(root, "metadata");
    mkdirSync(join(metadata, ".cursor/rules"), { recursive: true });
    writeFileSync(
      join(metadata, ".cursor/rules/review.mdc"),
      "---\ndescription: How pull requests are reviewed\nglobs: src/**/*.ts\nversion: 2\nlastReviewed: 2025-06-01\nhealthScore:\n  content: green # kept current\n  owner: platform\n---\n\nOne approving review.\n",
    );
    const fast = runs(["inspect", "--json", "--cwd", metadata, "--root", metadata, "--home", home]);
    expect(fast.files).toEqual([join(DIST, "main.cache")]);
    expect(JSON.parse(fast.result.stdout).rules.find((r: { name: string }) => r.name === "review")).toMatchObject({ category: "auto-attach" });
    // dist/yaml.js is the package alone: no Rulebook code.
    expect(readFileSync(join(DIST, "yaml.js"), "utf8")).not.toMatch(/^\/\/ (\.\.\/\.\.\/packages\/|src\/(?!yaml\.ts))/m);
  });
});

/** An empty project and home folder. */
function places(): { root: string; proj: string; home: string } {
  const root = mkdtempSync(join(tmpdir(), "rulebook-start-up-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const proj = join(root, "proj");
  const home = join(root, "home");
  mkdirSync(proj);
  mkdirSync(home);
  writeFileSync(join(proj, "AGENTS.md"), "# Agents\n\nRun the tests before you commit.\n");
  return { root, proj, home };
}
