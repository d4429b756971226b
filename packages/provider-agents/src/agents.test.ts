import { join } from "node:path";
import { createRegistry } from "@rulebook/core";
import { createTempProject, remappedFs } from "@rulebook/core/testing";
import { describe, expect, it, onTestFinished } from "vitest";
import { bodies, fixtureProject, loadWith } from "../test/helpers.js";
import { agentsProvider, createAgentsProvider } from "./index.js";

describe("agents provider on a monorepo", () => {
  it("finds .agent/rules, then .agents/rules, at any depth of the repository, scoped, then the user folders", async () => {
    const p = await fixtureProject("monorepo", ["repo"]);
    const result = await loadWith(agentsProvider, join(p.cwd, "repo/packages/app"), p.home);
    expect(result.rules.map((r) => [r.name, r.source.level, r.scope])).toEqual([
      ["style", "project", undefined],
      ["packages/app/react", "project", "packages/app"],
      ["shared", "project", undefined],
      ["testing", "project", undefined],
      ["packages/app/shared", "project", "packages/app"],
      ["personal", "user", undefined],
    ]);
    // The repository's testing.md replaces the user's own: never silently.
    expect(result.diagnostics.map((d) => [d.code, d.path?.slice(p.cwd.length)])).toEqual([
      ["project-shadows-user", "/repo/.agents/rules/testing.md"],
    ]);
    expect(result.diagnostics[0]?.message).toContain(join(p.home, ".agents/rules/testing.md"));
  });

  it("stops at the repository root even when home is further up", async () => {
    const p = await fixtureProject("monorepo", ["repo"]);
    // home = the temp root, so proj/.agents/rules (above the repository) lies between cwd and home.
    const result = await loadWith(agentsProvider, join(p.cwd, "repo/packages/app"), p.root);
    const paths = [...result.rules, ...result.shadowed.map((s) => s.rule)].map((r) => r.path);
    expect(paths).not.toContain(join(p.cwd, ".agents/rules/outside.md"));
    expect(result.rules.map((r) => r.name)).toEqual(["style", "packages/app/react", "shared", "testing", "packages/app/shared"]);
  });

  it("finds the repository root through ctx.fs, like every other file", async () => {
    const p = await fixtureProject("monorepo", ["repo"]);
    const fs = remappedFs("/virtual", p.root);
    const result = await createRegistry([agentsProvider]).load({ cwd: "/virtual/proj/repo/packages/app", home: p.root, fs });
    expect(result.rules.map((r) => r.path)).toEqual([
      "/virtual/proj/repo/.agent/rules/style.md",
      "/virtual/proj/repo/packages/app/.agent/rules/react.mdc",
      "/virtual/proj/repo/.agents/rules/shared.md",
      "/virtual/proj/repo/.agents/rules/testing.md",
      "/virtual/proj/repo/packages/app/.agents/rules/shared.md",
    ]);
  });

  it("treats a .git file (worktree, submodule) as a repository root too", async () => {
    const p = await fixtureProject("monorepo", ["file:repo"]);
    const result = await loadWith(agentsProvider, join(p.cwd, "repo/packages/app"), p.home);
    expect(result.rules.map((r) => r.name)).not.toContain("outside");
    expect(result.rules.map((r) => r.name)).toContain("testing");
  });

  it("keeps a nested rule apart from the root rule of the same file name: its name carries its scope", async () => {
    const p = await fixtureProject("monorepo", ["repo"]);
    const result = await loadWith(agentsProvider, join(p.cwd, "repo/packages/app"), p.home);
    expect(bodies(result)).toContainEqual(["shared", "Root version of the shared rule."]);
    expect(bodies(result)).toContainEqual(["packages/app/shared", "App version of the shared rule: nearer, so it wins."]);
    expect(result.shadowed.map((s) => s.rule.name)).not.toContain("shared");
  });

  it("reads .agent before .agents at the same level, in the project and in home", async () => {
    const p = await fixtureProject("monorepo", ["repo"]);
    const result = await loadWith(agentsProvider, join(p.cwd, "repo"), p.home);
    const style = result.rules.find((r) => r.name === "style");
    expect(style?.path).toBe(join(p.cwd, "repo/.agent/rules/style.md"));
    expect(style?.alwaysApply).toBe(true);
    expect(result.rules.find((r) => r.name === "personal")?.path).toBe(join(p.home, ".agent/rules/personal.md"));
  });

  it("puts user folders last, so a project rule beats a user rule of the same name", async () => {
    const p = await fixtureProject("monorepo", ["repo"]);
    const result = await loadWith(agentsProvider, join(p.cwd, "repo"), p.home);
    expect(result.rules.find((r) => r.name === "testing")?.source.level).toBe("project");
    expect(result.shadowed.map((s) => s.rule.path)).toContain(join(p.home, ".agents/rules/testing.md"));
  });

  it("reads .md and .mdc files, with case-sensitive extensions", async () => {
    const p = await fixtureProject("monorepo", ["repo"]);
    const result = await loadWith(agentsProvider, join(p.cwd, "repo/packages/app"), p.home);
    expect(result.rules.find((r) => r.name === "packages/app/react")?.globs).toEqual(["src/**/*.tsx"]);
    expect(result.rules.map((r) => r.name)).not.toContain("LOUD");
    expect(result.rules.map((r) => r.name)).not.toContain("notes");
  });
});

