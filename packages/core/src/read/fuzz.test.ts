import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalizeRuleFields } from "./fields.js";
import { parseFrontmatter } from "./frontmatter.js";
import { parseRuleFile } from "./rule-file.js";

const file = { path: "/fuzz/rule.md", name: "rule" };
const source = { provider: "fuzz", providerName: "Fuzz", level: "project" as const };

// Frontmatter-shaped text: fences, keys rules use, YAML punctuation, hidden characters.
const line = fc.oneof(
  fc.constantFrom("---", "--- ", "description:", "globs:", "alwaysApply:", "condition:", "ttsr_trigger:", "always-apply:", "  - "),
  fc.constantFrom("*", "**/*.ts", "&a", "*a", "[", "]", "{", "}", ",", ":", "'", '"', "!", "|", ">", "#", "true", "\u202E", "\uFEFF"),
  fc.string({ maxLength: 20 }),
);
const ruleText = fc
  .array(
    fc.array(line, { maxLength: 5 }).map((parts) => parts.join(" ")),
    { maxLength: 12 },
  )
  .map((ls) => ls.join("\n"));
const anyValue = fc.anything({ maxDepth: 2 });

describe("fuzzing the parser and the normaliser", () => {
  it("does not report a literal bidi character on a line whose key it cannot name as a YAML escape (found by fuzzing)", () => {
    const parsed = parseFrontmatter('---\n( alwaysApply: \u202E\nglobs: \\"\n---\nbody', { path: "/f.md" });
    expect(parsed.diagnostics.filter((d) => d.message.includes("YAML escape"))).toEqual([]);
    const escaped = parseFrontmatter('---\n( odd: "\\u202E"\n---\nbody', { path: "/f.md" });
    for (const d of escaped.diagnostics) expect(d.line).toBeGreaterThanOrEqual(1);
  });

  it("parseRuleFile never throws and always yields a rule with trimmed content", () => {
    fc.assert(
      fc.property(fc.oneof(ruleText, fc.string({ unit: "binary" })), (text) => {
        const result = parseRuleFile(text, file, { source });
        expect(result.rule).toBeDefined();
        expect(result.rule?.content).toBe(result.rule?.content.trim());
        for (const d of result.diagnostics) expect(d.path).toBe(file.path);
      }),
      { numRuns: 1000 },
    );
  }, 60_000);

  it("parseFrontmatter always returns a mapping and located diagnostics", () => {
    fc.assert(
      fc.property(ruleText, (text) => {
        const parsed = parseFrontmatter(`---\n${text}\n---\nbody`, { path: "/f.md" });
        expect(typeof parsed.data).toBe("object");
        expect(Array.isArray(parsed.data)).toBe(false);
        for (const d of parsed.diagnostics) expect(d.line).toBeGreaterThanOrEqual(1);
      }),
      { numRuns: 1000 },
    );
  }, 60_000);

  it("normalizeRuleFields never throws and only emits the documented field types", () => {
    fc.assert(
      fc.property(
        fc.record(
          { description: anyValue, alwaysApply: anyValue, globs: anyValue, condition: anyValue, ttsr_trigger: anyValue },
          { requiredKeys: [] },
        ),
        (data) => {
          const { fields } = normalizeRuleFields(data);
          if (fields.description !== undefined) expect(fields.description).toMatch(/^\S(.*\S)?$/s);
          if (fields.alwaysApply !== undefined) expect(fields.alwaysApply).toBe(true);
          for (const list of [fields.globs, fields.condition]) {
            if (list === undefined) continue;
            expect(list.length).toBeGreaterThan(0);
            for (const entry of list) expect(entry).toBe(entry.trim());
          }
        },
      ),
      { numRuns: 1000 },
    );
  }, 60_000);
});
