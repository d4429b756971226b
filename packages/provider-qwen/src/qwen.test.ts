import { join } from "node:path";
import { createRegistry, partitionRules, selectRulesForFiles } from "@rulebook/core";
import { loadProvider, tempTree, fixturesAt } from "@rulebook/core/testing";
import { describe, expect, it } from "vitest";
import { createQwenProvider, qwenProvider } from "./index.js";

const fixture = fixturesAt(new URL("../test/fixtures/", import.meta.url));

const workspace = {
  cwd: join(fixture("workspace"), "proj"),
  root: join(fixture("workspace"), "proj"),
  home: join(fixture("workspace"), "home"),
};

describe("qwenProvider", () => {
  it("is the Qwen Code provider with priority 35", () => {
    expect(qwenProvider).toMatchObject({ id: "qwen", displayName: "Qwen Code", priority: 35 });
    expect(createQwenProvider({ priority: 3 }).priority).toBe(3);
  });

  it("reads QWEN.md in every folder, .qwen/QWEN.local.md and .qwen/rules, then the user's files", async () => {
    const { rules, diagnostics } = await loadProvider(qwenProvider, workspace);
    expect(rules.map((r) => [r.name, r.scope, r.source.level])).toEqual([
      ["QWEN", undefined, "project"],
      ["packages/bot/QWEN", "packages/bot", "project"],
      ["QWEN.local", undefined, "project"],
      ["backend/api", undefined, "project"],
      ["releases", undefined, "project"],
      ["style", undefined, "project"],
      ["~/.qwen/QWEN", undefined, "user"],
      ["~/.qwen/AGENTS", undefined, "user"],
      ["~/.qwen/rules/shell", undefined, "user"],
    ]);
    expect(diagnostics).toEqual([]);
  });

  it("never reads .qwen/settings.json", async () => {
    const { rules } = await loadProvider(qwenProvider, workspace);
    expect(rules.some((r) => r.path.endsWith("settings.json"))).toBe(false);
  });

  it("inlines @path imports in QWEN.md, relative to the file, frontmatter removed", async () => {
    const { rules } = await loadProvider(qwenProvider, workspace);
    const root = rules.find((r) => r.name === "QWEN")?.content ?? "";
    expect(root).toContain("- Export every public symbol from `src/package.lisp`.");
    expect(root).not.toContain("@docs/conventions.md");
    expect(root).not.toContain("title: Conventions");
  });

  it("applies .qwen/rules without paths always, with paths only to matching files, and paths: [] always", async () => {
    const { rules } = await createRegistry([qwenProvider]).load(workspace);
    const partition = partitionRules(rules);
    expect(partition.alwaysApply.map((r) => r.name)).toContain("releases");
    expect(partition.alwaysApply.map((r) => r.name)).toContain("style");
    const api = rules.find((r) => r.name === "backend/api");
    expect(api?.globs).toEqual(["src/api/**/*.lisp", "tests/api/**"]);
    expect(api?.alwaysApply).toBeUndefined();
    const attached = (file: string) =>
      selectRulesForFiles([...partition.autoAttach, ...partition.rulebook], [file], workspace.root).map((s) => s.rule.name);
    expect(attached("src/api/users.lisp")).toEqual(["backend/api"]);
    expect(attached("src/handlers/start.lisp")).toEqual([]);
  });

  it("reads a QWEN.local.md that git ignores, as Qwen Code reads it from disk", async () => {
    const dir = await tempTree({ "proj/.gitignore": ".qwen/QWEN.local.md\n", "proj/.qwen/QWEN.local.md": "Mine." });
    const proj = join(dir, "proj");
    const { rules } = await loadProvider(qwenProvider, { cwd: proj, root: proj, home: join(dir, "home") });
    expect(rules.map((r) => [r.name, r.content])).toEqual([["QWEN.local", "Mine."]]);
  });
});
