import { describe, expect, it } from "vitest";
import { createDiagnostic, formatDiagnostic } from "./diagnostics.js";

describe("createDiagnostic", () => {
  it("gives known codes their standard severity and omits absent fields", () => {
    expect(createDiagnostic("hidden-character", "m", { path: "/a.md", line: 2, column: 5 })).toEqual({
      severity: "error",
      code: "hidden-character",
      message: "m",
      path: "/a.md",
      line: 2,
      column: 5,
    });
    expect(createDiagnostic("rule-empty", "m")).toEqual({ severity: "warning", code: "rule-empty", message: "m" });
  });

  it("lets providers use their own codes with a chosen severity", () => {
    expect(createDiagnostic("windsurf-manual", "m", { severity: "info", provider: "windsurf" })).toEqual({
      severity: "info",
      code: "windsurf-manual",
      message: "m",
      provider: "windsurf",
    });
    expect(createDiagnostic("my-code", "m").severity).toBe("warning");
  });
});

describe("formatDiagnostic", () => {
  it("prints path:line:column severity code: message", () => {
    expect(formatDiagnostic(createDiagnostic("yaml-invalid", "bad", { path: "/r.md", line: 3, column: 1 }))).toBe(
      "/r.md:3:1: warning yaml-invalid: bad",
    );
    expect(formatDiagnostic(createDiagnostic("provider-failed", "boom", { provider: "x" }))).toBe("[x]: error provider-failed: boom");
  });
});
