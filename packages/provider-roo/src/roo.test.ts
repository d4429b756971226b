import { join } from "node:path";
import { createRegistry, partitionRules } from "@rulebook/core";
import { loadProvider, memoryFs, tempTree, fixturesAt } from "@rulebook/core/testing";
import { describe, expect, it } from "vitest";
import { createRooProvider, rooProvider } from "./index.js";

const fixture = fixturesAt(new URL("../test/fixtures/", import.meta.url));

const at = (scenario: string) => {
  const proj = join(fixture(scenario), "proj");
  return { cwd: join(proj, "src"), root: proj, home: join(fixture(scenario), "home") };
};

describe("rooProvider", () => {
  it("is the Roo Code provider with priority 25", () => {
    expect(rooProvider).toMatchObject({ id: "roo", displayName: "Roo Code", priority: 25 });
    expect(createRooProvider({ priority: 2 }).priority).toBe(2);
  });

  it("reads rules-<mode> folders (limited to their mode), then .roo/rules, in the project then in home", async () => {
    const { rules, diagnostics } = await loadProvider(rooProvider, at("modes"));
    expect(rules.map((r) => [r.name, r.modes, r.source.level])).toEqual([
      ["rules-architect/style", ["architect"], "project"],
      ["rules-code/atomic-writes", ["code"], "project"],
      ["rules-code/style", ["code"], "project"],
      ["rules-issue-fixer/1_workflow", ["issue-fixer"], "project"],
      ["rules-issue-fixer/2_best_practices", ["issue-fixer"], "project"],
      ["rules-translate/001-general", ["translate"], "project"],
      ["rules-translate/glossary", ["translate"], "project"],
      ["rules", undefined, "project"],
      ["rules-architect/diagrams", ["architect"], "user"],
      ["personal", undefined, "user"],
    ]);
    expect(diagnostics).toEqual([]);
  });

  it("reads XML rule files whole, as Roo puts them in its prompt", async () => {
    const { rules } = await loadProvider(rooProvider, at("modes"));
    expect(rules.find((r) => r.name === "rules-issue-fixer/1_workflow")?.content).toMatch(/^<workflow>[\s\S]*<\/workflow>$/);
  });

  it("applies generic rules in every mode and mode rules only in their mode", async () => {
    const { rules } = await createRegistry([rooProvider]).load(at("modes"));
    const active = (mode?: string) => partitionRules(rules, mode === undefined ? {} : { mode }).alwaysApply.map((r) => r.name);
    expect(active()).toEqual(["rules", "personal"]);
    expect(active("code")).toEqual(["rules-code/atomic-writes", "rules-code/style", "rules", "personal"]);
    expect(active("architect")).toEqual(["rules-architect/style", "rules", "rules-architect/diagrams", "personal"]);
  });

  it("keeps two modes' style.md apart: neither shadows the other", async () => {
    const result = await createRegistry([rooProvider]).load(at("modes"));
    expect(result.shadowed).toEqual([]);
    expect(result.rules.filter((r) => r.name.endsWith("/style")).map((r) => r.name)).toEqual(["rules-architect/style", "rules-code/style"]);
  });

  it("never reads commands, skills or .roomodes", async () => {
    const { rules } = await loadProvider(rooProvider, at("modes"));
    expect(rules.some((r) => /commands|skills|roomodes/.test(r.path))).toBe(false);
  });

  it("falls back to .roorules and .roorules-<mode> only where the folder Roo prefers has no rule file", async () => {
    const { rules } = await loadProvider(rooProvider, at("legacy"));
    expect(rules.map((r) => [r.name, r.modes, r.alwaysApply])).toEqual([
      ["rules-architect/plans", ["architect"], true],
      ["roorules-code", ["code"], true],
      ["roorules", undefined, true],
    ]);
  });

  it("does not read .roorules when the user's ~/.roo/rules has rules, as Roo checks both", async () => {
    const root = await tempTree({ "proj/.roorules": "Legacy.", "home/.roo/rules/mine.md": "Mine." });
    const proj = join(root, "proj");
    const { rules } = await loadProvider(rooProvider, { cwd: proj, root: proj, home: join(root, "home") });
    expect(rules.map((r) => r.name)).toEqual(["mine"]);
  });

  it("treats a rules folder holding only other files as empty", async () => {
    const root = await tempTree({ "proj/.roo/rules/notes.json": "{}", "proj/.roo/rules/.draft.md": "hidden", "proj/.roorules": "Legacy." });
    const proj = join(root, "proj");
    const { rules } = await loadProvider(rooProvider, { cwd: proj, root: proj, home: join(root, "home") });
    expect(rules.map((r) => r.name)).toEqual(["roorules"]);
  });

  it("finds mode folders in home that the project does not have", async () => {
    const fs = memoryFs({ "/v/home/.roo/rules-debug/logs.md": "Read the logs first.", "/v/proj/.roo/rules/a.md": "A." });
    const { rules } = await loadProvider(rooProvider, { cwd: "/v/proj", root: "/v/proj", home: "/v/home", fs });
    expect(rules.map((r) => [r.name, r.modes, r.source.level])).toEqual([
      ["a", undefined, "project"],
      ["rules-debug/logs", ["debug"], "user"],
    ]);
  });

  it("reports a .roo/rules that is a file and still reads the rest", async () => {
    const root = await tempTree({ "proj/.roo/rules": "not a folder", "proj/.roo/rules-code/a.md": "A." });
    const proj = join(root, "proj");
    const { rules, diagnostics } = await loadProvider(rooProvider, { cwd: proj, root: proj, home: join(root, "home") });
    expect(rules.map((r) => r.name)).toEqual(["rules-code/a"]);
    expect(diagnostics).toEqual([expect.objectContaining({ code: "not-a-folder", path: join(proj, ".roo/rules") })]);
  });
});
