// `pnpm bench` for @rulebook/ai-sdk: what the middleware costs a streamed answer. 1 MiB of prose and
// code in 16-character deltas from a mock model, with 100 stream triggers loaded from rule files,
// read through streamText with the middleware and without it, side by side (medians of alternating
// runs, a new call each run, as an agent makes them). The target is the first ratio: at most 1.3x.
// For information, the same with holdback "none" (one part out for each part in: the "line" holdback
// hands streamText one part per line, which streamText then processes faster), and the model level
// (doStream read to the end, no streamText): the middleware's own cost against reading a stream that
// costs nothing, mostly the trigger engine's. Nothing is asserted.
// Uses the built package: run `pnpm build` first (turbo does).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { streamText, wrapLanguageModel } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { benchTriggerPatterns } from "../../ttsr/bench/trigger-patterns.js";
import { createRulebook } from "../dist/index.js";

const MIB = 1024 * 1024;
const DELTA = 16;
const RUNS = Number(process.env.BENCH_RUNS ?? 7);

// Deterministic code and prose that never quite matches (consoles.log(, passwords =, apiKeys =, evaluate(), in lines of 20 to 100 characters (the
// ttsr bench's words, four of them lengthened; its generator is not reused: its every other draw of a 31-bit LCG never picks
// the line break, so its megabyte is one line, which would make the "line" holdback hold it all).
function streamText1MiB() {
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
    "consoles",
    "log",
    "info",
    "passwords",
    "apiKeys",
    "git",
    "push",
    "evaluate",
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
    "// note",
    "'lodash-es'",
    "Error",
    "ABC",
  ];
  let seed = 42;
  // mulberry32
  const next = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  };
  const parts = [];
  let size = 0;
  let line = 0;
  let lineLength = 20 + (next() % 81);
  while (size < MIB) {
    const word = words[next() % words.length];
    const space = line + word.length >= lineLength ? "\n" : next() % 3 === 0 ? "" : " ";
    parts.push(word, space);
    size += word.length + space.length;
    line += word.length + space.length;
    if (space === "\n") {
      line = 0;
      lineLength = 20 + (next() % 81);
    }
  }
  return parts.join("").slice(0, MIB);
}

function responseParts(text) {
  const parts = [
    { type: "stream-start", warnings: [] },
    { type: "response-metadata", id: "r", modelId: "mock", timestamp: new Date(0) },
    { type: "text-start", id: "t" },
  ];
  for (let i = 0; i < text.length; i += DELTA) parts.push({ type: "text-delta", id: "t", delta: text.slice(i, i + DELTA) });
  parts.push(
    { type: "text-end", id: "t" },
    {
      type: "finish",
      finishReason: { unified: "stop", raw: "stop" },
      usage: {
        inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
        outputTokens: { total: 1, text: 1, reasoning: undefined },
      },
    },
  );
  return parts;
}

/**
 * The same mock model for both sides: each call streams the parts from an array, one per pull, as
 * a provider enqueues parts as they arrive. (Enqueueing all 65,536 at once is not what a provider
 * does, and Node 20's stream queue makes reading that back cost ~30 us a part, 2 s a run.)
 */
function mockModel(parts) {
  return new MockLanguageModelV3({
    doStream: async () => {
      let next = 0;
      return {
        stream: new ReadableStream({
          pull(controller) {
            if (next < parts.length) controller.enqueue(parts[next++]);
            else controller.close();
          },
        }),
      };
    },
  });
}

async function viaStreamText(model) {
  const start = performance.now();
  const result = streamText({ model, prompt: "Write a lot." });
  let length = 0;
  for await (const delta of result.textStream) length += delta.length;
  const metadata = await result.providerMetadata;
  return { ms: performance.now() - start, length, firings: metadata?.rulebook?.firings.length ?? 0 };
}

async function viaDoStream(model) {
  const start = performance.now();
  const { stream } = await model.doStream({ prompt: [{ role: "user", content: [{ type: "text", text: "Write a lot." }] }] });
  let length = 0;
  for await (const part of stream) if (part.type === "text-delta") length += part.delta.length;
  return { ms: performance.now() - start, length, firings: 0 };
}

