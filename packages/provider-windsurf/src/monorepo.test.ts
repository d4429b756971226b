import { join } from "node:path";
import { createRegistry, partitionRules } from "@rulebook/core";
import { loadProvider, fixturesAt } from "@rulebook/core/testing";
import { describe, expect, it } from "vitest";
import { windsurfProvider } from "./index.js";

const fixture = fixturesAt(new URL("../test/fixtures/", import.meta.url));

const proj = join(fixture("monorepo"), "proj");
const monorepo = { cwd: proj, home: join(fixture("monorepo"), "home"), root: proj };

describe("windsurfProvider in a monorepo", () => {
  it("finds .windsurf/rules, then .devin/rules, at any depth, scoped to the folder that holds them", async () => {
    const { rules } = await loadProvider(windsurfProvider, monorepo);
    expect(rules.map((r) => [r.name, r.scope, r.path])).toEqual([
      ["general", undefined, join(proj, ".windsurf/rules/general.md")],
      ["services/billing/money", "services/billing", join(proj, "services/billing/.windsurf/rules/money.md")],
      ["review", undefined, join(proj, ".devin/rules/review.md")],
      ["tools/scripts", "tools", join(proj, "tools/.devin/rules/scripts.md")],
    ]);
  });

  it("applies the trigger in nested and .devin folders alike", async () => {
    const result = await createRegistry([windsurfProvider]).load(monorepo);
    const categories = Object.fromEntries(partitionRules(result.rules).all.map((c) => [c.rule.name, c.category]));
    expect(categories).toEqual({
      general: "always-apply",
      "services/billing/money": "auto-attach",
      review: "rulebook",
      "tools/scripts": "rulebook",
    });
    expect(result.rules.find((r) => r.name === "services/billing/money")).not.toHaveProperty("description");
  });

  it("warns about an unknown trigger such as global, with its line, and uses the other keys as they are", async () => {
    const { rules, diagnostics } = await loadProvider(windsurfProvider, monorepo);
    expect(diagnostics).toEqual([
      expect.objectContaining({
        severity: "warning",
        code: "windsurf-trigger-unknown",
        path: join(proj, "tools/.devin/rules/scripts.md"),
        line: 2,
        message: expect.stringContaining('"global"'),
      }),
    ]);
    expect(rules.find((r) => r.name === "tools/scripts")?.description).toBe("Scripts in tools/");
  });
});
