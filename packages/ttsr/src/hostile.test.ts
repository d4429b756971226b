import { expect, it } from "vitest";
import { triggerRule as rule } from "../test/rule.js";
import { createTtsrManager } from "./manager.js";
import type { TtsrFiring } from "./types.js";

// On V8's backtracking engine each of these takes exponential time on a long run of "a" with no
// match: 40,000 characters would hang the agent for longer than the universe has existed. The
// engine runs them on a linear-time automaton, so the stream goes on and other rules still fire.
it("a catastrophic-backtracking pattern neither hangs the stream nor stops other rules firing", () => {
  const manager = createTtsrManager();
  expect(manager.addRule(rule("hostile", ["(a+)+c", "(a|aa)+c", "(\\w+\\s?)+z$"])).accepted).toBe(true);
  manager.addRule(rule("other", ["aaab"]));
  const text = `${"a".repeat(40_000)}b`;
  const firings: TtsrFiring[] = [];
  for (let i = 0; i < text.length; i += 64) firings.push(...manager.check(text.slice(i, i + 64)));
  firings.push(...manager.endStream());
  expect(firings.map((f) => [f.rule.name, f.offset, f.match])).toEqual([["other", 39_997, "aaab"]]);
});

// Linear time is not enough when a pattern keeps thousands of threads alive: with `a.{900}c` the
// automaton meets a new state at almost every character of text full of "a". Such a pattern is
// dropped, with a diagnostic, once the work it causes outgrows the budget; the others keep firing.
it("drops a pattern whose automaton keeps building new states, and keeps watching the others", () => {
  const manager = createTtsrManager();
  manager.addRule(rule("wide", ["a.{900}c", "never"]));
  manager.addRule(rule("other", ["STOP"]));
  let seed = 7;
  const letter = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return "ab "[seed % 3];
  };
  const text = `${Array.from({ length: 200_000 }, letter).join("")}STOP`;
  const firings: TtsrFiring[] = [];
  for (let i = 0; i < text.length; i += 100) firings.push(...manager.check(text.slice(i, i + 100)));
  expect(firings.map((f) => [f.rule.name, f.offset])).toEqual([["other", 200_000]]);
  expect(manager.diagnostics).toEqual([
    expect.objectContaining({
      code: "condition-pattern-invalid",
      path: "/proj/.xcsh/rules/wide.md",
      message: expect.stringMatching(/a\.\{900\}c.*too costly/),
    }),
  ]);
  expect(manager.rules.map((r) => r.name)).toEqual(["wide", "other"]);
});
