import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseFrontmatter } from "./frontmatter.js";

const fm = (...lines: string[]) => lines.join("\n");

describe("parseFrontmatter", () => {
  it("reads YAML metadata and trims the body", () => {
    const parsed = parseFrontmatter(fm("---", "description: Use pnpm", "alwaysApply: true", "---", "", "  Body text  ", ""));
    expect(parsed.data).toEqual({ description: "Use pnpm", alwaysApply: true });
    expect(parsed.body).toBe("Body text");
    expect(parsed.diagnostics).toEqual([]);
  });

  it("treats a file without an opening fence as all body", () => {
    const parsed = parseFrontmatter("# Title\n---\nnot: metadata\n---\n");
    expect(parsed.data).toEqual({});
    expect(parsed.body).toBe("# Title\n---\nnot: metadata\n---");
  });

  it("treats an unclosed frontmatter as body", () => {
    const parsed = parseFrontmatter("---\ndescription: x\nno closing fence");
    expect(parsed.data).toEqual({});
    expect(parsed.body).toBe("---\ndescription: x\nno closing fence");
  });

  it("accepts trailing spaces on both fences", () => {
    expect(parseFrontmatter("---  \ndescription: d\n--- \t\nbody").data).toEqual({ description: "d" });
  });

  it("strips a BOM and turns CRLF and lone CR into LF", () => {
    const parsed = parseFrontmatter("\uFEFF---\r\ndescription: d\r\n---\r\nline one\rline two\r\n");
    expect(parsed.data).toEqual({ description: "d" });
    expect(parsed.body).toBe("line one\nline two");
  });

  it("reads Cursor's unquoted globs as the strings they were meant to be, without a warning", () => {
    for (const [line, value] of [
      ["globs: **/*", "**/*"],
      ["globs: *.ts", "*.ts"],
      ["globs: **/*.ts, src/**", "**/*.ts, src/**"],
      ["globs: **/*.py, app/**/*.py", "**/*.py, app/**/*.py"],
      ["globs: {src,lib}/**/*.ts", "{src,lib}/**/*.ts"],
      ["globs: !**/*.test.ts", "!**/*.test.ts"],
      ["globs: *.ts,*.tsx   ", "*.ts,*.tsx"],
      ["globs: *it's*.md", "*it's*.md"],
    ] as const) {
      const parsed = parseFrontmatter(fm("---", "description: d", line, "alwaysApply: false", "---", "b"));
      expect(parsed.data.globs, line).toBe(value);
      expect(parsed.data.alwaysApply).toBe(false);
      expect(parsed.diagnostics, line).toEqual([]);
    }
  });

  it("keeps quoted values and JSON-style lists as YAML reads them", () => {
    const parsed = parseFrontmatter(
      fm("---", 'description: "React: components"', 'globs: ["src/**/*.ts", "lib/**"]', "---", "b"),
    );
    expect(parsed.data).toEqual({ description: "React: components", globs: ["src/**/*.ts", "lib/**"] });
  });

  it("exposes kebab-case keys under their camelCase name too", () => {
    const parsed = parseFrontmatter(fm("---", "always-apply: true", "ttsr-trigger: foo", "---", "b"));
    expect(parsed.data.alwaysApply).toBe(true);
    expect(parsed.data.ttsrTrigger).toBe("foo");
    expect(parsed.data["always-apply"]).toBe(true);
    expect(parsed.keyLines.alwaysApply).toBe(2);
  });

  it("falls back to line parsing with a located diagnostic when YAML fails, keeping typed metadata", () => {
    const parsed = parseFrontmatter(
      fm(
        "---",
        "description: Use this when: you write tests",
        "alwaysApply: true",
        "globs: [src/**, 'lib/**']",
        "name: 'quoted'",
        "---",
        "body",
      ),
      { path: "/p/rule.md", provider: "cursor" },
    );
    expect(parsed.data).toEqual({
      description: "Use this when: you write tests",
      alwaysApply: true,
      globs: ["src/**", "lib/**"],
      name: "quoted",
    });
    expect(parsed.diagnostics).toHaveLength(1);
    expect(parsed.diagnostics[0]).toMatchObject({ code: "yaml-invalid", severity: "warning", path: "/p/rule.md", line: 2 });
    expect(parsed.body).toBe("body");
  });

  it("recovers `- item` lists under a key in the line fallback", () => {
    const parsed = parseFrontmatter(fm("---", "description: a: b", "globs:", "  - src/**", "  - '*.md'", "---", "b"));
    expect(parsed.data.globs).toEqual(["src/**", "*.md"]);
  });

  it("reports a frontmatter that is not a mapping", () => {
    const parsed = parseFrontmatter(fm("---", "- a", "- b", "---", "body"), { path: "/x.md" });
    expect(parsed.data).toEqual({});
    expect(parsed.diagnostics[0]).toMatchObject({ code: "frontmatter-not-mapping", path: "/x.md" });
  });

  it("gives the file line of a YAML error further down the block", () => {
    const parsed = parseFrontmatter(fm("---", "description: ok", "globs: src/**", "bad: [unclosed", "---", "b"));
    expect(parsed.diagnostics[0]?.line).toBe(4);
  });

  it("survives a billion-laughs alias bomb", () => {
    const bomb = [
      "---",
      'a: &a ["x","x","x","x","x","x","x","x","x"]',
      "b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]",
      "c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]",
      "d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]",
      "e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]",
      "f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]",
      "g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]",
      "description: bomb",
      "---",
      "body",
    ].join("\n");
    const parsed = parseFrontmatter(bomb, { path: "/bomb.md" });
    expect(parsed.diagnostics[0]).toMatchObject({ code: "yaml-invalid", path: "/bomb.md" });
    expect(parsed.data.description).toBe("bomb");
    expect(parsed.body).toBe("body");
  });

  it("reads a repaired glob line the same on the fast path and through YAML (differential)", () => {
    const glob = fc
      .array(fc.constantFrom("*", "**/", "!", "{a,b}", "'", '"', ",", " ", ": ", "#", "\t", "x", "é", "[", "]", "&", "?"), { minLength: 1, maxLength: 8 })
      .map((parts) => `*${parts.join("")}`);
    fc.assert(
      fc.property(glob, fc.boolean(), (value, forceYaml) => {
        // A line YAML needs (a list) sends the whole block through the yaml package.
        const lines = ["---", `globs: ${value}`, ...(forceYaml ? ["other: [1]"] : []), "---", "body"];
        const parsed = parseFrontmatter(lines.join("\n"));
        expect(parsed.data.globs).toBe(value.trim());
      }),
      { numRuns: 2000 },
    );
  }, 60_000);
});
