import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { indexKeys } from "./frontmatter-block.js";
import { parseFrontmatter } from "./frontmatter.js";
import { parseSimpleYaml } from "./simple-yaml.js";

// Values built from the pieces that decide between "plain string" and "something else" in YAML.
const piece = fc.constantFrom(
  "a", "src/**", "*.ts", "**/*", "{a,b}", "[x]", ",", ":", ": ", " #", "#", "'", "''", '"', "\\", "\t", " ", "-", "- ",
  "?", "!", "&", "*", "|", ">", "%", "@", "`", "~", "null", "Null", "NULL", "true", "True", "false", "FALSE", "yes", "no",
  "0", "1", "-1", "+1", "1.5", ".5", ".inf", "-.inf", ".nan", "0x1F", "0o7", "1e3", "2024-01-01", "=", "<<", "é", "\u00a0",
);
const value = fc.array(piece, { maxLength: 5 }).map((p) => p.join(""));
const key = fc.constantFrom("description", "globs", "alwaysApply", "always-apply", "ttsr_trigger", "a", "_x", "k9", "__proto__", "a b", "-x");
const item = fc.oneof(value, value.map((v) => `"${v}"`), value.map((v) => `'${v}'`));
const line = fc.oneof(
  fc.tuple(key, fc.constantFrom(": ", ":", ":  "), value).map(([k, sep, v]) => `${k}${sep}${v}`),
  fc.tuple(key, value).map(([k, v]) => `${k}: "${v}"`),
  fc.tuple(key, value).map(([k, v]) => `${k}: '${v}'`),
  // Flow lists, as `globs: ["a", "b"]` is written.
  fc.tuple(key, fc.array(item, { maxLength: 4 }), fc.constantFrom(", ", ",", " , ")).map(([k, items, sep]) => `${k}: [${items.join(sep)}]`),
  // Block lists at indentation 0 or 2, and block scalars with one indentation.
  fc.tuple(key, fc.array(item, { minLength: 1, maxLength: 3 }), fc.constantFrom("- ", "  - ", "   - ")).map(
    ([k, items, dash]) => `${k}:\n${items.map((i) => `${dash}${i}`).join("\n")}`,
  ),
  fc.tuple(key, fc.constantFrom("|", "|-", ">", ">-", "|+", ">2"), fc.array(value, { minLength: 1, maxLength: 3 }), fc.constantFrom("  ", "    ", " ")).map(
    ([k, header, parts, indent]) => `${k}: ${header}\n${parts.map((p) => `${indent}${p}`).join("\n")}`,
  ),
  fc.constantFrom("", "# comment", "  - item", "nested:", "  child: 1", "-", "  -"),
);

describe("parseSimpleYaml", () => {
  it("reads typical rule frontmatter", () => {
    expect(parseSimpleYaml(["description: React components", "globs: 'src/**/*.tsx, *.ts'", "alwaysApply: false", "condition:"])).toEqual({
      description: "React components",
      globs: "src/**/*.tsx, *.ts",
      alwaysApply: false,
      condition: null,
    });
  });

  it("reads the lists and folded descriptions real rule files write", () => {
    const text = ['description: >-', "  A folded description", "  on two lines.", 'globs: ["src/**/*.ts", "lib/**"]', "paths:", "  - src/**", "  - 'test/**'", "alwaysApply: false"];
    expect(parseSimpleYaml(text)).toEqual({
      description: "A folded description on two lines.",
      globs: ["src/**/*.ts", "lib/**"],
      paths: ["src/**", "test/**"],
      alwaysApply: false,
    });
  });

  it("declines what it cannot read exactly like YAML", () => {
    for (const text of ["globs: [*.ts]", "description: a: b", "alwaysApply: ~", "n: 1", "  - x", "a: 1\na: 2", 'd: "a\\"b"']) {
      expect(parseSimpleYaml(text.split("\n")), text).toBeUndefined();
    }
  });

  it("returns exactly what the yaml package returns whenever it accepts a block (differential)", () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 6 }), (entries) => {
        const lines = entries.join("\n").split("\n");
        const fast = parseSimpleYaml(lines);
        if (fast === undefined) return;
        let expected: unknown;
        try {
          expected = parse(lines.join("\n")) ?? {};
        } catch (error) {
          throw new Error(`the fast path read a block that YAML refuses: ${JSON.stringify(lines)} (${error})`);
        }
        expect(fast).toEqual(expected);
      }),
      { numRuns: 5000 },
    );
  }, 60_000);

  it("gives parseFrontmatter the key lines of the full key index, in the same order (differential)", () => {
    // The fast path notes each key's line itself; it must be what indexing every line finds,
    // with the camelCase aliases of kebab-case keys as before.
    const globLine = fc.constantFrom("globs: *.ts", "paths: src/**", "applyTo: **/*.md", "fileMatchPattern: {a,b}/*", "globs: !x");
    fc.assert(
      fc.property(fc.array(fc.oneof(line, globLine), { maxLength: 6 }), (entries) => {
        const lines = entries.join("\n").split("\n");
        const parsed = parseFrontmatter(`---\n${lines.join("\n")}\n---\nbody`);
        const index = indexKeys(lines, 256);
        const expected = { ...index.keyLines };
        if (index.dashedKeys) {
          for (const k of Object.keys(index.keyLines)) {
            if (!k.includes("-")) continue;
            const camel = k.replace(/-+([a-zA-Z0-9])/g, (_, c: string) => c.toUpperCase());
            if (!(camel in expected)) expected[camel] = index.keyLines[k] as number;
          }
        }
        expect(Object.entries(parsed.keyLines)).toEqual(Object.entries(expected));
      }),
      { numRuns: 5000 },
    );
  }, 60_000);
});
