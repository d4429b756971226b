import { describe, expect, it } from "vitest";
import { normalizeRuleFields, splitGlobList } from "./fields.js";

describe("normalizeRuleFields", () => {
  it("keeps a trimmed description and drops empty ones", () => {
    expect(normalizeRuleFields({ description: "  Tests  " }).fields).toEqual({ description: "Tests" });
    expect(normalizeRuleFields({ description: "   " }).fields).toEqual({});
  });

  it("drops a non-string description with a diagnostic on its line", () => {
    const { fields, diagnostics } = normalizeRuleFields({ description: 42 }, { path: "/r.md", keyLines: { description: 3 } });
    expect(fields).toEqual({});
    expect(diagnostics).toEqual([
      expect.objectContaining({ code: "description-not-string", severity: "warning", path: "/r.md", line: 3 }),
    ]);
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
