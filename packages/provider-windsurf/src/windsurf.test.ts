import { join } from "node:path";
import { createRegistry, partitionRules } from "@rulebook/core";
import { loadProvider, memoryFs, tempTree, unreadableFs, fixturesAt } from "@rulebook/core/testing";
import { describe, expect, it } from "vitest";
import { windsurfProvider } from "./index.js";

const fixture = fixturesAt(new URL("../test/fixtures/", import.meta.url));

const realistic = { cwd: join(fixture("realistic"), "proj"), home: join(fixture("realistic"), "home") };
const projectRules = join(realistic.cwd, ".windsurf/rules");

describe("windsurfProvider", () => {
  it("is the Windsurf provider with priority 50", () => {
    expect(windsurfProvider).toMatchObject({ id: "windsurf", displayName: "Windsurf", priority: 50 });
  });

  it("reads .windsurf/rules (.md only), then .windsurfrules, then global_rules.md as ~/global_rules", async () => {
    const { rules } = await loadProvider(windsurfProvider, realistic);
    expect(rules.map((r) => [r.name, r.source.level, r.path])).toEqual([
      ["always", "project", join(projectRules, "always.md")],
      ["api-design", "project", join(projectRules, "api-design.md")],
      ["backend/sql", "project", join(projectRules, "backend/sql.md")],
      ["global_rules", "project", join(projectRules, "global_rules.md")],
      ["legacy-style", "project", join(projectRules, "legacy-style.md")],
      ["release", "project", join(projectRules, "release.md")],
      ["tests", "project", join(projectRules, "tests.md")],
      ["windsurfrules", "project", join(realistic.cwd, ".windsurfrules")],
      ["~/global_rules", "user", join(realistic.home, ".codeium/windsurf/memories/global_rules.md")],
    ]);
  });

  it("applies the trigger key to each rule's metadata", async () => {
    const { rules } = await loadProvider(windsurfProvider, realistic);
    const at = (path: string) => {
      const { name, path: _, source, content, ...fields } = rules.find((r) => r.path === path) ?? {};
      return fields;
    };
    expect(at(join(realistic.home, ".codeium/windsurf/memories/global_rules.md"))).toEqual({ alwaysApply: true });
    expect(at(join(projectRules, "always.md"))).toEqual({ alwaysApply: true });
    expect(at(join(projectRules, "tests.md"))).toEqual({ globs: ["**/*.test.ts", "**/*.spec.ts"] });
    expect(at(join(projectRules, "api-design.md"))).toEqual({ description: "REST API design guidelines" });
    expect(at(join(projectRules, "release.md"))).toEqual({});
    expect(at(join(projectRules, "legacy-style.md"))).toEqual({ description: "Old style notes" });
    expect(at(join(projectRules, "backend/sql.md"))).toEqual({ globs: ["db/**/*.sql"] });
    expect(at(join(realistic.cwd, ".windsurfrules"))).toEqual({ alwaysApply: true });
  });

  it("explains manual rules and unknown triggers in diagnostics", async () => {
    const { diagnostics } = await loadProvider(windsurfProvider, realistic);
    expect(diagnostics).toEqual([
      expect.objectContaining({
        severity: "warning",
        code: "windsurf-trigger-unknown",
        provider: "windsurf",
        path: join(projectRules, "legacy-style.md"),
        line: 2,
        message: expect.stringContaining('"sometimes"'),
      }),
      expect.objectContaining({
        severity: "info",
        code: "windsurf-manual",
        provider: "windsurf",
        path: join(projectRules, "release.md"),
        line: 2,
        message: expect.stringMatching(/release.*mention/),
      }),
    ]);
    expect(diagnostics[1]?.message).toBe(
      'rule "release" has trigger: manual; Windsurf only uses it when you @-mention it by hand, so it stays inactive',
    );
  });

  it("counts workflows (commands in Cascade), never reading them as rules", async () => {
    const dir = await tempTree({
      "proj/.git/HEAD": "ref: refs/heads/main\n",
      "proj/.windsurf/workflows/deploy.md": "# Deploy\n\n1. Build.\n",
      "proj/.windsurf/workflows/notes.txt": "Not a workflow.\n",
    });
    const result = await createRegistry([windsurfProvider]).load({ cwd: join(dir, "proj"), home: join(dir, "home") });
    expect(result.rules).toEqual([]);
    expect(result.notRules).toEqual([{ what: "command", folder: ".windsurf/workflows", files: [".windsurf/workflows/deploy.md"] }]);
  });

  it("puts each Windsurf activation mode in the matching category", async () => {
    const { rules } = await createRegistry([windsurfProvider]).load(realistic);
    const categories = Object.fromEntries(partitionRules(rules).all.map((c) => [c.rule.name, c.category]));
    expect(categories).toEqual({
      "~/global_rules": "always-apply",
      global_rules: "always-apply",
      always: "always-apply",
      "api-design": "rulebook",
      "backend/sql": "auto-attach",
      "legacy-style": "rulebook",
      release: "inactive",
      tests: "auto-attach",
      windsurfrules: "always-apply",
    });
  });

  it("keeps the user's ~/global_rules apart from a project rule named global_rules", async () => {
    const result = await createRegistry([windsurfProvider]).load(realistic);
    expect(result.shadowed).toEqual([]);
    expect(result.rules.filter((r) => r.name.endsWith("global_rules")).map((r) => [r.name, r.source.level])).toEqual([
      ["global_rules", "project"],
      ["~/global_rules", "user"],
    ]);
  });

  it("walks .windsurf/rules like every provider: depth first, byte order, .md only, no hidden entries or folder links", async () => {
    const root = await tempTree({
      "proj/.windsurf/rules/z.md": "z",
      "proj/.windsurf/rules/m/a.md": "m/a",
      "proj/.windsurf/rules/M.md": "M",
      "proj/.windsurf/rules/x.mdc": "not windsurf",
      "proj/.windsurf/rules/y.MD": "wrong case",
      "proj/.windsurf/rules/.drafts/d.md": "hidden",
      "proj/.windsurf/rules/node_modules/n.md": "dependency",
      "proj/.windsurf/rules/team.md": { symlink: "proj/shared/team.md" },
      "proj/.windsurf/rules/shared-folder": { symlink: "proj/shared" },
      "proj/shared/team.md": "team",
    });
    const { rules } = await loadProvider(windsurfProvider, { cwd: join(root, "proj"), home: join(root, "home") });
    expect(rules.map((r) => [r.name, r.content])).toEqual([
      ["M", "M"],
      ["m/a", "m/a"],
      ["team", "team"],
      ["z", "z"],
    ]);
    expect(rules[2]?.path).toBe(join(root, "proj/.windsurf/rules/team.md"));
  });

  it("refuses a rule file linked to a file outside the project (symlink-outside)", async () => {
    const root = await tempTree({
      "proj/.windsurf/rules/team.md": { symlink: "shared/team.md" },
      "proj/.windsurf/rules/own.md": "own",
      "shared/team.md": "team",
    });
    const { rules, diagnostics } = await loadProvider(windsurfProvider, { cwd: join(root, "proj"), home: join(root, "home") });
    expect(rules.map((r) => r.name)).toEqual(["own"]);
    expect(diagnostics).toEqual([
      expect.objectContaining({ code: "symlink-outside", provider: "windsurf", path: join(root, "proj/.windsurf/rules/team.md") }),
    ]);
  });

  it("is silent when there is nothing to read", async () => {
    const root = await tempTree({ "proj/README.md": "", "home/.codeium/windsurf/mcp_config.json": "{}" });
    expect(await loadProvider(windsurfProvider, { cwd: join(root, "proj"), home: join(root, "home") })).toEqual({
      rules: [],
      diagnostics: [],
    });
  });

  it("reports unreadable files and still loads the others", async () => {
    const broken = [join(projectRules, "tests.md"), join(realistic.home, ".codeium/windsurf/memories/global_rules.md")];
    const { rules, diagnostics } = await loadProvider(windsurfProvider, { ...realistic, fs: unreadableFs(broken) });
    expect(rules).toHaveLength(7);
    expect(diagnostics.filter((d) => d.code === "file-unreadable").map((d) => d.path)).toEqual(broken);
  });

  it("does all its I/O through the context's file system", async () => {
    const fs = memoryFs({
      "/v/home/.codeium/windsurf/memories/global_rules.md": "global",
      "/v/proj/.windsurf/rules/r.md": "---\ntrigger: always_on\n---\nproject",
      "/v/proj/.windsurfrules": "legacy",
    });
    const { rules } = await loadProvider(windsurfProvider, { cwd: "/v/proj", home: "/v/home", fs });
    expect(rules.map((r) => [r.name, r.content, r.alwaysApply])).toEqual([
      ["r", "project", true],
      ["windsurfrules", "legacy", true],
      ["~/global_rules", "global", true],
    ]);
  });
});
