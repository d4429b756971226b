import fc from "fast-check";

// Generators shared by the gitignore tests: small alphabets, so that patterns and paths meet.

/** Path segments: plain, hidden, with extensions, and prefixes of one another; some in capitals, for `core.ignorecase`. */
export const pathName = fc.constantFrom("a", "b", "ab", "ba", "aab", ".a", "a.b", "b.b", "c", "é", "a b", "A", "aB", "A.B", "É");

/** Pattern segments: literals, every wildcard form, classes, escapes. */
const patternPart = fc.constantFrom(
  ...["a", "b", "ab", ".a", "a.b", "c", "é", "a b"],
  ...["*", "?", "**", "a*", "*b", "*.b", "a?", "?b", "**a", "a**", "***"],
  ...["[ab]", "[!a]", "[^a]", "[a-b]", "[b-a]", "[]a]", "[a-]", "[[:alpha:]]", "[[:lower:]]b", "[.]a", "[", "\\a", "\\*", "a\\"],
  ...["A", "Ab", "*.B", "[A]", "[!A]", "[A-B]", "[Z-a]", "[[:upper:]]", "\\A", "A*", "É"],
);

/** One line of an ignore file: optional `!`, leading `/` and trailing `/`, 1–3 segments; now and then a comment or blank. */
export const ignoreLine = fc.oneof(
  { weight: 12, arbitrary: patternLine(patternPart) },
  { weight: 1, arbitrary: fc.constantFrom("", "# comment", "   ", "a   ", "a\\ ", "\\#a", "\\!a", "!", "/") },
);

/** Pattern lines over the given segments. */
export function patternLine(part: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .record({
      negative: fc.boolean(),
      leading: fc.boolean(),
      trailing: fc.boolean(),
      parts: fc.array(part, { minLength: 1, maxLength: 3 }),
    })
    .map(({ negative, leading, trailing, parts }) => `${negative ? "!" : ""}${leading ? "/" : ""}${parts.join("/")}${trailing ? "/" : ""}`);
}
