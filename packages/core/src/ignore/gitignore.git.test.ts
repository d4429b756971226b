import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type IgnoreFile, compileIgnoreFile, isIgnored } from "./gitignore.js";
import { ignoreLine, pathName } from "./gitignore.arbitraries.js";

// Every verdict the walk asks for, compared with git itself: real `git check-ignore` in a
// temporary repository holding the fixture's ignore files and a tree of paths, asked once.
// Only the tree's folders are made on disk: git reads a path's kind from the disk (a folder
// pattern `dir/` matches only a real folder), and a path that is not there is a file to it,
// so the files need not exist. Each repository is removed by the test that made it, and
// lives in memory where Linux offers it (/dev/shm): a few thousand folders made and removed
// on a disk mounted with `discard` took CI two minutes under load. Each repository is asked
// twice, with `core.ignorecase` false and true, so the case-insensitive comparison costs no disk.

const gitMissing = spawnSync("git", ["--version"]).error !== undefined;
const fixtures = new URL("../../test/fixtures/", import.meta.url).pathname;

/** Names that the fixtures' patterns are about, and names next to them that they must not catch. */
const NAMES = [
  ...["node_modules", "dist", "build", "out", "coverage", ".next", ".env", ".env.local", ".env.example", ".env.production.local"],
  ...[".vscode", "settings.json", "extensions.json", "launch.json", ".yarn", "patches", "releases", "cache", "key.pem"],
  ...["tsconfig.tsbuildinfo", "npm-debug.log", "npm-debug.log.1", "yarn-error.log", "src", "generated", "README.md", "index.ts"],
  ...["public", "sw.js", "workbox-abc.js", "next-env.d.ts", ".vercel", ".idea", "__pycache__", "mod.pyc", "mod.py", "x$py.class"],
  ...["lib", "pkg.egg-info", "pkg.egg", ".coverage", ".coverage.x", "htmlcov", ".venv", "venv", "env", "_build", "api", "index.rst"],
  ...["target", "main.rs.bk", "a.pdb", "x.iml", "notes~", "x.swp", "snapshots", "a.new", "keep.new", "Cargo.lock", "tmp", "x.vsix"],
  ...[".husky", "_", ".cline", "enterprise", "remote-config", "CLAUDE.local.md", "webview", "app.js", "app.js.map", ".github"],
  ...["scripts", "act", "x-evals.env", ".secrets", "proto", "logs", "x.log", "dist-ssr", "app.local", "x.swo", "types", "custom.d.ts"],
  ...["x.tgz", "#notes", "!important", "trailing", "trailing   ", "kept ", "kept", "two ", "two  ", "tab\t", "tab", "x.o", "x.a"],
  ...["cx", "ax", "by", "dy", "5z", "]w", "-v", "av", "open[bracket", "ends", "ends\\", "q1", "qq", "foo", "foobar", "bar", "baz"],
  ...["bazz", "qux", "lit", "literal", "deep", "end", "anchored", "mid", "dle", "a", "b", "keep", "dironly", "***star", "star"],
  ...["x", "*literal", "éa", "éé", "e", "nested", "sub", "y.keep", "y.drop", "unignored", "apps", "extension", "packages", "crates"],
  ...["xlit", "xl", "ylit", " s", "\ts", "\vs", "\fs", "\rs", "as"],
];

/** Names a clone on macOS or Windows holds next to the ones above: the same words in other cases. */
const MIXED_CASE = [
  ...["Build", "BUILD", "DIST", "Dist", ".DS_Store", ".ds_store", "Thumbs.db", "THUMBS.DB", "desktop.ini", "README.MD", "Readme.md"],
  ...["Debug", "DEBUG", "Release", "bin", "BIN", "Obj", "x.Cache", "x.CACHE", "a.user", "A.USER", "Log", "app.log", "App.Log", "._x"],
  ...["Docs", "Generated", "GENERATED", "Src", "a.tmp", "a.TMP", "Node_Modules", "Dist-PLAN.md", "x-plan.md", "Keep.Generated.md"],
  ...["keep.generated.md", "Page.GENERATED.md", "_site", "_Site", "Ax", "ax", "Bq", "bq", "Ay", "ay", "Dy", "Az", "az", "Zw", "zw"],
  ...["Éa", "éA", "COVERAGE", ".ENV", "Target", "NPM-DEBUG.LOG", "X.SWP", "Cargo.LOCK", ".VSCODE", "Settings.json", "Packages", "Foo"],
];

