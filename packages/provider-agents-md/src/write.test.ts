import { checkExportRoundTrip, EXPORT_SAMPLE_RULES } from "@rulebook/core/testing";
import type { Rule } from "@rulebook/core";
import { describe, expect, it } from "vitest";
import { agentsMdProvider } from "./index.js";
import { writeAgentsMdRules } from "./write.js";

const rule = (name: string, fields: Partial<Rule> = {}): Rule => ({
  name,
  path: `/p/${name}.md`,
  content: `${name} text.`,
  source: { provider: "sample", providerName: "Sample", level: "project" },
  ...fields,
});

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

  it("writes a rule named as its file with no loss, and says how another name reads back", () => {
    expect(writeAgentsMdRules([rule("AGENTS", { alwaysApply: true })])).toEqual({
      files: [{ path: "AGENTS.md", content: expect.stringContaining("AGENTS text."), target: "agents-md", rules: ["AGENTS"] }],
      losses: [],
    });
    expect(writeAgentsMdRules([rule("style", { alwaysApply: true })]).losses.map((l) => l.message)).toEqual([
      'agents-md reads AGENTS.md as the rule "AGENTS"',
    ]);
  });

  it("writes a scoped rule into its folder", () => {
    const { files, losses } = writeAgentsMdRules([rule("packages/api/api", { scope: "packages/api", alwaysApply: true })]);
    expect(files.map((f) => f.path)).toEqual(["packages/api/AGENTS.md"]);
    expect(losses.map((l) => l.part)).toEqual(["name"]);
  });
});
