import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { MAX_FRONTMATTER_KEYS, parseFrontmatter } from "./frontmatter.js";

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

  it("reads unquoted globs under Cline's paths, Copilot's applyTo and Kiro's fileMatchPattern too, without a warning", () => {
    for (const [line, key, value] of [
      ["applyTo: **/*.ps1", "applyTo", "**/*.ps1"],
      ["fileMatchPattern: *.tsx", "fileMatchPattern", "*.tsx"],
      ["paths: src/**, !src/generated/**", "paths", "src/**, !src/generated/**"],
    ] as const) {
      for (const extra of [[], ["inclusion: fileMatch"], ["nested: [1, {a: b}]"]]) {
        const parsed = parseFrontmatter(fm("---", ...extra, line, "---", "b"));
        expect(parsed.data[key], line).toBe(value);
        expect(parsed.diagnostics, line).toEqual([]);
      }
    }
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
    const parsed = parseFrontmatter(fm("---", 'description: "React: components"', 'globs: ["src/**/*.ts", "lib/**"]', "---", "b"));
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
      fm("---", "description: Use this when: you write tests", "alwaysApply: true", "globs: [src/**, 'lib/**']", "name: 'quoted'", "---", "body"),
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
      .array(fc.constantFrom("*", "**/", "!", "{a,b}", "'", '"', ",", " ", ": ", "#", "\t", "x", "é", "[", "]", "&", "?"), {
        minLength: 1,
        maxLength: 8,
      })
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

describe("parseFrontmatter bounds (issue 19 item 4)", () => {
  it("refuses 120,000 keys (1 MiB) with a located error and still loads the body", () => {
    const keys = Array.from({ length: 120_000 }, (_, i) => `k${i}: [v]`);
    const parsed = parseFrontmatter(["---", ...keys, "---", "Body survives."].join("\n"), { path: "/r.md", provider: "p" });
    expect(parsed.data).toEqual({});
    expect(parsed.body).toBe("Body survives.");
    expect(parsed.diagnostics).toHaveLength(1);
    let past = 1;
    for (let length = 0; length <= 32 * 1024; past++) length += (keys[past - 1] as string).length + 1;
    expect(parsed.diagnostics[0]).toMatchObject({ code: "frontmatter-too-large", severity: "error", path: "/r.md", provider: "p", line: past });
    expect(parsed.diagnostics[0]?.message).toBe("frontmatter has over 32768 characters; its metadata is ignored, the body still loads");
  });

  it("refuses more top-level keys than the bound, on the line of the first key past it", () => {
    const keys = Array.from({ length: MAX_FRONTMATTER_KEYS + 1 }, (_, i) => `k${i}: v`);
    const parsed = parseFrontmatter(["---", ...keys, "---", "b"].join("\n"));
    expect(parsed.diagnostics[0]).toMatchObject({ code: "frontmatter-too-large", line: MAX_FRONTMATTER_KEYS + 2 });
    expect(parsed.diagnostics[0]?.message).toBe("frontmatter has more than 256 keys; its metadata is ignored, the body still loads");
    const atBound = parseFrontmatter(["---", ...keys.slice(0, -1), "---", "b"].join("\n"));
    expect(atBound.diagnostics).toEqual([]);
    expect(Object.keys(atBound.data)).toHaveLength(MAX_FRONTMATTER_KEYS);
  });

  it("refuses a frontmatter too long to be metadata, on the line where it went past", () => {
    const parsed = parseFrontmatter(["---", "description: short", `globs: ["${"a".repeat(40_000)}"]`, "---", "b"].join("\n"));
    expect(parsed.diagnostics).toEqual([expect.objectContaining({ code: "frontmatter-too-large", line: 3 })]);
    expect(parsed.body).toBe("b");
  });

  it("keeps a huge unclosed frontmatter as body, silently", () => {
    const text = ["---", ...Array.from({ length: 50_000 }, (_, i) => `k${i}: [v]`)].join("\n");
    const parsed = parseFrontmatter(text);
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.body).toBe(text);
  });

  it("still reports duplicate keys, top-level or nested, and reads the block line by line", () => {
    const top = parseFrontmatter(fm("---", "globs: [a]", "description: d", "globs: [b]", "---", "b"));
    expect(top.diagnostics).toEqual([expect.objectContaining({ code: "yaml-invalid", line: 4 })]);
    expect(top.diagnostics[0]?.message).toContain("Map keys must be unique");
    expect(top.data.globs).toEqual(["b"]);
    const nested = parseFrontmatter(fm("---", "description: d", "meta:", "  a: 1", "  a: 2", "---", "b"));
    expect(nested.diagnostics).toEqual([expect.objectContaining({ code: "yaml-invalid", line: 5 })]);
  });

  it("turns yaml's collection-key warning into a diagnostic instead of writing to stderr (issue 19 item 22)", () => {
    const warn = vi.spyOn(process, "emitWarning");
    try {
      const parsed = parseFrontmatter(fm("---", "description: d", "[a, b]: x", "? {c: 1}", ": y", "---", "b"), { path: "/k.md" });
      expect(warn).not.toHaveBeenCalled();
      expect(parsed.data).toEqual({ description: "d" });
      expect(parsed.diagnostics).toEqual([expect.objectContaining({ code: "frontmatter-key-invalid", severity: "warning", path: "/k.md", line: 3 })]);
      expect(parsed.diagnostics[0]?.message).toBe("a frontmatter key is a list or a mapping (and 1 more); keys must be text, so it is left out");
    } finally {
      warn.mockRestore();
    }
  });
});

describe("parseFrontmatter and hidden characters written as YAML escapes (issue 19 item 15)", () => {
  it("reports an escape in a description, a glob or a condition on its key's line", () => {
    const parsed = parseFrontmatter(
      fm(
        "---",
        'description: "Use tabs\\u200B"',
        "alwaysApply: false",
        'globs: ["src/**", "lib/\\u202E**"]',
        'condition: "rm\\u2060 -rf"',
        "---",
        "b",
      ),
      { path: "/e.md" },
    );
    expect(parsed.data.description).toBe("Use tabs\u200B");
    expect(parsed.diagnostics.map((d) => [d.code, d.severity, d.line])).toEqual([
      ["hidden-character-lone", "warning", 2],
      ["hidden-character", "error", 4],
      ["hidden-character-lone", "warning", 5],
    ]);
    expect(parsed.diagnostics[1]?.message).toBe(
      'glob "lib/<U+202E>**" contains bidi control U+202E written as a YAML escape; it is removed, so the glob matches what it shows',
    );
  });

  it("leaves characters written as themselves to the scan of the file's text, so nothing is reported twice", () => {
    const parsed = parseFrontmatter(fm("---", 'description: "Use\u200B tabs \\t"', "globs: [a]", "---", "b"));
    expect(parsed.diagnostics).toEqual([]);
  });

  it("says nothing about a character written as itself under a key the line reader cannot place, and locates an escape there", () => {
    expect(parseFrontmatter("---\n\\ condition: \u202E\n---\nb").diagnostics).toEqual([]);
    const escaped = parseFrontmatter('---\n\\ condition: "\\u202E"\n---\nb').diagnostics;
    expect(escaped.map((d) => [d.code, d.line])).toEqual([["hidden-character", 1]]);
  });

  it("says nothing about an escaped emoji", () => {
    const parsed = parseFrontmatter(fm("---", 'description: "Done \\u2714\\uFE0F"', "globs: [a]", "---", "b"));
    expect(parsed.data.description).toBe("Done ✔️");
    expect(parsed.diagnostics).toEqual([]);
  });
});
