// `pnpm bench` for the o200k counter: what a process pays for exact o200k_base counts, this
// package against gpt-tokenizer (the source of its table), each run in a fresh process,
// alternating, medians. Nothing is asserted: this is a benchmark, not a test.
//   ready  from the import to a counter that has counted one short text
//   count  then counting the repository's markdown once (docs, every README, the CLI's
//          fixtures): cold code, as a command that counts a project's rules runs it
//   memory the process's peak resident set
//   BENCH_RUNS  runs of each (default 9)
import { spawnSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../..", import.meta.url));

/** The repository's markdown: what rule files look like, and the same texts in every run. */
function corpus() {
  const under = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === "node_modules" ? [] : under(path);
      return /\.(md|mdc)$/.test(entry.name) ? [path] : [];
    });
  const readmes = ["packages", "apps"].flatMap((parent) => readdirSync(join(root, parent)).map((name) => join(root, parent, name, "README.md")));
  const files = [...under(join(root, "docs")), ...under(join(root, "apps/cli/test/fixtures")), join(root, "README.md"), ...readmes];
  return files.flatMap((file) => {
    try {
      return [readFileSync(file, "utf8")];
    } catch {
      return [];
    }
  });
}

/** One measured process: prints its numbers as JSON. */
async function child(which) {
  const texts = corpus();
  const start = performance.now();
  let count;
  if (which === "o200k") {
    const { loadO200kCounter } = await import("../dist/index.js");
    count = await loadO200kCounter();
  } else {
    const { countTokens } = await import("gpt-tokenizer/encoding/o200k_base");
    const asText = { disallowedSpecial: new Set() };
    count = (text) => countTokens(text, asText);
  }
  count("Keep functions small.");
  const ready = performance.now() - start;
  let tokens = 0;
  for (const text of texts) tokens += count(text);
  const counted = performance.now() - start - ready;
  const chars = texts.reduce((n, t) => n + t.length, 0);
  console.log(JSON.stringify({ ready, counted, tokens, chars, rss: process.resourceUsage().maxRSS / 1024 }));
}

const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];

function parent() {
  const runs = Number(process.env.BENCH_RUNS ?? 9);
  const kinds = ["o200k", "gpt-tokenizer"];
  const samples = { o200k: [], "gpt-tokenizer": [] };
  for (let i = 0; i < runs; i++) {
    for (const which of i % 2 ? [...kinds].reverse() : kinds) {
      const result = spawnSync(process.execPath, [fileURLToPath(import.meta.url), which], { encoding: "utf8" });
      if (result.status !== 0) throw new Error(`${which}: exited ${result.status}\n${result.stderr}`);
      samples[which].push(JSON.parse(result.stdout));
    }
  }
  const of = (which, key) => median(samples[which].map((s) => s[key]));
  const [first] = samples.o200k;
  if (samples["gpt-tokenizer"].some((s) => s.tokens !== first.tokens)) throw new Error("the counts differ from gpt-tokenizer's");
  const ms = (x) => `${x.toFixed(1)} ms`;
  console.log(
    `\n${first.chars.toLocaleString("en")} characters of the repository's markdown, ${first.tokens.toLocaleString("en")} tokens (the same count in both)\n`,
  );
  console.log("| | @rulebook/tokenizer-o200k | gpt-tokenizer | ratio |\n|---|---|---|---|");
  for (const [label, key, unit] of [
    ["ready: import to a first count", "ready", ms],
    ["counting the markdown once, cold", "counted", ms],
    ["peak memory of the process", "rss", (x) => `${x.toFixed(0)} MiB`],
  ]) {
    console.log(
      `| ${label} | ${unit(of("o200k", key))} | ${unit(of("gpt-tokenizer", key))} | ${(of("o200k", key) / of("gpt-tokenizer", key)).toFixed(2)}× |`,
    );
  }
  console.log(`\n${runs} alternating runs each, medians; load average ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}.`);
}

const [which] = process.argv.slice(2);
if (which) await child(which);
else parent();
