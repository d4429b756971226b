import { describe, expect, it } from "vitest";
import { normalizeRuleFields, readGlobList, splitGlobList } from "./fields.js";
import { parseFrontmatter } from "./frontmatter.js";

describe("normalizeRuleFields", () => {
  it("keeps a trimmed description and drops empty ones", () => {
    expect(normalizeRuleFields({ description: "  Tests  " }).fields).toEqual({ description: "Tests" });
    expect(normalizeRuleFields({ description: "   " }).fields).toEqual({});
  });

  it("drops a non-string description with a diagnostic on its line", () => {
    const { fields, diagnostics } = normalizeRuleFields({ description: 42 }, { path: "/r.md", keyLines: { description: 3 } });
    expect(fields).toEqual({});
    expect(diagnostics).toEqual([expect.objectContaining({ code: "description-not-string", severity: "warning", path: "/r.md", line: 3 })]);
  });

  it("keeps alwaysApply only for the boolean true", () => {
    expect(normalizeRuleFields({ alwaysApply: true }).fields.alwaysApply).toBe(true);
    expect(normalizeRuleFields({ alwaysApply: false })).toEqual({ fields: {}, diagnostics: [] });
    const quoted = normalizeRuleFields({ alwaysApply: "true" });
    expect(quoted.fields.alwaysApply).toBeUndefined();
    expect(quoted.diagnostics[0]?.code).toBe("always-apply-not-boolean");
  });

  it("splits glob strings on commas outside braces and trims entries", () => {
    expect(normalizeRuleFields({ globs: "**/*.py, app/**/*.py" }).fields.globs).toEqual(["**/*.py", "app/**/*.py"]);
    expect(normalizeRuleFields({ globs: "src/{a,b}/*.ts,*.md" }).fields.globs).toEqual(["src/{a,b}/*.ts", "*.md"]);
    expect(normalizeRuleFields({ globs: "*.ts,  ,*.tsx," }).fields.globs).toEqual(["*.ts", "*.tsx"]);
  });

  it("filters glob lists: non-strings reported, empty entries dropped, empty result undefined", () => {
    const { fields, diagnostics } = normalizeRuleFields({ globs: ["src/**", 3, " ", "lib/**"] });
    expect(fields.globs).toEqual(["src/**", "lib/**"]);
    expect(diagnostics.map((d) => d.code)).toEqual(["globs-invalid"]);
    expect(normalizeRuleFields({ globs: [] }).fields.globs).toBeUndefined();
    expect(normalizeRuleFields({ globs: "" })).toEqual({ fields: {}, diagnostics: [] });
    expect(normalizeRuleFields({ globs: null })).toEqual({ fields: {}, diagnostics: [] });
    expect(normalizeRuleFields({ globs: [" ", ""] }).diagnostics.map((d) => d.code)).toEqual(["globs-empty"]);
    expect(normalizeRuleFields({ globs: { a: 1 } }).diagnostics.map((d) => d.code)).toEqual(["globs-invalid"]);
  });

  it("takes the condition from the first present key of condition, ttsr_trigger, ttsrTrigger", () => {
    expect(normalizeRuleFields({ ttsr_trigger: "a", ttsrTrigger: "b" }).fields.condition).toEqual(["a"]);
    expect(normalizeRuleFields({ condition: "x", ttsr_trigger: "a" }).fields.condition).toEqual(["x"]);
    expect(normalizeRuleFields({ ttsrTrigger: "b" }).fields.condition).toEqual(["b"]);
    expect(normalizeRuleFields({ condition: [" a ", "a", "", "b", 4] }).fields.condition).toEqual(["a", "b"]);
    expect(normalizeRuleFields({ condition: 4 }).diagnostics[0]?.code).toBe("condition-invalid");
  });
});

describe("splitGlobList", () => {
  it("keeps nested braces together", () => {
    expect(splitGlobList("{a,{b,c}}/*.ts, x")).toEqual(["{a,{b,c}}/*.ts", "x"]);
  });
});

describe("empty globs (issue 14)", () => {
  it("reads Cursor's empty template fields as no metadata, silently", () => {
    for (const globs of ["globs:", "globs: ", 'globs: ""', "globs: ''", "globs: []", "globs: \u200B"]) {
      const parsed = parseFrontmatter(`---\ndescription: \n${globs}\nalwaysApply: false\n---\nBody`);
      const normalized = normalizeRuleFields(parsed.data, { keyLines: parsed.keyLines });
      expect([...parsed.diagnostics, ...normalized.diagnostics], globs).toEqual([]);
      expect(normalized.fields, globs).toEqual({});
    }
  });
});

describe("hidden characters in fields (issue 19 item 15)", () => {
  it("removes them from descriptions and globs, so they show and match as read", () => {
    const { fields, diagnostics } = normalizeRuleFields({
      description: "Use\u200B tabs \u202E",
      globs: ["src/\u200B**", "\u2060"],
    });
    expect(fields).toEqual({ description: "Use tabs", globs: ["src/**"] });
    expect(diagnostics).toEqual([]);
    expect(normalizeRuleFields({ globs: "a\u202E.ts, b" }).fields.globs).toEqual(["a.ts", "b"]);
  });

  it("keeps emoji whole in a description", () => {
    expect(normalizeRuleFields({ description: "Done ✔️ by 👨‍💻" }).fields.description).toBe("Done ✔️ by 👨‍💻");
  });

  it("keeps trigger patterns as written (a pattern may watch for invisible characters)", () => {
    expect(normalizeRuleFields({ condition: "[\u200B\u200C]" }).fields.condition).toEqual(["[\u200B\u200C]"]);
  });
});

describe("readGlobList", () => {
  it("reads a format's glob key as globs are read, diagnostics on that key's line", () => {
    expect(readGlobList("**/*.ts, src/{a,b}/**", "applyTo")).toEqual({ globs: ["**/*.ts", "src/{a,b}/**"], diagnostics: [] });
    expect(readGlobList(["*.ps1", " "], "applyTo")).toEqual({ globs: ["*.ps1"], diagnostics: [] });
    const bad = readGlobList(4, "paths", { path: "/c.md", keyLines: { paths: 2 } });
    expect(bad.globs).toBeUndefined();
    expect(bad.diagnostics).toEqual([expect.objectContaining({ code: "globs-invalid", path: "/c.md", line: 2 })]);
  });
});
