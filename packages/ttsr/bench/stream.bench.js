// Stream-trigger cost: 1 MiB through 100 triggers in 16-character deltas versus in one delta
// (target: at most 3x), medians of alternating runs; then, for information, the reference design
// (every pattern re-tested on the whole buffer at every delta, on V8) on smaller sizes, and what a
// catastrophic-backtracking pattern costs here and on V8, and what the hostile rule files of issue 19
// cost. Uses the built package: run `pnpm build` first.
import { compilePattern, createTtsrManager } from "../dist/index.js";
import { benchTriggerPatterns } from "./trigger-patterns.js";

const MIB = 1024 * 1024;
const RUNS = 11;

function triggers() {
  const patterns = benchTriggerPatterns();
  return patterns.map((pattern, i) => ({
    name: `rule-${i}`,
    path: `/bench/rule-${i}.md`,
    content: "Do not.",
    condition: [pattern],
    source: { provider: "native", providerName: "Native", level: "project" },
  }));
}

// Deterministic prose and code that never quite matches, with one match near the end.
function streamText(length) {
  const words = [
    "the",
    "model",
    "writes",
    "function",
    "return",
    "const",
    "value",
    "await",
    "import",
    "from",
    "export",
    "class",
    "interface",
    "string",
    "number",
    "deprecatedApi",
    "forbidden",
    "word",
    "TICKET",
    "legacy",
    "console",
    "log",
    "info",
    "password",
    "apiKey",
    "git",
    "push",
    "eval",
    "any",
    "type",
    "=",
    "(",
    ")",
    "{",
    "}",
    ";",
    ".",
    ",",
    "\n",
    "  ",
    "// note",
    "'lodash-es'",
    "Error",
    "ABC",
  ];
  let seed = 42;
  const next = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed;
  };
  const parts = [];
  let size = 0;
  while (size < length) {
    const word = words[next() % words.length];
    parts.push(word, next() % 3 === 0 ? "" : " ");
    size += word.length + 1;
  }
  const text = parts.join("").slice(0, length - 20);
  return `${text} console.log(x);`.padEnd(length, " ");
}

function managerFor(rules) {
  const manager = createTtsrManager();
  for (const rule of rules) {
    if (!manager.addRule(rule).accepted) throw new Error(`bench trigger refused: ${rule.condition}`);
  }
  manager.check(""); // compile the automaton outside the timed part
  return manager;
}

function timeStreaming(rules, text, deltaSize) {
  const manager = managerFor(rules);
  let firings = 0;
  const start = performance.now();
  for (let i = 0; i < text.length; i += deltaSize) firings += manager.check(text.slice(i, i + deltaSize)).length;
  firings += manager.endStream().length;
  const ms = performance.now() - start;
  return { ms, firings };
}

