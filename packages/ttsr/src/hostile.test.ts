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
