import { checkExportRoundTrip, EXPORT_SAMPLE_RULES } from "@rulebook/core/testing";
import { describe, expect, it } from "vitest";
import { copilotProvider } from "./index.js";

describe("copilot export", () => {
  it("reads back every rule it can express exactly, and reports a loss for every other", async () => {
    const result = await checkExportRoundTrip(copilotProvider, EXPORT_SAMPLE_RULES);
    expect(result.wrong).toEqual([]);
    expect(result.exact).toEqual(["always", "manual", "bad:name*?", "zero\u200bwidth"]);
    expect(result.lost.length + result.exact.length).toBe(EXPORT_SAMPLE_RULES.length);
  });

  it("writes the tool's own format", async () => {
    const { plan } = await checkExportRoundTrip(copilotProvider, EXPORT_SAMPLE_RULES);
    const file = plan.files.find((f) => f.path === ".github/instructions/src-only.instructions.md");
    expect(file?.content).toContain("applyTo: \"/src/**/*.ts\"\n");
  });
});
