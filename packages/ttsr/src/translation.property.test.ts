import fc from "fast-check";
import { expect, it } from "vitest";
import { onePassFirings } from "../test/one-pass-oracle.js";
import { triggerRule as rule } from "../test/rule.js";
import { compilePattern } from "./compile-pattern.js";
import { createTtsrManager } from "./manager.js";

// Random strings over regex syntax: most do not compile or are refused; every one that is accepted
// must fire exactly where V8 finds its first match, and none may make compilePattern throw.
const SYNTAX = ["(", ")", "(?:", "(?<n>", "[", "]", "[^", "{", "}", "{1,2}", "{2}", ",", "|", "*", "+", "?", ".", "^", "$", "-"];
const ESCAPES = [
  "\\",
  "\\b",
  "\\B",
  "\\d",
  "\\D",
  "\\w",
  "\\W",
  "\\s",
  "\\S",
  "\\n",
  "\\r",
  "\\t",
  "\\x41",
  "\\u00e9",
  "\\cJ",
  "\\0",
  "\\.",
  "\\-",
  "\\]",
];
const CHARS = ["a", "b", "A", "B", "k", "s", "é", "É", " ", "\n", "\r", "\u00a0", "\u212a", "\u017f", "1", "_"];
const pattern = fc
  .tuple(fc.boolean(), fc.array(fc.constantFrom(...SYNTAX, ...ESCAPES, ...CHARS, ...CHARS), { minLength: 1, maxLength: 8 }))
  .map(([caseInsensitive, parts]) => (caseInsensitive ? "(?i)" : "") + parts.join(""));
const text = fc.array(fc.constantFrom(...CHARS), { maxLength: 10 }).map((chars) => chars.join(""));

it("accepts only patterns it runs exactly as V8 does, and never throws", () => {
  fc.assert(
    fc.property(pattern, text, (source, input) => {
      const compiled = compilePattern(source);
      if (!compiled.ok) return;
      const manager = createTtsrManager();
      manager.addRule(rule("r", [source]));
      const firings = [...manager.check(input), ...manager.endStream()].map((f) => ({ offset: f.offset, match: f.match }));
      const expected = onePassFirings(input, [{ name: "r", patterns: [source] }], 4096).map((f) => ({ offset: f.offset, match: f.match }));
      expect(firings).toEqual(expected);
    }),
    { numRuns: 3000 },
  );
}, 60_000);
