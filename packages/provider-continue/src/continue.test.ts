import { join } from "node:path";
import { createRegistry, partitionRules } from "@rulebook/core";
import { loadProvider, memoryFs, tempTree, fixturesAt } from "@rulebook/core/testing";
import { describe, expect, it } from "vitest";
import { continueProvider, createContinueProvider } from "./index.js";

const fixture = fixturesAt(new URL("../test/fixtures/", import.meta.url));

const proj = join(fixture("monorepo"), "proj");
const home = join(fixture("monorepo"), "home");
const monorepo = { cwd: proj, root: proj, home };

describe("continueProvider", () => {
  it("is the Continue provider with priority 25", () => {
    expect(continueProvider).toMatchObject({ id: "continue", displayName: "Continue", priority: 25 });
    expect(createContinueProvider({ priority: 4 }).priority).toBe(4);
  });

  it("reads .continue/rules, colocated rules.md files scoped to their folder, then ~/.continue/rules", async () => {
    const { rules } = await loadProvider(continueProvider, monorepo);
    expect(rules.map((r) => [r.name, r.scope, r.source.level])).toEqual([
      ["architecture", undefined, "project"],
      ["draft", undefined, "project"],
      ["explain-diff", undefined, "project"],
      ["no-default-exports", undefined, "project"],
      ["react-hooks", undefined, "project"],
      ["release-notes", undefined, "project"],
      ["sql-safety", undefined, "project"],
      ["tone", undefined, "project"],
      ["docs/rules", "docs", "project"],
      ["server/rules", "server", "project"],
      ["web/src/components/rules", "web/src/components", "project"],
      ["personal", undefined, "user"],
    ]);
  });

  it("reads Continue's three-way alwaysApply", async () => {
    const { rules } = await createRegistry([continueProvider]).load(monorepo);
    const categories = Object.fromEntries(partitionRules(rules).all.map((c) => [c.rule.name, c.category]));
    expect(categories).toEqual({
      // absent, no globs: always
      architecture: "always-apply",
      tone: "always-apply",
      personal: "always-apply",
      "docs/rules": "always-apply",
      "server/rules": "always-apply",
      // false, nothing to select by: never
      draft: "inactive",
      // invokable: a slash command, not a rule
      "explain-diff": "inactive",
      // absent, globs: attached by them (a description does not change that)
      "no-default-exports": "auto-attach",
      "sql-safety": "auto-attach",
      "web/src/components/rules": "auto-attach",
      // false with a description: the agent decides, globs listed
      "react-hooks": "auto-attach",
      "release-notes": "rulebook",
    });
  });

  it("matches a colocated rule's globs anywhere below its folder, as Continue does", async () => {
    const { rules } = await loadProvider(continueProvider, monorepo);
    expect(rules.find((r) => r.name === "web/src/components/rules")?.globs).toEqual(["**/*.tsx"]);
    expect(rules.find((r) => r.name === "react-hooks")?.globs).toEqual(["web/**/*.tsx"]);
  });

  it("explains regex, invokable and never-applied rules with info diagnostics on their key", async () => {
    const { diagnostics } = await loadProvider(continueProvider, monorepo);
    expect(diagnostics.map((d) => [d.severity, d.code, d.path, d.line])).toEqual([
      ["info", "continue-never-applies", join(proj, ".continue/rules/draft.md"), 2],
      ["info", "continue-invokable", join(proj, ".continue/rules/explain-diff.md"), 3],
      ["info", "continue-regex", join(proj, ".continue/rules/sql-safety.md"), 3],
    ]);
  });

  it("keeps the regex rule's text and globs", async () => {
    const { rules } = await loadProvider(continueProvider, monorepo);
    expect(rules.find((r) => r.name === "sql-safety")).toMatchObject({
      globs: ["server/**/*.ts"],
      content: expect.stringContaining("template strings"),
    });
  });

  it("does not take rules.md files for rules in a project without a .continue folder", async () => {
    const where = join(fixture("no-continue"), "proj");
    const { rules, diagnostics } = await loadProvider(continueProvider, { cwd: where, root: where, home: join(where, "no-home") });
    expect(rules).toEqual([]);
    expect(diagnostics).toEqual([]);
  });

  it("treats a colocated rule with alwaysApply: false and no globs as attached to its whole folder", async () => {
    const root = await tempTree({
      "proj/.continue/rules/.keep": "",
      "proj/api/rules.md": "---\nalwaysApply: false\n---\nAPI rule.",
      "proj/lib/rules.md": "---\nalwaysApply: false\ndescription: Library rules\nglobs: ['!*.test.ts', src/*.ts]\n---\nLib rule.",
    });
    const p = join(root, "proj");
    const { rules, diagnostics } = await loadProvider(continueProvider, { cwd: p, root: p, home: join(root, "home") });
    expect(rules.map((r) => [r.name, r.globs, r.description])).toEqual([
      ["api/rules", ["**/*"], undefined],
      ["lib/rules", ["!**/*.test.ts", "**/src/*.ts"], "Library rules"],
    ]);
    expect(diagnostics).toEqual([]);
  });

  it("reads the legacy .continuerules as an always-applied rule", async () => {
    const fs = memoryFs({ "/v/proj/.continuerules": "Old rules.", "/v/proj/rules.md": "Not a rule: no .continue folder." });
    const { rules } = await loadProvider(continueProvider, { cwd: "/v/proj", root: "/v/proj", home: "/v/home", fs });
    expect(rules.map((r) => [r.name, r.alwaysApply])).toEqual([["continuerules", true]]);
  });

  it("lets the project's rule shadow the user's rule of the same name", async () => {
    const root = await tempTree({ "proj/.continue/rules/style.md": "Project style.", "home/.continue/rules/style.md": "My style." });
    const p = join(root, "proj");
    const result = await createRegistry([continueProvider]).load({ cwd: p, root: p, home: join(root, "home") });
    expect(result.rules.map((r) => r.content)).toEqual(["Project style."]);
    expect(result.shadowed.map((s) => s.rule.path)).toEqual([join(root, "home/.continue/rules/style.md")]);
  });
});
