import { checkExportRoundTrip, EXPORT_SAMPLE_RULES } from "@rulebook/core/testing";
import { describe, expect, it } from "vitest";
import { gooseProvider } from "./index.js";

describe("goose export", () => {
  it("reads back every rule it can express exactly, and reports a loss for every other", async () => {
    const result = await checkExportRoundTrip(gooseProvider, EXPORT_SAMPLE_RULES);
    expect(result.wrong).toEqual([]);
    expect(result.exact).toEqual(["packages/api/always"]);
    expect(result.lost.length + result.exact.length).toBe(EXPORT_SAMPLE_RULES.length);
  });

  it("writes the tool's own files, and only those", async () => {
    const { plan } = await checkExportRoundTrip(gooseProvider, EXPORT_SAMPLE_RULES);
    expect(plan.files.map((f) => f.path)).toEqual([".goosehints", "packages/api/.goosehints", "packages/web/.goosehints"]);
    const file = plan.files.find((f) => f.path === "packages/api/.goosehints");
    expect(file?.content).toContain("Return problem+json errors.\n");
  });
});
