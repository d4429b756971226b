import type { Rule } from "@rulebook/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type OracleRule, onePassFirings } from "../test/one-pass-oracle.js";
import { triggerRule as rule } from "../test/rule.js";
import { compilePattern } from "./compile-pattern.js";
import { createTtsrManager } from "./manager.js";
import type { TtsrFiring } from "./types.js";

// Patterns a backtracking engine can check on short texts without blowing up: quantifiers only on
// single atoms, alternation only in unquantified groups.
const ALPHABET = ["a", "b", "c", "A", "B", " ", ".", "-", "\n", "1", "_"];
const literal = fc.constantFrom("a", "b", "c", "A", " ", "\\.", "-", "\\n", "1", "_");
const charClass = fc.constantFrom(".", "\\w", "\\W", "\\s", "\\S", "\\d", "[ab]", "[^a]", "[a-c]", "[^\\s]", "[.-]", "[\\d_]");
const quantifier = fc.constantFrom("", "", "", "*", "+", "?", "{1,3}", "{2}", "*?", "+?", "{0,2}");
const assertion = fc.constantFrom("^", "$", "\\b", "\\B");
const quantifiedAtom = fc.tuple(fc.oneof(literal, literal, charClass), quantifier).map(([atom, q]) => atom + q);
const flatTerm = fc.oneof({ weight: 5, arbitrary: quantifiedAtom }, { weight: 1, arbitrary: assertion });
const flatConcat = fc.array(flatTerm, { minLength: 1, maxLength: 3 }).map((terms) => terms.join(""));
const group = fc.array(flatConcat, { minLength: 1, maxLength: 3 }).map((alternatives) => `(?:${alternatives.join("|")})`);
const term = fc.oneof({ weight: 6, arbitrary: flatTerm }, { weight: 1, arbitrary: group });
const tamePattern = fc
  .tuple(fc.boolean(), fc.array(fc.array(term, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 2 }))
  .map(([caseInsensitive, alternatives]) => (caseInsensitive ? "(?i)" : "") + alternatives.map((t) => t.join("")).join("|"));

const ruleSet = (pattern: fc.Arbitrary<string>) =>
  fc
    .array(fc.array(pattern, { minLength: 1, maxLength: 2 }), { minLength: 1, maxLength: 4 })
    .map((conditions) => conditions.map((c, i) => rule(`r${i}`, c)));
const textOf = (maxLength: number) => fc.array(fc.constantFrom(...ALPHABET), { maxLength }).map((chars) => chars.join(""));
const maxMatchLength = fc.oneof(fc.integer({ min: 1, max: 12 }), fc.constant(4096));

/** Cuts `text` at the given points (taken modulo its length) into consecutive deltas. */
function split(text: string, cuts: number[]): string[] {
  const points = [...new Set(cuts.map((c) => (text.length === 0 ? 0 : c % (text.length + 1))))].sort((a, b) => a - b);
  const deltas: string[] = [];
  let previous = 0;
  for (const point of [...points, text.length]) {
    deltas.push(text.slice(previous, point));
    previous = point;
  }
  return deltas;
}

interface Fed {
  firing: TtsrFiring;
  /** Index of the call that returned it: one per delta, then `endStream` last. */
  call: number;
}

function feed(rules: Rule[], deltas: string[], max: number): Fed[] {
  const manager = createTtsrManager({ maxMatchLength: max });
  for (const r of rules) manager.addRule(r);
  const fed: Fed[] = [];
  deltas.forEach((delta, call) => {
    for (const firing of manager.check(delta)) fed.push({ firing, call });
  });
  for (const firing of manager.endStream()) fed.push({ firing, call: deltas.length });
  return fed;
}

const byRule = (fed: Fed[]) =>
  Object.fromEntries(
    fed.map(({ firing }) => [firing.rule.name, { offset: firing.offset, match: firing.match, truncated: firing.truncated === true }]),
  );

describe("streaming equals one pass over the whole text", () => {
  it("fires the rules, offsets and matches the V8 oracle finds, whatever the deltas, as soon as the match is complete", () => {
    fc.assert(
      fc.property(ruleSet(tamePattern), textOf(24), fc.array(fc.nat(), { maxLength: 12 }), maxMatchLength, (rules, text, cuts, max) => {
        const deltas = split(text, cuts);
        const fed = feed(rules, deltas, max);
        const oracleRules: OracleRule[] = rules.map((r) => ({
          name: r.name,
          patterns: (r.condition ?? []).filter((source) => compilePattern(source).ok),
        }));
        const expected = onePassFirings(text, oracleRules, max);
        expect(byRule(fed)).toEqual(Object.fromEntries(expected.map((f) => [f.rule, { offset: f.offset, match: f.match, truncated: f.truncated }])));

        // Latency: reported by the call whose delta completes the match, or, for a rule that may end
        // with $, \b or \B, at the latest by the call that brings the next character (or endStream).
        const ends = deltas.map((_, i) => deltas.slice(0, i + 1).join("").length);
        const callReaching = (length: number) => {
          const index = ends.findIndex((end) => end >= length);
          return index === -1 ? deltas.length : index;
        };
        for (const { firing, call } of fed) {
          const end = (expected.find((f) => f.rule === firing.rule.name) as { end: number }).end;
          const endSensitive = (firing.rule.condition ?? []).some((source) => {
            const compiled = compilePattern(source);
            return compiled.ok && compiled.pattern.endSensitive;
          });
          expect(call).toBeGreaterThanOrEqual(callReaching(end));
          expect(call).toBeLessThanOrEqual(endSensitive ? callReaching(end + 1) : callReaching(end));
        }
      }),
      { numRuns: 400 },
    );
  }, 60_000);

  // Any pattern the engine accepts, including nested quantifiers a backtracking oracle could not
  // afford, over longer texts: deltas change nothing.
  const wildAtom: fc.Arbitrary<string> = fc.letrec((tie) => ({
    atom: fc.oneof(
      { weight: 4, arbitrary: fc.oneof(literal, charClass) },
      { weight: 1, arbitrary: fc.array(tie("term"), { minLength: 1, maxLength: 3 }).map((terms) => `(?:${terms.join("|")})`) },
    ),
    term: fc.oneof({ weight: 5, arbitrary: fc.tuple(tie("atom"), quantifier).map(([a, q]) => `${a}${q}`) }, { weight: 1, arbitrary: assertion }),
  })).atom as fc.Arbitrary<string>;
  const wildPattern = fc
    .tuple(fc.boolean(), fc.array(wildAtom, { minLength: 1, maxLength: 4 }))
    .map(([ci, atoms]) => (ci ? "(?i)" : "") + atoms.join(""));

  it("gives the same firings for random deltas as for one delta, for any accepted pattern", () => {
    fc.assert(
      fc.property(ruleSet(wildPattern), textOf(300), fc.array(fc.nat(), { maxLength: 40 }), maxMatchLength, (rules, text, cuts, max) => {
        expect(byRule(feed(rules, split(text, cuts), max))).toEqual(byRule(feed(rules, [text], max)));
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});
