import { join } from "node:path";
import { createRegistry, partitionRules } from "@rulebook/core";
import { loadProvider, tempTree, fixturesAt } from "@rulebook/core/testing";
import { describe, expect, it } from "vitest";
import { createGooseProvider, gooseProvider } from "./index.js";

const fixture = fixturesAt(new URL("../test/fixtures/", import.meta.url));

const monorepo = {
  cwd: join(fixture("monorepo"), "proj"),
  root: join(fixture("monorepo"), "proj"),
  home: join(fixture("monorepo"), "home"),
};

describe("gooseProvider", () => {
  it("is the goose provider with priority 30", () => {
    expect(gooseProvider).toMatchObject({ id: "goose", displayName: "goose", priority: 30 });
    expect(createGooseProvider({ priority: 4 }).priority).toBe(4);
  });

  it("reads .goosehints in every folder, scoped to it, then the global hints and AGENTS.md", async () => {
    const { rules, diagnostics } = await loadProvider(gooseProvider, monorepo);
    expect(rules.map((r) => [r.name, r.scope, r.source.level, r.alwaysApply])).toEqual([
      ["goosehints", undefined, "project", true],
      ["backend/goosehints", "backend", "project", true],
      ["frontend/goosehints", "frontend", "project", true],
      ["frontend/components/goosehints", "frontend/components", "project", true],
      ["~/.config/goose/goosehints", undefined, "user", true],
      ["~/.config/goose/AGENTS", undefined, "user", true],
    ]);
    expect(diagnostics).toEqual([]);
  });

  it("includes @-mentioned files, as goose does, and leaves plain references as text", async () => {
    const { rules } = await loadProvider(gooseProvider, monorepo);
    const root = rules.find((r) => r.name === "goosehints")?.content ?? "";
    expect(root).toContain("Install the toolchain with `hermit install`");
    expect(root).not.toContain("@docs/development.md");
    expect(root).toContain("Run `just build` before `just test`");
  });

  it("applies nested hints only inside their folder", async () => {
    const { rules } = await createRegistry([gooseProvider]).load(monorepo);
    const scoped = partitionRules(rules).alwaysApply.filter((r) => r.scope !== undefined);
    expect(scoped.map((r) => r.scope)).toEqual(["backend", "frontend", "frontend/components"]);
  });

  it("does not read hints inside git-ignored folders", async () => {
    const dir = await tempTree({ "proj/.gitignore": "vendor/\n", "proj/vendor/lib/.goosehints": "Vendored.", "proj/.goosehints": "Ours." });
    const proj = join(dir, "proj");
    const { rules } = await loadProvider(gooseProvider, { cwd: proj, root: proj, home: join(dir, "home") });
    expect(rules.map((r) => r.content)).toEqual(["Ours."]);
  });
});
