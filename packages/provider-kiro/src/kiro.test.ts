import { join } from "node:path";
import { createRegistry, partitionRules, resolveRuleUrl } from "@rulebook/core";
import { loadProvider, fixturesAt } from "@rulebook/core/testing";
import { describe, expect, it } from "vitest";
import { createKiroProvider, kiroProvider } from "./index.js";

const fixture = fixturesAt(new URL("../test/fixtures/", import.meta.url));

const proj = join(fixture("monorepo"), "proj");
const home = join(fixture("monorepo"), "home");
const monorepo = { cwd: proj, root: proj, home };

describe("kiroProvider", () => {
  it("is the Kiro provider with priority 25", () => {
    expect(kiroProvider).toMatchObject({ id: "kiro", displayName: "Kiro", priority: 25 });
    expect(createKiroProvider({ priority: 1 }).priority).toBe(1);
  });

  it("reads .kiro/steering at any depth, scoped, then ~/.kiro/steering; never specs or hooks", async () => {
    const { rules } = await loadProvider(kiroProvider, monorepo);
    expect(rules.map((r) => [r.name, r.scope, r.source.level])).toEqual([
      ["api-standards", undefined, "project"],
      ["db-migrations", undefined, "project"],
      ["lessons", undefined, "project"],
      ["product", undefined, "project"],
      ["release", undefined, "project"],
      ["tech", undefined, "project"],
      ["testing", undefined, "project"],
      ["packages/web/components", "packages/web", "project"],
      ["packages/web/tech", "packages/web", "project"],
      ["personal", undefined, "user"],
      ["tech", undefined, "user"],
    ]);
  });

  it("maps every inclusion mode to the category Kiro users expect", async () => {
    const { rules } = await createRegistry([kiroProvider]).load(monorepo);
    const categories = Object.fromEntries(partitionRules(rules).all.map((c) => [c.rule.name, c.category]));
    expect(categories).toEqual({
      "api-standards": "auto-attach",
      "db-migrations": "rulebook",
      lessons: "inactive",
      product: "always-apply",
      release: "inactive",
      tech: "always-apply",
      testing: "auto-attach",
      "packages/web/components": "auto-attach",
      "packages/web/tech": "always-apply",
      personal: "always-apply",
    });
  });

  it("reads fileMatchPattern as a list, or a string whose brace sets stay whole", async () => {
    const { rules } = await loadProvider(kiroProvider, monorepo);
    const globs = Object.fromEntries(rules.filter((r) => r.globs).map((r) => [r.name, r.globs]));
    expect(globs).toEqual({
      "api-standards": ["api/**/*.ts", "**/*.openapi.yaml"],
      testing: ["**/*.{test,spec}.ts"],
      "packages/web/components": ["src/components/**/*.tsx"],
    });
  });

  it("keeps #[[file:…]] references as text", async () => {
    const { rules } = await loadProvider(kiroProvider, monorepo);
    expect(rules.find((r) => r.name === "api-standards")?.content).toContain("#[[file:api/openapi.yaml]]");
  });

  it("says why manual and description-less auto files stay inactive, on the inclusion line", async () => {
    const { diagnostics } = await loadProvider(kiroProvider, monorepo);
    expect(diagnostics).toEqual([
      expect.objectContaining({ severity: "warning", code: "kiro-auto-without-description", path: join(proj, ".kiro/steering/lessons.md"), line: 2 }),
      expect.objectContaining({ severity: "info", code: "kiro-manual", path: join(proj, ".kiro/steering/release.md"), line: 2 }),
    ]);
  });

  it("lets rule:// read a manual steering file by name", async () => {
    const result = await createRegistry([kiroProvider]).load(monorepo);
    expect(resolveRuleUrl("rule://release", result.rules).content).toContain("Release checklist");
  });

  it("lets the project's steering file shadow the user's file of the same name", async () => {
    const result = await createRegistry([kiroProvider]).load(monorepo);
    expect(result.shadowed.map((s) => [s.rule.path, s.shadowedBy.path])).toEqual([
      [join(home, ".kiro/steering/tech.md"), join(proj, ".kiro/steering/tech.md")],
    ]);
  });
});
