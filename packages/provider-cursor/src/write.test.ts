import { checkExportRoundTrip, EXPORT_SAMPLE_RULES } from "@rulebook/core/testing";
import { describe, expect, it } from "vitest";
import { cursorProvider } from "./index.js";

describe("cursor export", () => {
  it("reads back every rule it can express exactly, and reports a loss for every other", async () => {
    const result = await checkExportRoundTrip(cursorProvider, EXPORT_SAMPLE_RULES);
    expect(result.wrong).toEqual([]);
    expect(result.exact).toEqual([
      "always",
      "always-described",
      "typescript",
      "src-only",
      "release",
      "manual",
      "packages/web/react",
      "packages/api/always",
      "hostile-frontmatter",
      "bad:name*?",
      "zero\u200bwidth",
    ]);
    expect(result.lost.length + result.exact.length).toBe(EXPORT_SAMPLE_RULES.length);
  });

  it("writes the tool's own format", async () => {
    const { plan } = await checkExportRoundTrip(cursorProvider, EXPORT_SAMPLE_RULES);
    const file = plan.files.find((f) => f.path === ".cursor/rules/typescript.mdc");
    expect(file?.content).toContain("globs: **/*.ts,**/*.tsx\n");
  });
});