/** Paths the random trees would seldom hold: where git's stars, prefixes and rule order show. */
const QUIRK_PATHS = [
  ...["bar/bazqux", "bar/baz/x/qux", "bar/baz/qux", "bar/bazz/qux", "bar/qux", "deep/end", "deep/a/b/end", "a/b/deep", "mid/dle"],
  ...["nested/mid/dle", "nested/sub/y.keep", "nested/sub/y.drop", "nested/y.keep", "x/a/x/b", "ab", "a/b", "ax/y/b", "b/keep"],
  ...["b/keepx", "xlit", "xl", "ylit", "c/xlit", "dironly/x", "e/dironly/y", "é/éa", "ends\\"],
  ...["BAR/BAZ/QUX", "Deep/A/END", "Mid/Dle", "Src/a/b.tmp", "Src/B.TMP", "src/b.tmp", "Docs/Generated", "docs/generated"],
  ...["DOCS/GENERATED", "Docs/_site", "Docs/Page.Generated.md", "Docs/keep.generated.md", "Build/x", "sub/Build"],
];

/** A seeded generator, so that a red run names paths that can be looked at again. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface Tree {
  /** Every path, parents before children. */
  paths: string[];
  folders: Set<string>;
}

/** Random paths of up to four levels below each folder that holds an ignore file, and their parents. */
function randomTree(seed: number, roots: readonly string[], names: readonly string[], count: number, extra: readonly string[] = []): Tree {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const leaves = new Set<string>(extra);
  for (let i = 0; i < count; i++) {
    const parts = Array.from({ length: 1 + Math.floor(next() * 4) }, () => pick(names));
    const root = pick(roots);
    leaves.add(root === "" ? parts.join("/") : `${root}/${parts.join("/")}`);
  }
  const folders = new Set<string>(roots.filter((r) => r !== ""));
  for (const root of roots) for (let at = root.indexOf("/"); at !== -1; at = root.indexOf("/", at + 1)) folders.add(root.slice(0, at));
  for (const leaf of leaves) for (let at = leaf.indexOf("/"); at !== -1; at = leaf.indexOf("/", at + 1)) folders.add(leaf.slice(0, at));
  for (const leaf of leaves) if (!folders.has(leaf) && next() < 0.3) folders.add(leaf);
  const paths = [...new Set([...folders, ...leaves])].sort((a, b) => a.split("/").length - b.split("/").length || (a < b ? -1 : 1));
  return { paths, folders };
}

interface Scenario {
  /** Ignore files by the folder they stand in (`""` for the root). */
  ignoreFiles: Map<string, string>;
  exclude?: string;
  tree: Tree;
}

/** A new empty folder, in memory if the machine has /dev/shm, else in the temporary folder. */
function scratchFolder(): string {
  try {
    return mkdtempSync("/dev/shm/rulebook-gitignore-");
  } catch {
    return mkdtempSync(join(tmpdir(), "rulebook-gitignore-"));
  }
}

/** What git ignores in one scenario, with `core.ignorecase` false and true. */
interface GitVerdicts {
  sensitive: Set<string>;
  insensitive: Set<string>;
}

/** Writes the scenario into a new git repository and returns the paths git ignores, asked all at once in each case mode. */
function gitVerdicts(scenario: Scenario): GitVerdicts {
  const repo = scratchFolder();
  try {
    return askGit(repo, scenario);
  } finally {
    rmSync(repo, { recursive: true, force: true });
  }
}

