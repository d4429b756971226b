import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { triggerRule as rule } from "../test/rule.js";
import { createTtsrManager } from "./manager.js";
import type { TtsrFiring, TtsrManager } from "./types.js";

const summary = (firings: TtsrFiring[]) => firings.map((f) => [f.rule.name, f.offset, f.match]);

/** Deterministic text over the given letters. */
function noise(length: number, letters: string, seed = 7): string {
  let state = seed;
  let text = "";
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    text += letters[state % letters.length];
  }
  return text;
}

function feedAll(manager: TtsrManager, text: string, size: number): TtsrFiring[] {
  const firings: TtsrFiring[] = [];
  for (let i = 0; i < text.length; i += size) firings.push(...manager.check(text.slice(i, i + size)));
  return firings;
}

describe("each rule pays for its own automaton states", () => {
  it("keeps a user's guard firing next to 40 repository rules like a.{40}b, and drops only those", () => {
    const manager = createTtsrManager();
    manager.addRule(rule("guard", ["rm -rf /"]));
    for (let i = 0; i < 40; i++) manager.addRule(rule(`repo-${i}`, ["a.{40}b"]));
    const text = `${noise(30_000, "rm -rf rm -rf a")}rm -rf /`;
    const firings = feedAll(manager, text, 100);
    expect(summary(firings)).toEqual([["guard", 30_000, "rm -rf /"]]);
    expect(manager.rules.map((r) => r.name)).toEqual(["guard"]);
    expect(manager.diagnostics).toHaveLength(40);
    for (const diagnostic of manager.diagnostics)
      expect(diagnostic.message).toMatch(/^rule "repo-\d+": pattern \/a\.\{40\}b\/ made the stream automaton too costly/);
  }, 60_000);

  // No single rule pays for these: each has a handful of states of its own, but together they meet a
  // new combined state every few characters. The safety net drops the patterns that did the most
  // closure work, never the cheap guard, and what it drops does not depend on the deltas either.
  it("keeps the guard when the automaton as a whole is over budget, whatever the deltas", () => {
    const letters = "abcdefghijklmnopqrstuvwxyz0123";
    const outcome = (size: number) => {
      const manager = createTtsrManager();
      manager.addRule(rule("guard", ["rm -rf /"]));
      for (let i = 0; i < 30; i++) manager.addRule(rule(`r${i}`, [`${letters[i]}.{0,5}#`]));
      const firings = feedAll(manager, `${noise(60_000, `${letters} `)}rm -rf /`, size);
      return { firings: summary(firings), dropped: manager.diagnostics.map((d) => d.message), rules: manager.rules.map((r) => r.name) };
    };
    const whole = outcome(1_000_000);
    expect(whole.firings).toEqual([["guard", 60_000, "rm -rf /"]]);
    expect(whole.dropped.length).toBeGreaterThan(0);
    expect(whole.rules[0]).toBe("guard");
    expect(outcome(7)).toEqual(whole);
    expect(outcome(100)).toEqual(whole);
  }, 60_000);

  it("keeps 1,000 literal triggers watched over 1 MiB, and fires each where it appears", () => {
    const manager = createTtsrManager();
    const marker = (i: number) => `TODO${String(i).padStart(4, "0")}`;
    for (let i = 1; i <= 1000; i++) manager.addRule(rule(`todo-${i}`, [marker(i)]));
    const filler = noise(1024, "TOD0 123\n");
    const text = Array.from({ length: 1000 }, (_, i) => `${filler}${marker(i + 1)} `).join("");
    const firings = feedAll(manager, text, 64);
    expect(firings).toHaveLength(1000);
    expect(manager.diagnostics).toEqual([]);
    expect(manager.rules).toHaveLength(1000);
  }, 60_000);

  // Which patterns are dropped, and when, depends on the text alone: the same firings and the same
  // diagnostics whatever the deltas, before and after the drops.
  it("fires the same rules at the same offsets, and drops the same patterns, whatever the deltas", () => {
    const rules = [
      rule("guard", ["rm -rf /"]),
      ...Array.from({ length: 12 }, (_, i) => rule(`repo-${i}`, [i % 2 === 0 ? "a.{40}b" : `a.{${30 + i}}r`])),
      rule("cheap", ["rf a", "(?i)-RF -"]),
      rule("mixed", ["a.{25}f", "/"]),
    ];
    const run = (text: string, deltas: number[]) => {
      const manager = createTtsrManager();
      for (const r of rules) manager.addRule(r);
      const firings: TtsrFiring[] = [];
      let at = 0;
      for (const size of deltas) {
        firings.push(...manager.check(text.slice(at, at + size)));
        at += size;
      }
      firings.push(...manager.check(text.slice(at)), ...manager.endStream());
      // Across calls firings come in call order; which rule fires, where, is what must not change.
      const byRule = summary(firings).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
      return { firings: byRule, dropped: manager.diagnostics.map((d) => d.message), rules: manager.rules.map((r) => r.name) };
    };
    const letters = fc.constantFrom("rm -rf rm -rf a", "rm -rf ab", "ab r");
    const text = fc
      .tuple(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 4000, max: 16_000 }), letters)
      .map(([seed, length, alphabet]) => `${noise(length, alphabet, seed)}rm -rf /`);
    let drops = 0;
    fc.assert(
      fc.property(text, fc.array(fc.integer({ min: 1, max: 700 }), { maxLength: 30 }), (input, deltas) => {
        const whole = run(input, []);
        expect(run(input, deltas)).toEqual(whole);
        drops += whole.dropped.length > 0 ? 1 : 0;
      }),
      { numRuns: 20 },
    );
    expect(drops).toBeGreaterThan(5);
    const example = run(`${noise(16_000, "rm -rf rm -rf a", 3)}rm -rf /`, []);
    expect(example.dropped.length).toBeGreaterThan(0);
    expect(example.rules).toEqual(["guard", "cheap", "mixed"]);
    // CPU-bound: about 45 s when two test suites share a 2-core machine, 63 s once with more
    // load. The limit is there to catch a hang, not to time the work.
  }, 240_000);
});

describe("bounds on the number of patterns", () => {
  it("compiles the first 64 patterns of a rule with 10,000 and refuses the rest with one diagnostic", () => {
    const manager = createTtsrManager();
    const added = manager.addRule(
      rule(
        "many",
        Array.from({ length: 10_000 }, (_, i) => `p${i}x`),
      ),
    );
    expect(added.accepted).toBe(true);
    expect(added.diagnostics.map((d) => d.message)).toEqual([
      'rule "many": 9936 of its 10000 patterns are not watched (a rule may have at most 64 trigger patterns); skipped',
    ]);
    expect(summary(manager.check("p63x p64x"))).toEqual([["many", 0, "p63x"]]);
  });

  it("watches at most 1,024 patterns in all", () => {
    const manager = createTtsrManager();
    const results = Array.from({ length: 17 }, (_, r) =>
      manager.addRule(
        rule(
          `r${r}`,
          Array.from({ length: 64 }, (_, i) => `r${r}p${i}x`),
        ),
      ),
    );
    expect(results.map((result) => result.accepted)).toEqual([...Array(16).fill(true), false]);
    expect(results[16]?.diagnostics.map((d) => d.message)).toEqual([
      'rule "r16": 64 of its patterns are not watched (at most 1024 patterns are watched in all); skipped',
    ]);
    expect(manager.rules).toHaveLength(16);
  });
});