describe("agents provider outside a repository", () => {
  it("takes cwd as the project root when cwd is inside home without a repository", async () => {
    const p = await fixtureProject("no-repo");
    const result = await loadWith(agentsProvider, join(p.home, "work/site"), p.home);
    expect(result.rules.map((r) => [r.name, r.source.level])).toEqual([
      ["site", "project"],
      ["user", "user"],
    ]);
  });

  it("reads the folders below an explicit project root, scoped, and none above it", async () => {
    const p = await fixtureProject("no-repo");
    const where = { cwd: join(p.home, "work/site"), home: p.home, root: join(p.home, "work") };
    const result = await createRegistry([agentsProvider]).load(where);
    expect(result.rules.map((r) => [r.name, r.source.level, r.scope])).toEqual([
      ["workspace", "project", undefined],
      ["site/site", "project", "site"],
      ["user", "user", undefined],
    ]);
  });

  it("reads only cwd when cwd is neither in a repository nor inside home", async () => {
    const p = await fixtureProject("no-repo");
    const result = await loadWith(agentsProvider, join(p.cwd, "tool"), p.home);
    expect(result.rules.map((r) => r.name)).toEqual(["tool", "user"]);
  });

  it("reads only the user folders when cwd is home", async () => {
    const p = await fixtureProject("no-repo");
    const result = await loadWith(agentsProvider, p.home, p.home);
    expect(result.rules.map((r) => [r.name, r.source.level])).toEqual([["user", "user"]]);
  });
});

describe("createAgentsProvider", () => {
  it("sits between native (100) and cursor (50) in a registry", () => {
    const native = { ...agentsProvider, id: "native", priority: 100 };
    const cursor = { ...agentsProvider, id: "cursor", priority: 50 };
    const registry = createRegistry([cursor, agentsProvider, native]);
    expect(registry.providers.map((p) => p.id)).toEqual(["native", "agents", "cursor"]);
  });

  it("takes other folder names and a priority", async () => {
    const project = await createTempProject({ git: true });
    onTestFinished(() => project.cleanup());
    await project.write(".agents/rules/a.md", "From .agents");
    await project.write(".rules/rules/b.md", "From .rules");
    const custom = createAgentsProvider({ folders: [".rules"], priority: 5 });
    const result = await loadWith(custom, project.cwd, project.home);
    expect(custom.priority).toBe(5);
    expect(result.rules.map((r) => r.name)).toEqual(["b"]);
  });

  it("reports a rules path that is a file, with its path", async () => {
    const project = await createTempProject({ git: true });
    onTestFinished(() => project.cleanup());
    const path = await project.write(".agents/rules", "oops, a file");
    const result = await loadWith(agentsProvider, project.cwd, project.home);
    expect(result.diagnostics).toEqual([expect.objectContaining({ code: "not-a-folder", path })]);
  });
});
