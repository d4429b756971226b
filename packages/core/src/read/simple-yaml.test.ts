import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { indexKeys } from "./frontmatter-block.js";
import { parseFrontmatter } from "./frontmatter.js";
import { parseSimpleYaml } from "./simple-yaml.js";

// Values built from the pieces that decide between "plain string" and "something else" in YAML.
const piece = fc.constantFrom(
  "a",
  "src/**",
  "*.ts",
  "**/*",
  "{a,b}",
  "[x]",
  ",",
  ":",
  ": ",
  " #",
  "#",
  "'",
  "''",
  '"',
  "\\",
  "\t",
  " ",
  "-",
  "- ",
  "?",
  "!",
  "&",
  "*",
  "|",
  ">",
  "%",
  "@",
  "`",
  "~",
  "null",
  "Null",
  "NULL",
  "true",
  "True",
  "false",
  "FALSE",
  "yes",
  "no",
  "0",
  "1",
  "-1",
  "+1",
  "1.5",
  ".5",
  ".inf",
  "-.inf",
  ".nan",
  "0x1F",
  "0o7",
  "1e3",
  "2024-01-01",
  "=",
  "<<",
  "é",
  "\u00a0",
  "4DA",
  "1.",
  "1e",
  "e5",
  "0x",
  "0o8",
  "1_000",
  "07",
  "-0",
  "+.5",
  ".",
  "E",
  "x",
);
const value = fc.array(piece, { maxLength: 5 }).map((p) => p.join(""));
const key = fc.constantFrom("description", "globs", "alwaysApply", "always-apply", "ttsr_trigger", "a", "_x", "k9", "__proto__", "a b", "-x");
const item = fc.oneof(
  value,
  value.map((v) => `"${v}"`),
  value.map((v) => `'${v}'`),
);
// What may follow a value on its line: nothing, or a comment after spaces or a tab (or none).
const comment = fc.oneof(
  fc.constant(""),
  fc.tuple(fc.constantFrom(" #", "  # ", "\t#", "#", " # "), value).map(([start, text]) => `${start}${text}`),
);
const line = fc.oneof(
  fc.tuple(key, fc.constantFrom(": ", ":", ":  "), value).map(([k, sep, v]) => `${k}${sep}${v}`),
  fc.tuple(key, value).map(([k, v]) => `${k}: "${v}"`),
  fc.tuple(key, value).map(([k, v]) => `${k}: '${v}'`),
  // Flow lists, as `globs: ["a", "b"]` is written.
  fc.tuple(key, fc.array(item, { maxLength: 4 }), fc.constantFrom(", ", ",", " , ")).map(([k, items, sep]) => `${k}: [${items.join(sep)}]`),
  // Block lists at indentation 0 or 2, and block scalars with one indentation.
  fc
    .tuple(key, fc.array(item, { minLength: 1, maxLength: 3 }), fc.constantFrom("- ", "  - ", "   - "))
    .map(([k, items, dash]) => `${k}:\n${items.map((i) => `${dash}${i}`).join("\n")}`),
  fc
    .tuple(
      key,
      fc.constantFrom("|", "|-", ">", ">-", "|+", ">2"),
      fc.array(value, { minLength: 1, maxLength: 3 }),
      fc.constantFrom("  ", "    ", " "),
    )
    .map(([k, header, parts, indent]) => `${k}: ${header}\n${parts.map((p) => `${indent}${p}`).join("\n")}`),
  fc.constantFrom("", "# comment", "#", "#key: value", "  # indented comment", "  - item", "nested:", "  child: 1", "-", "  -"),
  // Plain and quoted values followed by a comment.
  fc.tuple(key, item, comment).map(([k, v, c]) => `${k}: ${v}${c}`),
  // One level of nested mapping, as `healthScore:` then `  content: green # note` is written;
  // sometimes with a child at another indentation, or a list or deeper mapping inside.
  fc
    .tuple(
      key,
      fc.array(fc.tuple(fc.constantFrom("  ", "  ", "    ", " ", "   "), key, fc.constantFrom(": ", ":", ":  "), item, comment), {
        minLength: 1,
        maxLength: 4,
      }),
      fc.boolean(),
    )
    .map(([k, children, same]) =>
      [`${k}:`, ...children.map(([indent, child, sep, v, c]) => `${same ? children[0]?.[0] : indent}${child}${sep}${v}${c}`)].join("\n"),
    ),
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
    const text = [
      "description: >-",
      "  A folded description",
      "  on two lines.",
      'globs: ["src/**/*.ts", "lib/**"]',
      "paths:",
      "  - src/**",
      "  - 'test/**'",
      "alwaysApply: false",
    ];
    expect(parseSimpleYaml(text)).toEqual({
      description: "A folded description on two lines.",
      globs: ["src/**/*.ts", "lib/**"],
      paths: ["src/**", "test/**"],
      alwaysApply: false,
    });
  });

  it("reads dates and names that start with a digit, integers, nested maps and comments as YAML does", () => {
    const text = [
      "description: 4DA project rules # the team's",
      "lastReviewed: 2025-10-23",
      "version: 2",
      "# reviewed every quarter",
      "healthScore:",
      "  content: green # clear requirements",
      "  usability: 'amber'",
      "  maintenance:",
      "alwaysApply: true",
    ];
    expect(parseSimpleYaml(text)).toEqual({
      description: "4DA project rules",
      lastReviewed: "2025-10-23",
      version: 2,
      healthScore: { content: "green", usability: "amber", maintenance: null },
      alwaysApply: true,
    });
  });

  it("declines what it cannot read exactly like YAML", () => {
    const declined = ["globs: [*.ts]", "description: a: b", "alwaysApply: ~", "n: 1.5", "n: 1.5e3", "n: 0x1F", "  - x", "a: 1\na: 2", 'd: "a\\"b"'];
    // Nested maps with a duplicate key, a deeper level, a list inside or uneven indentation.
    declined.push(
      "m:\n  a: 1\n  a: 2",
      "m:\n  a: x\n  a: y",
      "m:\n  a:\n    b: c",
      "m:\n  - x\n  a: y",
      "m:\n  a: x\n   b: y",
      "m:\n  a: x\n\n  b: y",
    );
    for (const text of declined) {
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

  it("returns what the yaml package returns for nested maps, comments and digit-led values (differential)", () => {
    // Mostly the shapes real files write (review metadata, dates, names), with a tricky value now and then.
    const word = fc.constantFrom("green", "amber", "2025-10-23", "2025/10/23", "web team", "4DA", "v1.2", "1st", "10", "1.5", "true", "null", "a:b");
    const scalar = fc.oneof({ weight: 4, arbitrary: word }, { weight: 1, arbitrary: item });
    const child = fc.tuple(fc.constantFrom("content", "usability", "owner", "a", "__proto__"), scalar, comment);
    const block = fc.array(
      fc.oneof(
        fc.tuple(fc.constantFrom("description", "lastReviewed", "alwaysApply"), scalar, comment).map(([k, v, c]) => `${k}: ${v}${c}`),
        fc
          .tuple(fc.constantFrom("healthScore", "metadata"), fc.array(child, { minLength: 1, maxLength: 3 }), fc.constantFrom("  ", "    ", " "))
          .map(([k, children, indent]) => [`${k}:`, ...children.map(([ck, v, c]) => `${indent}${ck}: ${v}${c}`)].join("\n")),
        fc.constantFrom("# reviewed quarterly", "#", ""),
      ),
      { maxLength: 5 },
    );
    let accepted = 0;
    let nested = 0;
    fc.assert(
      fc.property(block, (entries) => {
        const lines = entries.join("\n").split("\n");
        const fast = parseSimpleYaml(lines);
        if (fast === undefined) return;
        accepted++;
        if (Object.values(fast).some((v) => v !== null && typeof v === "object" && !Array.isArray(v))) nested++;
        expect(fast).toEqual(parse(lines.join("\n")) ?? {});
      }),
      { numRuns: 3000 },
    );
    // The comparison proves something only if the fast path took many of these blocks.
    expect(accepted).toBeGreaterThan(800);
    expect(nested).toBeGreaterThan(100);
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
