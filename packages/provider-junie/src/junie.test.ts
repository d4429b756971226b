import { join } from "node:path";
import { createRegistry, partitionRules } from "@rulebook/core";
import { loadProvider, memoryFs, tempTree, fixturesAt } from "@rulebook/core/testing";
import { describe, expect, it } from "vitest";
import { createJunieProvider, junieProvider } from "./index.js";

const fixture = fixturesAt(new URL("../test/fixtures/", import.meta.url));

const at = (scenario: string) => {
  const proj = join(fixture(scenario), "proj");
  return { cwd: proj, root: proj, home: join(fixture(scenario), "home") };
};

describe("junieProvider", () => {
  it("is the Junie provider with priority 20", () => {
    expect(junieProvider).toMatchObject({ id: "junie", displayName: "Junie", priority: 20 });
    expect(createJunieProvider({ priority: 9 }).priority).toBe(9);
  });

  it("reads .junie/AGENTS.md and not the legacy guidelines it replaces, then ~/.junie/AGENTS.md", async () => {
    const where = at("agents");
    const { rules, diagnostics } = await loadProvider(junieProvider, where);
    expect(rules.map((r) => [r.name, r.path, r.source.level, r.alwaysApply])).toEqual([
      ["junie/AGENTS", join(where.root, ".junie/AGENTS.md"), "project", true],
      ["~/.junie/AGENTS", join(where.home, ".junie/AGENTS.md"), "user", true],
    ]);
    // Both legacy forms sit next to AGENTS.md: each is a warning naming both files.
    expect(diagnostics.map((d) => [d.code, d.severity, d.path])).toEqual([
      ["junie-guidelines-ignored", "warning", join(where.root, ".junie/guidelines.md")],
      ["junie-guidelines-ignored", "warning", join(where.root, ".junie/guidelines")],
    ]);
    expect(diagnostics[0]?.message).toContain(join(where.root, ".junie/AGENTS.md"));
  });

  it("reads the legacy .junie/guidelines.md and the .junie/guidelines/ folder when there is no AGENTS.md", async () => {
    const where = { ...at("legacy"), cwd: join(at("legacy").root, "src") };
    const { rules, diagnostics } = await loadProvider(junieProvider, where);
    expect(diagnostics).toEqual([]);
    expect(rules.map((r) => [r.name, r.source.level])).toEqual([
      ["junie/guidelines", "project"],
      ["junie/guidelines/01-approval-gate", "project"],
      ["junie/guidelines/testing", "project"],
    ]);
  });

  it("always applies every file, as Junie adds its guidelines to every task", async () => {
    const { rules } = await createRegistry([junieProvider]).load(at("legacy"));
    expect(partitionRules(rules).all.map((c) => c.category)).toEqual(["always-apply", "always-apply", "always-apply"]);
  });

  it("reports a .junie/AGENTS.md that is a folder, and does not fall back to the legacy files", async () => {
    const root = await tempTree({ "proj/.junie/AGENTS.md/x.md": "odd", "proj/.junie/guidelines.md": "legacy" });
    const proj = join(root, "proj");
    const { rules, diagnostics } = await loadProvider(junieProvider, { cwd: proj, root: proj, home: join(root, "home") });
    expect(rules).toEqual([]);
    expect(diagnostics).toEqual([
      expect.objectContaining({ code: "junie-guidelines-ignored", path: join(proj, ".junie/guidelines.md") }),
      expect.objectContaining({ code: "not-a-file", path: join(proj, ".junie/AGENTS.md") }),
    ]);
  });

  it("decides between AGENTS.md and the legacy files through the context's file system", async () => {
    const fs = memoryFs({ "/v/proj/.junie/AGENTS.md": "new", "/v/proj/.junie/guidelines.md": "old" });
    const { rules } = await loadProvider(junieProvider, { cwd: "/v/proj", root: "/v/proj", home: "/v/home", fs });
    expect(rules.map((r) => [r.name, r.content])).toEqual([["junie/AGENTS", "new"]]);
  });
});
