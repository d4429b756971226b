import { checkExportRoundTrip, EXPORT_SAMPLE_RULES } from "@rulebook/core/testing";
import { describe, expect, it } from "vitest";
import { augmentProvider } from "./index.js";

describe("augment export", () => {
  it("reads back every rule it can express exactly, and reports a loss for every other", async () => {
    const result = await checkExportRoundTrip(augmentProvider, EXPORT_SAMPLE_RULES);
    expect(result.wrong).toEqual([]);
    expect(result.exact).toEqual(["always", "always-described", "release", "manual", "hostile-frontmatter", "bad:name*?", "zero\u200bwidth"]);
    expect(result.lost.length + result.exact.length).toBe(EXPORT_SAMPLE_RULES.length);
  });

  it("writes the tool's own format", async () => {
    const { plan } = await checkExportRoundTrip(augmentProvider, EXPORT_SAMPLE_RULES);
    const file = plan.files.find((f) => f.path === ".augment/rules/release.md");
    expect(file?.content).toContain("type: agent_requested\ndescription: How to cut a release\n");
  });
});