/** Fills `repo` with the scenario (its ignore files and folders) and asks git about every path once per case mode. */
function askGit(repo: string, scenario: Scenario): GitVerdicts {
  const env = { ...process.env, HOME: repo, XDG_CONFIG_HOME: repo, GIT_CONFIG_NOSYSTEM: "1" };
  const init = spawnSync("git", ["init", "-q", repo], { env });
  expect(init.status, String(init.stderr)).toBe(0);
  for (const path of scenario.tree.folders) mkdirSync(join(repo, path), { recursive: true });
  for (const [folder, text] of scenario.ignoreFiles) {
    mkdirSync(join(repo, folder), { recursive: true });
    writeFileSync(join(repo, folder, ".gitignore"), text);
  }
  if (scenario.exclude !== undefined) writeFileSync(join(repo, ".git/info/exclude"), scenario.exclude);
  const asked = scenario.tree.paths.filter((path) => !path.split("/").includes(".git"));
  const ask = (ignoreCase: boolean): Set<string> => {
    const answer = spawnSync("git", ["-c", `core.ignorecase=${ignoreCase}`, "check-ignore", "--no-index", "-z", "--stdin"], {
      cwd: repo,
      env,
      input: `${asked.join("\0")}\0`,
      maxBuffer: 64 * 1024 * 1024,
    });
    // 0: some path is ignored, 1: none is; anything else is git failing.
    expect([0, 1], String(answer.stderr)).toContain(answer.status);
    return new Set(
      String(answer.stdout)
        .split("\0")
        .filter((p) => p !== ""),
    );
  };
  return { sensitive: ask(false), insensitive: ask(true) };
}

interface Comparison {
  mismatches: string[];
  asked: number;
  ignored: number;
}

/** Both case modes of {@link compareMode}, git asked once per mode in one repository. */
function compare(scenario: Scenario): { sensitive: Comparison; insensitive: Comparison } {
  const git = gitVerdicts(scenario);
  return { sensitive: compareMode(scenario, git.sensitive, false), insensitive: compareMode(scenario, git.insensitive, true) };
}

/** Every path whose parent folders git does not ignore (all the walk asks about), with git's verdict and ours. */
function compareMode(scenario: Scenario, ignored: Set<string>, ignoreCase: boolean): Comparison {
  const compiled = new Map<string, IgnoreFile>();
  for (const [folder, text] of scenario.ignoreFiles) compiled.set(folder, compileIgnoreFile(text, folder, { ignoreCase }));
  const exclude = scenario.exclude === undefined ? [] : [compileIgnoreFile(scenario.exclude, "", { ignoreCase })];
  const mismatches: string[] = [];
  let asked = 0;
  let ignoredCount = 0;
  for (const path of scenario.tree.paths) {
    const parts = path.split("/");
    const parents = parts.slice(0, -1).map((_, i) => parts.slice(0, i + 1).join("/"));
    if (parents.some((parent) => ignored.has(parent))) continue;
    const chain = [...exclude, ...["", ...parents].flatMap((folder) => compiled.get(folder) ?? [])];
    const isFolder = scenario.tree.folders.has(path);
    const ours = isIgnored(chain, path, parts.at(-1) as string, isFolder);
    const git = ignored.has(path);
    asked++;
    if (git) ignoredCount++;
    if (ours !== git)
      mismatches.push(
        `${JSON.stringify(path)}${isFolder ? " (folder)" : ""}: git ${git ? "ignores" : "keeps"} it, we ${ours ? "ignore" : "keep"} it`,
      );
  }
  return { mismatches, asked, ignored: ignoredCount };
}

