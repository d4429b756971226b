import { join } from "node:path";
import { createRegistry, partitionRules } from "@rulebook/core";
import { describe, expect, it } from "vitest";
import { fixtureProject } from "../test/helpers.js";
import { agentsProvider } from "./index.js";

describe("agents provider and Antigravity's trigger key", () => {
  it("reads trigger: always_on, glob, model_decision and manual as Windsurf does, at any depth and in home", async () => {
    const p = await fixtureProject("antigravity", ["."]);
    const result = await createRegistry([agentsProvider]).load({ cwd: p.cwd, home: p.home });
    const categories = Object.fromEntries(partitionRules(result.rules).all.map((c) => [c.rule.name, c.category]));
    expect(categories).toEqual({
      "apps/site/components": "auto-attach",
      migrations: "rulebook",
      "project-context": "always-apply",
      "python-style": "auto-attach",
      "release-checklist": "inactive",
      team: "rulebook",
      answers: "always-apply",
    });
    expect(result.rules.find((r) => r.name === "python-style")).not.toHaveProperty("description");
    expect(result.rules.find((r) => r.name === "apps/site/components")).toMatchObject({ scope: "apps/site", globs: ["src/components/**/*.tsx"] });
  });

  it("explains a manual rule and warns about an unknown trigger, with the key's line", async () => {
    const p = await fixtureProject("antigravity", ["."]);
    const result = await createRegistry([agentsProvider]).load({ cwd: p.cwd, home: p.home });
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        severity: "info",
        code: "agents-manual",
        path: join(p.cwd, ".agents/rules/release-checklist.md"),
        line: 2,
      }),
      expect.objectContaining({
        severity: "warning",
        code: "agents-trigger-unknown",
        path: join(p.cwd, ".agents/rules/team.md"),
        line: 2,
        message: expect.stringContaining('"global"'),
      }),
    ]);
  });
});
