import { checkExportRoundTrip, EXPORT_SAMPLE_RULES } from "@rulebook/core/testing";
import { describe, expect, it } from "vitest";
import { agentsMdProvider } from "./index.js";

describe("agents-md export", () => {
  it("reads back every rule it can express exactly, and reports a loss for every other", async () => {
    const result = await checkExportRoundTrip(agentsMdProvider, EXPORT_SAMPLE_RULES);
    expect(result.wrong).toEqual([]);
    expect(result.exact).toEqual(["packages/api/always"]);
    expect(result.lost.length + result.exact.length).toBe(EXPORT_SAMPLE_RULES.length);
  });

  it("writes the tool's own format", async () => {
    const { plan } = await checkExportRoundTrip(agentsMdProvider, EXPORT_SAMPLE_RULES);
    const file = plan.files.find((f) => f.path === "AGENTS.md");
    expect(file?.content).toContain("## always\n\nUse pnpm, never npm.");
  });
});
