import { join } from "node:path";
import { loadProvider, fixturesAt } from "@rulebook/core/testing";
import { describe, expect, it } from "vitest";
import { nativeProvider } from "./index.js";

const fixture = fixturesAt(new URL("../test/fixtures/", import.meta.url));

const proj = join(fixture("monorepo"), "proj");
const home = join(fixture("monorepo"), "home");

describe("nativeProvider in a monorepo", () => {
  it("finds .xcsh/rules at any depth, scoped, names prefixed with the scope, then the user folder", async () => {
    const { rules, diagnostics } = await loadProvider(nativeProvider, { cwd: proj, home, root: proj });
    expect(rules.map((r) => [r.name, r.scope, r.source.level])).toEqual([
      ["base", undefined, "project"],
      ["apps/cli/flags/naming", "apps/cli", "project"],
      ["apps/cli/output", "apps/cli", "project"],
      ["output", undefined, "user"],
    ]);
    expect(rules.find((r) => r.name === "apps/cli/output")?.globs).toEqual(["src/**/*.ts"]);
    expect(diagnostics).toEqual([]);
  });

  it("does not read rule folders in git-ignored folders", async () => {
    const { rules } = await loadProvider(nativeProvider, { cwd: proj, home, root: proj });
    expect(rules.map((r) => r.path)).not.toContain(join(proj, "build/.xcsh/rules/stale.md"));
  });

  it("reads the nested folder as the root's when the project root is that package", async () => {
    const cli = join(proj, "apps/cli");
    const { rules } = await loadProvider(nativeProvider, { cwd: cli, home, root: cli });
    expect(rules.map((r) => [r.name, r.scope])).toEqual([
      ["flags/naming", undefined],
      ["output", undefined],
      ["output", undefined],
    ]);
  });
});
