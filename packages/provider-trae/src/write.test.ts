import { checkExportRoundTrip, EXPORT_SAMPLE_RULES } from "@rulebook/core/testing";
import { describe, expect, it } from "vitest";
import { traeProvider } from "./index.js";

describe("trae export", () => {
  it("reads back every rule it can express exactly, and reports a loss for every other", async () => {
    const result = await checkExportRoundTrip(traeProvider, EXPORT_SAMPLE_RULES);
    expect(result.wrong).toEqual([]);
    expect(result.exact).toEqual([
      "always",
      "always-described",
      "typescript",
      "src-only",
      "release",
      "manual",
      "hostile-frontmatter",
      "bad:name*?",
      "zero\u200bwidth",
    ]);
    expect(result.lost.length + result.exact.length).toBe(EXPORT_SAMPLE_RULES.length);
  });

  it("writes the tool's own files, and only those", async () => {
    const { plan } = await checkExportRoundTrip(traeProvider, EXPORT_SAMPLE_RULES);
    expect(plan.files.map((f) => f.path)).toEqual([
      ".trae/rules/always-described.md",
      ".trae/rules/always.md",
      ".trae/rules/bad-name--.md",
      ".trae/rules/hostile-frontmatter.md",
      ".trae/rules/manual.md",
      ".trae/rules/packages/api/always.md",
      ".trae/rules/packages/web/react.md",
      ".trae/rules/release.md",
      ".trae/rules/rules-architect/design.md",
      ".trae/rules/secrets.md",
      ".trae/rules/src-only.md",
      ".trae/rules/typescript.md",
      ".trae/rules/zero-width.md",
    ]);
    const file = plan.files.find((f) => f.path === ".trae/rules/manual.md");
    expect(file?.content).toContain("alwaysApply: false\n");
  });
});
