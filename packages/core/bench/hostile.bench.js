// Hostile rule files of issue 19 (SPEC §13 v2: no step worse than linear in a file's size).
// For each hostile input, the time at size N and at 2N, measured side by side in one run
// (medians of alternating runs), and their ratio: about 2 is linear, about 4 quadratic, about 1
// means a bound stops the work early. Each step alone, then a whole load of the file from disk.
// Uses the built package: run `pnpm build` first (`DIST=/path/to/old/dist` measures another build).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";

const dist = process.env.DIST === undefined ? new URL("../dist/", import.meta.url) : pathToFileURL(`${process.env.DIST}/`);
const {
  checkHiddenInField,
  globProblem,
  hiddenCharacterDiagnostics,
  loadRules,
  matchGlobs,
  nameTwinDiagnostics,
  normalizeRuleName,
  partitionRules,
  resolveRuleUrl,
  stripHiddenCharacters,
} = await import(new URL("index.js", dist).href);
const { defineProvider, expandImports, parseFrontmatter, readGlobList } = await import(new URL("provider-api.js", dist).href);
const { memoryFs } = await import(new URL("testing.js", dist).href);

const RUNS = Number(process.env.RUNS ?? 7);
// `ONLY=globs node bench/hostile.bench.js` runs the inputs whose label contains "globs".
const ONLY = process.env.ONLY;
const KIB = 1024;

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function time(run) {
  const start = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** Times `step(input(n))` and `step(input(2n))` alternately; inputs are built outside the timing. */
async function measure(label, n, unit, input, step) {
  const small = input(n);
  const large = input(2 * n);
  const a = [];
  const b = [];
  await step(small);
  await step(large);
  for (let i = 0; i < RUNS; i++) {
    a.push(await time(() => step(small)));
    b.push(await time(() => step(large)));
  }
  const [ta, tb] = [median(a), median(b)];
  const ratio = tb / Math.max(ta, 0.001);
  const verdict = ratio > 3 ? "  <-- worse than linear?" : "";
  console.log(
    `${label.padEnd(58)} ${`${fmt(n)} ${unit}`.padStart(14)} ${ta.toFixed(2).padStart(9)} ms   ${`${fmt(2 * n)} ${unit}`.padStart(14)} ${tb.toFixed(2).padStart(9)} ms   x${ratio.toFixed(2)}${verdict}`,
  );
  return ratio;
}

const fmt = (n) => n.toLocaleString("en-US");
const frontmatterKeys = (bytes) => {
  const lines = ["---"];
  let size = 4;
  for (let i = 0; size < bytes; i++) {
    const line = `k${i}: [v]`;
    lines.push(line);
    size += line.length + 1;
  }
  return `${lines.join("\n")}\n---\nBody.`;
};
const repeatTo = (unit, length) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
const cases = [];

// Frontmatter: keys (item 4), duplicate keys, a frontmatter never closed, one huge value.
cases.push(["frontmatter: `k: [v]` lines (item 4)", 256 * KIB, "bytes", frontmatterKeys, (t) => parseFrontmatter(t)]);
cases.push(["frontmatter: one key repeated", 256 * KIB, "bytes", (n) => `---\n${repeatTo("a: 1\n", n)}---\nBody.`, (t) => parseFrontmatter(t)]);
cases.push(["frontmatter: never closed", 256 * KIB, "bytes", (n) => `---\n${repeatTo("k: v\n", n)}`, (t) => parseFrontmatter(t)]);
const nested = (bytes) => {
  const lines = ["---", "a:"];
  for (let i = 0, size = 7; size < bytes; i++) size += lines[lines.push(` k${i}: 1`) - 1].length + 1;
  return `${lines.join("\n")}\n---\nBody.`;
};
cases.push(["frontmatter: nested keys under one key, below 32 KiB", 14 * KIB, "bytes", nested, (t) => parseFrontmatter(t)]);
cases.push([
  "frontmatter: small block, long body",
  256 * KIB,
  "bytes",
  (n) => `---\nglobs: a\n---\n${repeatTo("body ", n)}`,
  (t) => parseFrontmatter(t),
]);

// Hidden characters (items 5, 15): one long run, many short runs, emoji with selectors.
cases.push([
  "hidden: U+200B on one line, diagnostics (item 5)",
  120 * KIB,
  "chars",
  (n) => `a${"\u200B".repeat(n)}b`,
  (t) => hiddenCharacterDiagnostics(t, {}),
]);
cases.push(["hidden: U+200B on one line, strip", 120 * KIB, "chars", (n) => `a${"\u200B".repeat(n)}b`, (t) => stripHiddenCharacters(t)]);
cases.push([
  "hidden: `a\\u200B` alternating, diagnostics",
  120 * KIB,
  "chars",
  (n) => repeatTo("a\u200B", n),
  (t) => hiddenCharacterDiagnostics(t, {}),
]);
cases.push([
  "hidden: emoji + variation selectors, diagnostics",
  120 * KIB,
  "chars",
  (n) => repeatTo("\u{1F600}\uFE0F\u{E0100}x", n),
  (t) => hiddenCharacterDiagnostics(t, {}),
]);
cases.push([
  "hidden: line breaks + U+202E, diagnostics",
  120 * KIB,
  "chars",
  (n) => repeatTo("x\u202E\n", n),
  (t) => hiddenCharacterDiagnostics(t, {}),
]);

// @imports: many references, many code spans, an unclosed fence.
const importContext = (files) => ({ cwd: "/p", root: "/p", home: "/h", fs: memoryFs(files), maxFileBytes: 1024 * KIB });
const importOptions = { context: importContext({ "/p/a.md": "A" }), path: "/p/r.md", provider: "bench", level: "project" };
cases.push(["@imports: `@a.md ` repeated", 128 * KIB, "bytes", (n) => repeatTo("@a.md ", n), (t) => expandImports(t, importOptions)]);
cases.push(["@imports: `@missing.md ` repeated", 128 * KIB, "bytes", (n) => repeatTo("@missing.md ", n), (t) => expandImports(t, importOptions)]);
cases.push([
  "@imports: backticks and references interleaved",
  128 * KIB,
  "bytes",
  (n) => repeatTo("`x @a.md ", n),
  (t) => expandImports(t, importOptions),
]);
cases.push([
  "@imports: an unclosed fence, then references",
  128 * KIB,
  "bytes",
  (n) => `\`\`\`\n${repeatTo("@a.md\n", n)}`,
  (t) => expandImports(t, importOptions),
]);
cases.push([
  "@imports: e-mails and decorators (no file)",
  128 * KIB,
  "bytes",
  (n) => repeatTo("me@x.io @Input() ", n),
  (t) => expandImports(t, importOptions),
]);

// Globs (items 2, 8): refused by size, matched at the bounds against long names, glob lists.
const wild = `${"*?".repeat(16)}.zz`;
cases.push(["globs: globProblem on one long glob (item 2)", 64 * KIB, "chars", (n) => "a".repeat(n), (g) => globProblem(g)]);
cases.push(["globs: 32 wildcards `*?` vs a long path (item 8)", 4 * KIB, "chars", (n) => `src/${"b".repeat(n)}.ts`, (p) => matchGlobs([wild], p)]);
cases.push(["globs: 32 `**/` vs a deep path", 4 * KIB, "chars", (n) => repeatTo("ab/", n), (p) => matchGlobs([`${"**/".repeat(16)}x`], p)]);
cases.push([
  "globs: braces at the bounds vs a long path",
  4 * KIB,
  "chars",
  (n) => `${"a".repeat(n)}.zz`,
  (p) => matchGlobs([`{${"*a,".repeat(10)}b}*a*a*a*.zz`], p),
]);
cases.push([
  "globs: a glob list key of N bytes (readGlobList)",
  128 * KIB,
  "bytes",
  (n) => repeatTo("src/**/*.ts, ", n),
  (v) => readGlobList(v, "globs", {}),
]);

// Rule names: hidden characters and NFD in one long name, many names for twins.
cases.push(["names: normalizeRuleName, NFD + U+200B", 64 * KIB, "chars", (n) => repeatTo("e\u0301\u200B", n), (s) => normalizeRuleName(s)]);
cases.push(["names: checkHiddenInField on a name", 64 * KIB, "chars", (n) => repeatTo("de\u202Eploy", n), (s) => checkHiddenInField(s, "name", {})]);
cases.push([
  "names: nameTwinDiagnostics, NFC/NFD pairs",
  20_000,
  "names",
  (n) => Array.from({ length: n }, (_, i) => ({ name: i % 2 ? `caf\u00e9${i >> 1}` : `cafe\u0301${i >> 1}`, path: `/p/${i}.md`, provider: "x" })),
  (files) => nameTwinDiagnostics(files),
]);

// rule:// (item 21) in a project of N rules, the partition and its index built once per project,
// as a server keeps them: 1,000 hits cost the same at N and 2N; one miss scans the names for
// close ones (linear) and its error stays short.
const manyRules = (n) => {
  const partition = partitionRules(
    Array.from({ length: n }, (_, i) => ({
      name: `r${i}`,
      path: `/p/r${i}.md`,
      content: "c",
      description: "d",
      source: { provider: "x", providerName: "X", level: "project" },
    })),
  );
  resolveRuleUrl("rule://r0", partition);
  return partition;
};
const hits = (partition) => {
  for (let i = 0; i < 1000; i++) resolveRuleUrl(`rule://r${i * 37}`, partition);
};
const miss = (partition) => {
  try {
    resolveRuleUrl("rule://nope", partition);
  } catch (error) {
    if (error.message.length > 2000) throw new Error("rule:// error message is not short");
  }
};
cases.push(["rule://: 1,000 look-ups that hit", 50_000, "rules", manyRules, hits]);
cases.push(["rule://: one miss, its error message", 50_000, "rules", manyRules, miss]);

// A whole load of one hostile file from disk: reading, frontmatter, fields, hidden characters, names, imports.
const provider = defineProvider({
  id: "bench",
  displayName: "Bench",
  priority: 1,
  sources: () => [{ kind: "pattern", folder: ".bench/rules", extensions: [".md"], level: "project", imports: true }],
});
const scratch = mkdtempSync(join(tmpdir(), "rulebook-hostile-bench-"));
let folders = 0;
async function project(text) {
  const root = join(scratch, `p${folders++}`);
  const file = join(root, ".bench/rules/hostile.md");
  await mkdir(dirname(file), { recursive: true });
  writeFileSync(file, text);
  writeFileSync(join(root, "a.md"), "A");
  return root;
}
const load = async (rootPromise) => {
  const root = await rootPromise;
  return loadRules([provider], { cwd: root, root, home: join(scratch, "home") });
};
const whole = (label, n, make) => cases.push([`load: ${label}`, n, "bytes", (size) => project(make(size)), load]);
whole("frontmatter keys", 256 * KIB, frontmatterKeys);
whole("U+200B on one line", 256 * KIB, (n) => `---\ndescription: d\n---\na${"\u200B".repeat(n / 3)}b`);
whole("`@a.md` references", 256 * KIB, (n) => repeatTo("@a.md ", n));
whole("glob list of N bytes", 256 * KIB, (n) => `---\nglobs: ${repeatTo("src/**/*.ts,", n - 20)}\n---\nBody.`);
whole("description of invisible characters", 256 * KIB, (n) => `---\ndescription: "${repeatTo("x\\u200B", n - 30)}"\n---\nBody.`);

// .gitignore (issue 39, items 7 and 8): a whole load of a project of 40 folders (one named with
// 30 `a`s, others with digits) under one root .gitignore of N bytes of one kind of line. Only the
// folders and the files a source could read are asked about, as in a real walk.
const agents = defineProvider({
  id: "bench-agents",
  displayName: "Bench",
  priority: 1,
  sources: () => [{ kind: "pattern", file: "AGENTS.md", name: "AGENTS", level: "project", activation: "always" }],
});
async function ignoring(text) {
  const root = join(scratch, `p${folders++}`);
  for (const name of ["a".repeat(30), ...Array.from({ length: 39 }, (_, i) => `pkg${i * 7919}x`)]) {
    mkdirSync(join(root, name, "src"), { recursive: true });
    writeFileSync(join(root, name, "AGENTS.md"), "Use tabs.");
  }
  mkdirSync(join(root, ".git"));
  writeFileSync(join(root, ".gitignore"), text);
  return root;
}
const loadIgnoring = async (rootPromise) => {
  const root = await rootPromise;
  return loadRules([agents], { cwd: root, root, home: join(scratch, "home") });
};
const ignoreLines = (line) => (n) => {
  let text = "";
  for (let i = 0; ; i++) {
    const next = `${line(i)}\n`;
    if (text.length + next.length > n) return text;
    text += next;
  }
};
const gitignore = (label, n, unit, make) => cases.push([`.gitignore: ${label}`, n, unit, (size) => ignoring(make(size)), loadIgnoring]);
gitignore(
  "literal names `n<i>`",
  256 * KIB,
  "bytes",
  ignoreLines((i) => `n${i}`),
);
gitignore(
  "suffixes `*.x<i>`",
  256 * KIB,
  "bytes",
  ignoreLines((i) => `*.x${i}`),
);
gitignore(
  "wildcard names `a<i>*b`",
  256 * KIB,
  "bytes",
  ignoreLines((i) => `a${i}*b`),
);
gitignore(
  "wildcard paths `d<i>/*.x`",
  256 * KIB,
  "bytes",
  ignoreLines((i) => `d${i}/*.x`),
);
gitignore(
  "wildcards with no literal to index, `*<i>*`",
  16 * KIB,
  "bytes",
  ignoreLines((i) => `*${i}*`),
);
gitignore("`**/**/a*a*…a*b` vs 30 `a`s (item 7)", Number(process.env.STARS ?? 8), "stars", (n) => `**/**/${"a*".repeat(n)}b\n`);
const mixed = ["n<i>", "*.x<i>", "a<i>*b", "d<i>/*.x", "/build<i>", "!keep<i>", "*<i>*"];
gitignore(
  "mixed lines up to 1 MiB (item 8)",
  512 * KIB,
  "bytes",
  ignoreLines((i) => (mixed[i % mixed.length] ?? "").replace("<i>", String(i))),
);

try {
  console.log(`${"input".padEnd(58)} ${"N".padStart(14)} ${"time".padStart(12)}   ${"2N".padStart(14)} ${"time".padStart(12)}   ratio`);
  let worst = 0;
  for (const [label, n, unit, input, step] of cases) {
    if (ONLY && !label.includes(ONLY)) continue;
    worst = Math.max(worst, await measure(label, n, unit, input, step));
  }
  console.log(`\nworst ratio x${worst.toFixed(2)} (linear is about 2; a ratio near 4 would be quadratic)`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