/** The median time of the call's trigger manager over the same deltas, without any stream around it. */
function engineAlone(rulebook, text) {
  const { partition, triggers } = rulebook.current();
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const manager = triggers.createManager({ repeat: { policy: "after-gap", turns: 1 } });
    for (const rule of partition.ttsr) manager.addRule(rule);
    manager.startTurn();
    const start = performance.now();
    for (let at = 0; at < text.length; at += DELTA) manager.check(text.slice(at, at + DELTA), "text");
    manager.endStream("text");
    times.push(performance.now() - start);
  }
  return median(times);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function sideBySide(label, measure, bare, wrapped) {
  const without = [];
  const withIt = [];
  let firings = 0;
  await measure(bare);
  await measure(wrapped); // warm both paths (JIT, the automaton's first states are per call anyway)
  for (let i = 0; i < RUNS; i++) {
    const first = i % 2 === 0 ? bare : wrapped;
    for (const model of [first, first === bare ? wrapped : bare]) {
      const run = await measure(model);
      // The text never matches: both sides must read the same megabyte, with no rewind.
      if (run.length !== MIB || run.firings > 0) throw new Error(`${label}: read ${run.length} characters, not ${MIB}, with ${run.firings} firings`);
      if (model === bare) without.push(run.ms);
      else {
        withIt.push(run.ms);
        firings = run.firings;
      }
    }
  }
  const a = median(without);
  const b = median(withIt);
  console.log(`  ${label}`);
  console.log(`    without the middleware   ${a.toFixed(1)} ms`);
  console.log(`    with the middleware      ${b.toFixed(1)} ms  (${firings} firings)`);
  console.log(`    ratio                    ${(b / a).toFixed(2)}x`);
  return b / a;
}

const dir = mkdtempSync(join(tmpdir(), "rulebook-ai-sdk-bench-"));
try {
  const proj = join(dir, "proj");
  mkdirSync(join(proj, ".xcsh", "rules"), { recursive: true });
  mkdirSync(join(dir, "home"));
  for (const [i, pattern] of benchTriggerPatterns().entries()) {
    writeFileSync(join(proj, ".xcsh", "rules", `rule-${i}.md`), `---\ncondition: '${pattern.replaceAll("'", "''")}'\n---\nRule ${i}: do not.\n`);
  }
  const options = { cwd: proj, root: proj, home: join(dir, "home"), env: {} };
  const rulebook = await createRulebook(options);
  const unheld = await createRulebook({ ...options, holdback: "none" });
  const triggers = rulebook.current().partition.ttsr.length;
  if (triggers !== 100) throw new Error(`bench: ${triggers} triggers loaded, not 100`);
  const text = streamText1MiB();
  const parts = responseParts(text);
  const bare = mockModel(parts);
  const wrapped = wrapLanguageModel({ model: mockModel(parts), middleware: rulebook.middleware });

  const lines = text.split("\n").length;
  console.log(
    `@rulebook/ai-sdk middleware: ${triggers} triggers, 1 MiB in ${DELTA}-character deltas (${parts.length - 5} deltas, ${lines} lines), medians of ${RUNS} alternating runs`,
  );
  const ratio = await sideBySide('streamText, read to the end (what an agent pays), holdback "line"', viaStreamText, bare, wrapped);
  console.log(`    target                   <= 1.3x: ${ratio <= 1.3 ? "met" : "NOT met"}`);
  console.log("\nfor information:");
  await sideBySide(
    'streamText, holdback "none" (every delta passed on as it came, no line merged)',
    viaStreamText,
    bare,
    wrapLanguageModel({ model: mockModel(parts), middleware: unheld.middleware }),
  );
  await sideBySide('the model level, holdback "line" (doStream read to the end, no streamText)', viaDoStream, bare, wrapped);
  console.log(`    of which the trigger engine alone (a new manager, the same deltas, no stream) ${engineAlone(rulebook, text).toFixed(1)} ms`);
  await Promise.all([rulebook.close(), unheld.close()]);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
