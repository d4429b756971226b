import { join } from "node:path";
import { createRegistry, partitionRules } from "@rulebook/core";
import { loadProvider, tempTree, fixturesAt } from "@rulebook/core/testing";
import { describe, expect, it } from "vitest";
import { augmentProvider, createAugmentProvider } from "./index.js";

const fixture = fixturesAt(new URL("../test/fixtures/", import.meta.url));

const proj = join(fixture("realistic"), "proj");
const home = join(fixture("realistic"), "home");
const realistic = { cwd: join(proj, "src"), root: proj, home };

describe("augmentProvider", () => {
  it("is the Augment provider with priority 20", () => {
    expect(augmentProvider).toMatchObject({ id: "augment", displayName: "Augment", priority: 20 });
    expect(createAugmentProvider({ priority: 3 }).priority).toBe(3);
  });

  it("reads .augment/rules (recursive), the legacy .augment-guidelines, then ~/.augment/rules", async () => {
    const { rules } = await loadProvider(augmentProvider, realistic);
    expect(rules.map((r) => [r.name, r.source.level])).toEqual([
      ["backend/sql", "project"],
      ["coding-standards", "project"],
      ["pr-review", "project"],
      ["release-process", "project"],
      ["scratchpad", "project"],
      ["augment-guidelines", "project"],
      ["personal", "user"],
      ["sql", "user"],
    ]);
  });

  it("maps each type to the category Augment users expect; user rules always apply", async () => {
    const { rules } = await createRegistry([augmentProvider]).load(realistic);
    const categories = Object.fromEntries(partitionRules(rules).all.map((c) => [c.rule.name, c.category]));
    expect(categories).toEqual({
      "backend/sql": "always-apply",
      "coding-standards": "always-apply",
      "pr-review": "inactive",
      "release-process": "rulebook",
      scratchpad: "inactive",
      "augment-guidelines": "always-apply",
      personal: "always-apply",
      sql: "always-apply",
    });
  });

  it("says why a rule stays inactive, and that type has no effect on user rules", async () => {
    const { diagnostics } = await loadProvider(augmentProvider, realistic);
    expect(diagnostics.map((d) => [d.severity, d.code, d.path, d.line])).toEqual([
      ["warning", "augment-agent-requested-without-description", join(proj, ".augment/rules/pr-review.md"), 2],
      ["info", "augment-manual", join(proj, ".augment/rules/scratchpad.md"), 2],
      ["info", "augment-user-type-ignored", join(home, ".augment/rules/personal.md"), 2],
    ]);
  });

  it("reads the newer legacy location .augment/guidelines.md too", async () => {
    const root = await tempTree({ "proj/.augment/guidelines.md": "Old guidelines.", "proj/.augment-guidelines": "Older guidelines." });
    const p = join(root, "proj");
    const { rules } = await loadProvider(augmentProvider, { cwd: p, root: p, home: join(root, "home") });
    expect(rules.map((r) => [r.name, r.alwaysApply])).toEqual([
      ["augment-guidelines", true],
      ["augment/guidelines", true],
    ]);
  });

  it("warns about an unknown type and reads the rule as if it had none", async () => {
    const root = await tempTree({ "proj/.augment/rules/x.md": "---\ntype: always\n---\nBody" });
    const p = join(root, "proj");
    const { rules, diagnostics } = await loadProvider(augmentProvider, { cwd: p, root: p, home: join(root, "home") });
    expect(rules[0]?.alwaysApply).toBe(true);
    expect(diagnostics).toEqual([expect.objectContaining({ code: "augment-type-unknown", severity: "warning", line: 2 })]);
  });

  it("keeps the description of agent_requested rules but drops what would make them apply otherwise", async () => {
    const root = await tempTree({
      "proj/.augment/rules/x.md": "---\ntype: agent_requested\ndescription: X\nalwaysApply: true\nglobs: '*.go'\n---\nBody",
    });
    const p = join(root, "proj");
    const { rules } = await loadProvider(augmentProvider, { cwd: p, root: p, home: join(root, "home") });
    expect(rules[0]).toMatchObject({ description: "X" });
    expect(rules[0]).not.toHaveProperty("alwaysApply");
    expect(rules[0]).not.toHaveProperty("globs");
  });

  it("lets the project rule shadow the user rule of the same name", async () => {
    const root = await tempTree({ "proj/.augment/rules/style.md": "Project style.", "home/.augment/rules/style.md": "My style." });
    const p = join(root, "proj");
    const result = await createRegistry([augmentProvider]).load({ cwd: p, root: p, home: join(root, "home") });
    expect(result.rules.map((r) => r.content)).toEqual(["Project style."]);
    expect(result.shadowed).toHaveLength(1);
  });
});
