import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { EXAMPLE, exampleArgs, runCli } from "../../test/helpers.js";

interface Decision {
  name: string;
  category: string;
  applies: boolean;
  how?: string;
  glob?: string;
  reason: string;
  shadowedBy?: { provider: string; path: string };
}

const proj = join(EXAMPLE, "proj");

function explainJson(target: string): { path: string; projectPath?: string; rules: Decision[] } {
  const result = runCli(["explain", target, "--json", ...exampleArgs]);
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout);
}

describe("rulebook explain PATH", () => {
  const report = explainJson("src/ui/App.tsx");
  const byName = (name: string, category?: string) => report.rules.find((d) => d.name === name && (!category || d.category === category));

  it("decides for every rule, relative to the project root", () => {
    expect(report.path).toBe(join(proj, "src/ui/App.tsx"));
    expect(report.projectPath).toBe("src/ui/App.tsx");
    expect(byName("project-overview")).toMatchObject({ applies: true, how: "always-apply" });
    // Globs and a description: auto-attach, as Cursor's "Apply to specific files".
    expect(byName("react-components")).toMatchObject({ applies: true, how: "glob", glob: "**/*.tsx", category: "auto-attach" });
    expect(byName("ui-styling")).toMatchObject({ applies: true, how: "glob", glob: "src/ui/**/*.tsx", category: "auto-attach" });
    expect(byName("testing")).toMatchObject({ applies: false, category: "auto-attach" });
    expect(byName("testing")?.reason).toMatch(/^not matched: .*; listed in the rulebook by its description$/);
    expect(byName("testing")?.reason).toContain("**/*.test.ts");
    expect(byName("api-client")).toMatchObject({ applies: true, how: "listed" });
    expect(byName("no-console-log")).toMatchObject({ applies: false, category: "ttsr" });
    expect(byName("changelog")).toMatchObject({ applies: false, category: "inactive" });
  });

  it("lists the shadowed rules as shadowed by their winner", () => {
    expect(byName("typescript", "shadowed")).toMatchObject({
      applies: false,
      shadowedBy: { provider: "cursor", path: join(proj, ".cursor/rules/typescript.mdc") },
    });
    expect(byName("typescript", "shadowed")?.reason).toContain("shadowed by cursor/project");
  });

  it("makes absolute paths relative and matches nothing outside the root", () => {
    expect(explainJson(join(proj, "src/ui/App.tsx"))).toEqual(report);
    const outside = explainJson("../home/App.tsx");
    expect(outside.projectPath).toBeUndefined();
    expect(outside.rules.filter((d) => d.applies).map((d) => d.how)).not.toContain("glob");
  });

  it("prints a human table with the reasons", () => {
    const result = runCli(["explain", "src/ui/App.tsx", ...exampleArgs]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/applies +react-components +\[auto-attach\] +attached: matches \*\*\/\*\.tsx/);
    expect(result.stdout).toMatch(/shadowed +typescript +\[shadowed\] +shadowed by cursor\/project \.cursor\/rules\/typescript\.mdc/);
  });
});

describe("rulebook explain rule://NAME", () => {
  it("explains a winner: category, reason, source and what it shadows", () => {
    const result = runCli(["explain", "rule://typescript", "--json", ...exampleArgs]);
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout);
    expect(json.rule).toMatchObject({ name: "typescript", category: "auto-attach", provider: "cursor", level: "project" });
    expect(json.reachable).toBe(true);
    expect(json.shadows).toEqual([expect.objectContaining({ provider: "cline", path: join(proj, ".clinerules/typescript.md") })]);
    const human = runCli(["explain", "rule://typescript", ...exampleArgs]).stdout;
    expect(human).toContain("auto-attach");
    expect(human).toContain("cursor/project .cursor/rules/typescript.mdc");
    expect(human).toMatch(/shadows +cline\/project \.clinerules\/typescript\.md/);
  });

  it("explains ttsr and inactive rules, which rule:// reads too (docs/behaviour.md#rule)", () => {
    const ttsr = JSON.parse(runCli(["explain", "rule://no-console-log", "--json", ...exampleArgs]).stdout);
    expect(ttsr.rule).toMatchObject({ category: "ttsr", condition: ["console\\.log\\("] });
    expect(ttsr.reachable).toBe(true);
    const inactive = runCli(["explain", "rule://changelog", ...exampleArgs]);
    expect(inactive.code).toBe(0);
    expect(inactive.stdout).toContain("inactive");
    expect(inactive.stdout).toContain("readable with rulebook read");
  });

  it("says why an inactive rule is unused, naming the problem found in its file", () => {
    const manual = JSON.parse(runCli(["explain", "rule://changelog", "--json", ...exampleArgs]).stdout);
    expect(manual.rule.reason).toMatch(/^manual: no alwaysApply, description, globs or usable condition; .*; windsurf-manual: .*trigger: manual/);
    const inspect = JSON.parse(runCli(["inspect", "--json", ...exampleArgs]).stdout);
    const active = inspect.rules.filter((r: { category: string; reason: string }) => r.category !== "inactive");
    expect(active.every((r: { reason: string }) => !r.reason.includes("windsurf-manual"))).toBe(true);
  });

  it("exits 1 for an unknown name, listing the known ones", () => {
    const result = runCli(["explain", "rule://nope", ...exampleArgs]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('unknown rule "nope"');
    expect(result.stderr).toContain("no-console-log");
  });
});