/** The ignore files of a fixture, by the folder they stand in. */
function fixtureIgnoreFiles(scenario: string): Map<string, string> {
  const files = new Map<string, string>();
  const proj = join(fixtures, scenario, "proj");
  for (const entry of readdirSync(proj, { recursive: true, withFileTypes: true })) {
    if (entry.name !== ".gitignore" || !entry.isFile()) continue;
    const folder = entry.parentPath.slice(proj.length + 1);
    files.set(folder, readFileSync(join(entry.parentPath, entry.name), "utf8"));
  }
  return files;
}

function fixtureScenario(name: string, exclude?: string, transform = (text: string) => text): Scenario {
  const ignoreFiles = new Map([...fixtureIgnoreFiles(name)].map(([folder, text]) => [folder, transform(text)]));
  return { ignoreFiles, exclude, tree: randomTree(name.length * 7919, [...ignoreFiles.keys()], [...NAMES, ...MIXED_CASE], 2500, QUIRK_PATHS) };
}

describe.skipIf(gitMissing)(gitMissing ? "git check-ignore (skipped: git is not installed)" : "against git check-ignore", () => {
  const cases: [string, () => Scenario][] = [
    ["Node and Next.js, with .git/info/exclude", () => fixtureScenario("gitignore-node", "scratch/\n*.local-notes\n!dist\n")],
    ["Python, with a docs/.gitignore", () => fixtureScenario("gitignore-python")],
    ["Rust, with a crate's own .gitignore", () => fixtureScenario("gitignore-rust")],
    ["a monorepo with nested .gitignore files and negations", () => fixtureScenario("gitignore-monorepo")],
    [
      "a clone made on macOS or Windows: mixed-case patterns, Visual Studio's [Dd]ebug/",
      () => fixtureScenario("gitignore-casefold", ".DS_STORE\nScratch/\n"),
    ],
    ["escapes, classes, odd stars and patterns that cannot match", () => fixtureScenario("gitignore-quirks")],
    [
      "the same written with CRLF line ends and a BOM",
      () => fixtureScenario("gitignore-quirks", undefined, (text) => `\uFEFF${text.replaceAll("\n", "\r\n")}`),
    ],
  ];
  for (const [title, scenario] of cases) {
    it(`gives git's verdict on every path, with core.ignorecase false and true: ${title}`, () => {
      const { sensitive, insensitive } = compare(scenario());
      expect(sensitive.mismatches).toEqual([]);
      expect(insensitive.mismatches).toEqual([]);
      for (const { asked, ignored } of [sensitive, insensitive]) {
        // Both verdicts are well represented, or the comparison proves little.
        expect(ignored).toBeGreaterThan(50);
        expect(asked - ignored).toBeGreaterThan(50);
      }
      // Folding case changes verdicts here, or the insensitive run proves little.
      expect(insensitive.ignored).not.toBe(sensitive.ignored);
    }, 60_000);
  }

  it("gives git's verdict on generated patterns at the root and in nested folders, with core.ignorecase false and true", () => {
    const seeds = process.env.CI ? [1, 2, 3, 4, 5, 6] : [Date.now() % 100_000, 2, 3, 4, 5, 6];
    for (const seed of seeds) {
      const files = fc.sample(fc.array(ignoreLine, { minLength: 1, maxLength: 25 }), { seed, numRuns: 3 });
      const ignoreFiles = new Map([
        ["", files[0]?.join("\n") ?? ""],
        ["a", files[1]?.join("\r\n") ?? ""],
        ["b/ab", `${files[2]?.join("\n") ?? ""}\n`],
      ]);
      const names = fc.sample(pathName, { seed, numRuns: 40 });
      const tree = randomTree(seed, [...ignoreFiles.keys()], [...new Set(names)], 800);
      const { sensitive, insensitive } = compare({ ignoreFiles, tree });
      expect(sensitive.mismatches, `seed ${seed}, ignore files ${JSON.stringify([...ignoreFiles])}`).toEqual([]);
      expect(insensitive.mismatches, `core.ignorecase, seed ${seed}, ignore files ${JSON.stringify([...ignoreFiles])}`).toEqual([]);
    }
  }, 60_000);
});
