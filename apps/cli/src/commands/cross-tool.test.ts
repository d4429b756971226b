import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FIXTURES, fixtureArgs, runCli } from "../../test/helpers.js";

interface Report {
  rules: Array<{ name: string; provider: string; path: string; alsoReadBy?: string[] }>;
  shadowed: Array<{ name: string; provider: string; path: string; shadowedBy: { provider: string; path: string } }>;
  diagnostics: Array<{ severity: string; code: string; message: string; path?: string }>;
}

const proj = join(FIXTURES, "cross-tool", "proj");
const rel = (path: string) => path.slice(proj.length + 1);

// One repository, files of several tools (shaped like miaotouy/aio-hub and repositories with AGENT.md beside AGENTS.md).
describe("files of several tools in one repository", () => {
  const report = JSON.parse(runCli(["inspect", "--json", ...fixtureArgs("cross-tool")]).stdout) as Report;

  it("reads AGENT.md as its own rule AGENT beside a different AGENTS.md: both texts are in effect", () => {
    const byName = Object.fromEntries(report.rules.map((r) => [r.name, rel(r.path)]));
    expect(byName).toMatchObject({ AGENTS: "AGENTS.md", AGENT: "AGENT.md" });
  });

  it("counts a file Zed's fallback list also reaches once, under its own tool, never as shadowed", () => {
    const copilot = report.rules.find((r) => r.name === "copilot-instructions");
    expect(copilot).toMatchObject({ provider: "copilot", alsoReadBy: ["zed"] });
    expect(report.shadowed.filter((s) => s.provider === "zed")).toEqual([]);
    const human = runCli(["explain", "AGENTS.md", ...fixtureArgs("cross-tool")]).stdout;
    expect(human).not.toContain("zed/");
  });

  it("warns when another tool's rule loses its text to a rule of the same name, naming both files", () => {
    expect(report.shadowed.map((s) => [s.provider, rel(s.path), rel(s.shadowedBy.path)])).toEqual([
      ["kiro", ".kiro/steering/AGENTS.md", "AGENTS.md"],
      ["kilocode", ".kilocode/rules/rules.md", ".roo/rules/rules.md"],
    ]);
    const warnings = report.diagnostics.filter((d) => d.code === "shadow-drops-text");
    expect(warnings.map((d) => [d.severity, rel(d.path ?? "")])).toEqual([
      ["warning", ".kiro/steering/AGENTS.md"],
      ["warning", ".kilocode/rules/rules.md"],
    ]);
    expect(warnings[1]?.message).toContain(join(proj, ".roo/rules/rules.md"));
    expect(warnings[1]?.message).toContain("carries 1 of its 13 lines");
  });

  it("names files relative to the project in human output, absolute in --json", () => {
    const human = runCli(["inspect", ...fixtureArgs("cross-tool")]).stderr;
    expect(human).toContain('rule "rules" of Kilo Code in .kilocode/rules/rules.md is hidden by the rule of the same name in .roo/rules/rules.md');
    expect(human).not.toContain(proj);
    expect(report.diagnostics.find((d) => d.code === "shadow-drops-text")?.message).toContain(join(proj, ".kiro/steering/AGENTS.md"));
  });
});
