import { checkExportRoundTrip, EXPORT_SAMPLE_RULES } from "@rulebook/core/testing";
import { describe, expect, it } from "vitest";
import type { Rule } from "@rulebook/core/provider";
import { copilotProvider, writeCopilotRules } from "./index.js";

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
    expect(file?.content).toContain('applyTo: "/src/**/*.ts"\n');
  });

  it("writes a rule read by its description with its description and no applyTo, and says Copilot will not read it on its own", async () => {
    const release = EXPORT_SAMPLE_RULES.find((r) => r.name === "release");
    const { plan, readBack } = await checkExportRoundTrip(copilotProvider, release ? [release] : []);
    expect(plan.files.map((f) => f.path)).toEqual([".github/instructions/release.instructions.md"]);
    expect(plan.files[0]?.content).toMatch(/\ndescription: How to cut a release\n---\n/);
    expect(plan.files[0]?.content).not.toContain("applyTo");
    expect(plan.losses).toEqual([
      {
        rule: "release",
        target: "copilot",
        part: "activation",
        severity: "warning",
        message: "Copilot reads no instructions by their description alone; written without applyTo, it is attached by hand",
      },
    ]);
    // Read back, it is offered by its description again.
    expect(readBack.map((r) => [r.name, r.description, r.alwaysApply, r.globs])).toEqual([["release", "How to cut a release", undefined, undefined]]);
  });

  it("writes applyTo from the root, each glob once, and says what Copilot drops", async () => {
    const rule = (name: string, fields: Partial<Rule>): Rule => ({
      name,
      path: `/p/${name}.md`,
      content: `${name} text.`,
      source: { provider: "cursor", providerName: "Cursor", level: "project" },
      ...fields,
    });
    const { files, losses } = writeCopilotRules([
      rule("ts", { globs: ["**/*.ts", "**/*.tsx"] }),
      rule("spelled", { globs: ["./docs/**", "//build/**", "!vendor/**", "!**/gen/**", "!./tmp/**"], globsIgnoreCase: true }),
      rule("always", { alwaysApply: true, description: "Testing policy" }),
      rule("offered", { description: "How to release", globs: ["CHANGELOG.md"] }),
    ]);
    const applyTo = (name: string) => files.find((f) => f.rules[0] === name)?.content.match(/^applyTo: (.*)$/m)?.[1];
    expect(files.map((f) => [f.path, f.target])).toEqual([
      [".github/instructions/ts.instructions.md", "copilot"],
      [".github/instructions/spelled.instructions.md", "copilot"],
      [".github/instructions/always.instructions.md", "copilot"],
      [".github/instructions/offered.instructions.md", "copilot"],
    ]);
    expect(applyTo("ts")).toBe('"**/*.ts,**/*.tsx"');
    expect(applyTo("spelled")).toBe('"/docs/**,/build/**,!/vendor/**,!**/gen/**,!/tmp/**"');
    expect(applyTo("always")).toBe('"**"');
    expect(applyTo("offered")).toBeUndefined();
    expect(losses.map((l) => [l.rule, l.target, l.part, l.severity, l.message])).toEqual([
      ["ts", "copilot", "globs", "info", "copilot matches globs ignoring case, the source did not"],
      ["always", "copilot", "description", "info", "Copilot ignores the description of a file applied to every file"],
      ["offered", "copilot", "globs", "info", "copilot matches globs ignoring case, the source did not"],
      [
        "offered",
        "copilot",
        "activation",
        "warning",
        "Copilot reads no instructions by their description alone; written without applyTo, it is attached by hand",
      ],
      ["offered", "copilot", "globs", "info", "with applyTo, Copilot would apply it without reading its description"],
    ]);
  });
});
