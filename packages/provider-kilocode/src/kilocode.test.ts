import { join } from "node:path";
import { createRegistry, partitionRules } from "@rulebook/core";
import { loadProvider, tempTree, fixturesAt } from "@rulebook/core/testing";
import { describe, expect, it } from "vitest";
import { createKilocodeProvider, kilocodeProvider } from "./index.js";

const fixture = fixturesAt(new URL("../test/fixtures/", import.meta.url));

const at = (scenario: string) => {
  const proj = join(fixture(scenario), "proj");
  return { cwd: proj, root: proj, home: join(fixture(scenario), "home") };
};

describe("kilocodeProvider", () => {
  it("is the Kilo Code provider with priority 25", () => {
    expect(kilocodeProvider).toMatchObject({ id: "kilocode", displayName: "Kilo Code", priority: 25 });
    expect(createKilocodeProvider({ priority: 2 }).priority).toBe(2);
  });

  it("reads rules-<mode> folders (limited to their mode), .kilocode/rules with its memory bank, then ~/.kilocode/rules", async () => {
    const { rules, diagnostics } = await loadProvider(kilocodeProvider, at("modes"));
    expect(rules.map((r) => [r.name, r.modes, r.source.level, r.alwaysApply])).toEqual([
      ["rules-translate/instructions-zh-cn", ["translate"], "project", true],
      ["codestyle", undefined, "project", true],
      ["memory-bank/brief", undefined, "project", true],
      ["pr-checks", undefined, "project", true],
      ["personal", undefined, "user", true],
    ]);
    expect(diagnostics).toEqual([]);
  });

  it("reads Kilo Code 7's .kilo/rules first (a file name there wins over .kilocode/rules), its mode folders, paths lists and ~/.kilo/rules", async () => {
    const { rules, shadowed } = await createRegistry([kilocodeProvider]).load(at("kilo7"));
    expect(rules.map((r) => [r.name, r.modes, r.globs, r.alwaysApply, r.source.level])).toEqual([
      ["rules-code/tests", ["code"], undefined, true, "project"],
      ["api", undefined, ["src/api/**/*.ts", "tests/**/*.test.ts"], undefined, "project"],
      ["formatting", undefined, undefined, true, "project"],
      ["mine", undefined, undefined, true, "user"],
    ]);
    expect(rules.find((r) => r.name === "formatting")?.path).toContain(".kilo/rules/formatting.md");
    expect(shadowed.map((s) => s.rule.path)).toEqual([expect.stringContaining(".kilocode/rules/formatting.md")]);
  });

  it("never reads workflows, skills or MCP settings", async () => {
    const { rules } = await loadProvider(kilocodeProvider, at("modes"));
    expect(rules.some((r) => /workflows|skills|mcp\.json/.test(r.path))).toBe(false);
  });

  it("applies mode rules only in their mode", async () => {
    const { rules } = await createRegistry([kilocodeProvider]).load(at("modes"));
    const active = (mode?: string) => partitionRules(rules, mode === undefined ? {} : { mode }).alwaysApply.map((r) => r.name);
    expect(active("code")).toEqual(["codestyle", "memory-bank/brief", "pr-checks", "personal"]);
    expect(active("translate")[0]).toBe("rules-translate/instructions-zh-cn");
  });

  it("falls back to .kilocoderules and .kilocoderules-<mode> only where Kilo Code's folder has no rule file", async () => {
    const { rules } = await loadProvider(kilocodeProvider, at("legacy"));
    expect(rules.map((r) => [r.name, r.modes, r.alwaysApply])).toEqual([
      ["rules-architect/plans", ["architect"], true],
      ["kilocoderules-code", ["code"], true],
      ["kilocoderules", undefined, true],
    ]);
  });

  it("does not read .kilocoderules when ~/.kilocode/rules has a rule", async () => {
    const dir = await tempTree({ "proj/.kilocoderules": "Legacy.", "home/.kilocode/rules/mine.md": "Mine." });
    const proj = join(dir, "proj");
    const { rules } = await loadProvider(kilocodeProvider, { cwd: proj, root: proj, home: join(dir, "home") });
    expect(rules.map((r) => r.name)).toEqual(["mine"]);
  });
});