function timeReferenceDesign(rules, text, deltaSize) {
  const regexes = rules.map((rule) => {
    const source = rule.condition[0];
    return source.startsWith("(?i)") ? new RegExp(source.slice(4), "i") : new RegExp(source);
  });
  const fired = new Set();
  let buffer = "";
  const start = performance.now();
  for (let i = 0; i < text.length; i += deltaSize) {
    buffer += text.slice(i, i + deltaSize);
    regexes.forEach((regex, index) => {
      if (!fired.has(index) && regex.test(buffer)) fired.add(index);
    });
  }
  return { ms: performance.now() - start, firings: fired.size };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fmt = (ms) => `${ms.toFixed(1)} ms`;

const rules = triggers();
const text = streamText(MIB);

timeStreaming(rules, text.slice(0, 64 * 1024), 16); // warm up the JIT
const whole = [];
const deltas = [];
let wholeFirings = 0;
let deltaFirings = 0;
for (let run = 0; run < RUNS; run++) {
  const order = run % 2 === 0 ? ["whole", "deltas"] : ["deltas", "whole"];
  for (const kind of order) {
    const result = timeStreaming(rules, text, kind === "whole" ? text.length : 16);
    (kind === "whole" ? whole : deltas).push(result.ms);
    if (kind === "whole") wholeFirings = result.firings;
    else deltaFirings = result.firings;
  }
}
if (wholeFirings !== deltaFirings) throw new Error(`firings differ: ${wholeFirings} in one delta, ${deltaFirings} in deltas`);

console.log(`@rulebook/ttsr stream triggers: ${rules.length} triggers, 1 MiB, medians of ${RUNS} alternating runs`);
console.log(`  one delta of 1 MiB        ${fmt(median(whole))}  (${wholeFirings} firings)`);
console.log(`  16-character deltas       ${fmt(median(deltas))}  (${deltaFirings} firings)`);
console.log(`  ratio deltas / one delta  ${(median(deltas) / median(whole)).toFixed(2)}x  (target <= 3x)`);

console.log("\nfor information, the reference design (all patterns re-tested on the whole buffer at each 16-character delta, V8):");
for (const size of [4 * 1024, 8 * 1024]) {
  const sample = text.slice(0, size);
  const naive = timeReferenceDesign(rules, sample, 16);
  const ours = median([1, 2, 3].map(() => timeStreaming(rules, sample, 16).ms));
  console.log(`  ${size / 1024} KiB: reference ${fmt(naive.ms)}, this engine ${fmt(ours)} with a fresh manager (${(naive.ms / ours).toFixed(0)}x)`);
}

console.log("\nfor information, the hostile pattern (a+)+c on a run of 'a' with no 'c':");
const hostile = [
  { ...rules[0], name: "hostile", condition: ["(a+)+c"] },
  { ...rules[1], name: "other", condition: ["aaab"] },
];
const run = `${"a".repeat(40_000)}b`;
const hostileResult = timeStreaming(hostile, run, 64);
console.log(`  this engine, 40,000 characters in 64-character deltas: ${fmt(hostileResult.ms)} (${hostileResult.firings} firing: the other rule)`);
/(a+)+c/.test("a".repeat(16)); // compile and warm up the RegExp first
for (const n of [20, 22, 24, 26]) {
  const start = performance.now();
  /(a+)+c/.test("a".repeat(n));
  console.log(`  V8 RegExp, ${n} characters: ${fmt(performance.now() - start)}`);
}

console.log("\nfor information, hostile rule files (each refused or contained, never a stall):");
const timed = (label, work) => {
  const start = performance.now();
  const outcome = work();
  console.log(`  ${label}: ${fmt(performance.now() - start)} (${outcome})`);
};
const oversized = "a{1000}".repeat(1200);
timed(
  "ten patterns a{1000} x 1,200 refused",
  () => `${Array.from({ length: 10 }, () => compilePattern(oversized)).filter((r) => !r.ok).length} refused`,
);
timed("a pattern nested 2,000 groups deep refused", () => (compilePattern(`${"(?:".repeat(2000)}a${")".repeat(2000)}`).ok ? "accepted" : "refused"));
timed("one rule with 10,000 patterns added", () => {
  const added = createTtsrManager().addRule({ ...rules[0], name: "many", condition: Array.from({ length: 10_000 }, (_, i) => `p${i}x`) });
  return `${added.diagnostics.length} diagnostic`;
});
timed("rm -rf guard next to 40 rules a.{40}b, 30,000 characters in 100-character deltas", () => {
  const manager = createTtsrManager();
  manager.addRule({ ...rules[0], name: "guard", condition: ["rm -rf /"] });
  for (let i = 0; i < 40; i++) manager.addRule({ ...rules[0], name: `repo-${i}`, condition: ["a.{40}b"] });
  let seed = 7;
  let noise = "";
  for (let i = 0; i < 30_000; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    noise += "rm -rf rm -rf a"[seed % 15];
  }
  const input = `${noise}rm -rf /`;
  const fired = [];
  for (let i = 0; i < input.length; i += 100) fired.push(...manager.check(input.slice(i, i + 100)));
  return `fired: ${fired.map((f) => f.rule.name).join(", ")}; ${manager.diagnostics.length} patterns dropped`;
});
timed("1,000 literal triggers TODO0001... over 1 MiB in 64-character deltas", () => {
  const manager = createTtsrManager();
  const marker = (i) => `TODO${String(i).padStart(4, "0")}`;
  for (let i = 1; i <= 1000; i++) manager.addRule({ ...rules[0], name: `todo-${i}`, condition: [marker(i)] });
  const filler = text.slice(0, 1024);
  const input = Array.from({ length: 1000 }, (_, i) => `${filler}${marker(i + 1)} `).join("");
  let fired = 0;
  for (let i = 0; i < input.length; i += 64) fired += manager.check(input.slice(i, i + 64)).length;
  return `${fired} fired, ${manager.rules.length} watched, ${manager.diagnostics.length} dropped`;
});
