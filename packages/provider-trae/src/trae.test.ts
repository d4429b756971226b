import { join } from "node:path";
import { createRegistry, partitionRules } from "@rulebook/core";
import { loadProvider, fixturesAt } from "@rulebook/core/testing";
import { describe, expect, it } from "vitest";
import { createTraeProvider, traeProvider } from "./index.js";

const fixture = fixturesAt(new URL("../test/fixtures/", import.meta.url));

const rules = {
  cwd: join(fixture("rules"), "proj"),
  root: join(fixture("rules"), "proj"),
  home: join(fixture("rules"), "home"),
};

describe("traeProvider", () => {
  it("is the Trae provider with priority 20", () => {
    expect(traeProvider).toMatchObject({ id: "trae", displayName: "Trae", priority: 20 });
    expect(createTraeProvider({ priority: 9 }).priority).toBe(9);
  });

  it("reads every .md file of .trae/rules, named by file name", async () => {
    const result = await loadProvider(traeProvider, rules);
    expect(result.rules.map((r) => [r.name, r.source.level])).toEqual([
      ["architecture", "project"],
      ["language", "project"],
      ["migrations", "project"],
      ["project_rules", "project"],
      ["testing", "project"],
    ]);
    expect(result.diagnostics).toEqual([]);
  });

  it("applies each rule as Trae's four modes say: always, by file, by description, or only when mentioned", async () => {
    const loaded = await createRegistry([traeProvider]).load(rules);
    const partition = partitionRules(loaded.rules);
    expect(partition.alwaysApply.map((r) => r.name)).toEqual(["language", "project_rules"]);
    expect(partition.autoAttach.map((r) => [r.name, r.globs])).toEqual([["testing", ["test/**/*_test.dart", "integration_test/**"]]]);
    expect(partition.rulebook.map((r) => r.name)).toEqual(["architecture"]);
    expect(partition.inactive.map((r) => r.name)).toEqual(["migrations"]);
  });
});
