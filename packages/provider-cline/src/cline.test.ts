import { join } from "node:path";
import { type RuleFs, partitionRules } from "@rulebook/core";
import { loadProvider, memoryFs, tempTree, unreadableFs } from "@rulebook/core/testing";
import { describe, expect, it } from "vitest";
import { fixture } from "../test/helpers.js";
import { clineProvider } from "./index.js";

// Fixtures cannot hold a `.git`, so the project root is given: `proj` of each scenario.
const at = (scenario: string, cwd = "proj") => ({
  cwd: join(fixture(scenario), cwd),
  home: join(fixture(scenario), "home"),
  root: join(fixture(scenario), "proj"),
});

describe("clineProvider", () => {
  it("is the Cline provider with priority 40", () => {
    expect(clineProvider).toMatchObject({ id: "cline", displayName: "Cline", priority: 40 });
  });

  it("reads the .md and .txt files of a .clinerules folder recursively, except workflows/ and hooks/", async () => {
    const { cwd } = at("folder");
    const { rules, diagnostics } = await loadProvider(clineProvider, at("folder"));
    expect(rules).toEqual([
      {
        name: "git/commits",
        path: join(cwd, ".clinerules/git/commits.md"),
        content: "Write commit messages as `type(scope): summary`.",
        alwaysApply: true,
        source: { provider: "cline", providerName: "Cline", level: "project" },
      },
      {
        name: "memory-bank",
        path: join(cwd, ".clinerules/memory-bank.md"),
        content: "# Memory bank\n\nRead the memory bank files before starting a task.",
        alwaysApply: true,
        source: { provider: "cline", providerName: "Cline", level: "project" },
      },
      {
        name: "notes",
        path: join(cwd, ".clinerules/notes.txt"),
        content: "Keep answers short; show the command before explaining it.",
        alwaysApply: true,
        source: { provider: "cline", providerName: "Cline", level: "project" },
      },
      {
        name: "typescript",
        path: join(cwd, ".clinerules/typescript.md"),
        content: "Use strict mode. Avoid `any`.",
        description: "TypeScript guidelines",
        globs: ["src/**/*.ts"],
        source: { provider: "cline", providerName: "Cline", level: "project" },
      },
    ]);
    expect(diagnostics).toEqual([]);
  });

  it("finds the .clinerules of an ancestor folder when run from a sub-folder", async () => {
    const { rules } = await loadProvider(clineProvider, at("folder", "proj/packages/app/src"));
    expect(rules.map((r) => r.path)).toEqual(
      ["git/commits.md", "memory-bank.md", "notes.txt", "typescript.md"].map((f) => join(at("folder").cwd, ".clinerules", f)),
    );
  });

  it("uses only the nearest .clinerules", async () => {
    const { rules } = await loadProvider(clineProvider, at("nearest", "proj/packages/app/src"));
    expect(rules.map((r) => [r.name, r.path])).toEqual([["app", join(at("nearest").cwd, "packages/app/.clinerules/app.md")]]);
  });

  it("reads a .clinerules file as the always-apply rule clinerules", async () => {
    const { rules, diagnostics } = await loadProvider(clineProvider, at("file"));
    expect(rules).toEqual([
      {
        name: "clinerules",
        path: join(at("file").cwd, ".clinerules"),
        content: "# Project rules\n\n- Use pnpm.\n- Run the tests before you say you are done.",
        alwaysApply: true,
        source: { provider: "cline", providerName: "Cline", level: "project" },
      },
    ]);
    expect(partitionRules(rules).alwaysApply.map((r) => r.name)).toEqual(["clinerules"]);
    expect(diagnostics).toEqual([]);
  });

  it("lets a .clinerules file's own alwaysApply: false and description decide", async () => {
    const root = await tempTree({
      "proj/.clinerules": "---\ndescription: Release steps\nalwaysApply: false\n---\nTag, then publish.",
    });
    const { rules } = await loadProvider(clineProvider, { cwd: join(root, "proj"), home: join(root, "home") });
    expect(rules[0]).toMatchObject({ name: "clinerules", description: "Release steps" });
    expect(rules[0]).not.toHaveProperty("alwaysApply");
  });

  it("walks up to the project root, never above it, and is silent when there is no .clinerules", async () => {
    const fs = memoryFs({ "/work/app/src/index.ts": "", "/work/app/.git/HEAD": "", "/work/.clinerules": "above the repository" });
    expect(await loadProvider(clineProvider, { cwd: "/work/app/src", home: "/home/me", fs })).toEqual({ rules: [], diagnostics: [] });
    expect(fs.calls.filter((c) => c.includes(".clinerules"))).toEqual(["stat /work/app/src/.clinerules", "stat /work/app/.clinerules"]);
  });

  it("reports a level it cannot check and keeps walking up", async () => {
    const base = memoryFs({ "/work/.clinerules": "outer rules" });
    const fs: RuleFs = {
      ...base,
      async stat(path) {
        if (path === "/work/app/.clinerules") throw Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" });
        return base.stat(path);
      },
    };
    const { rules, diagnostics } = await loadProvider(clineProvider, { cwd: "/work/app", home: "/home/me", root: "/work", fs });
    expect(rules.map((r) => [r.name, r.path])).toEqual([["clinerules", "/work/.clinerules"]]);
    expect(diagnostics).toEqual([
      expect.objectContaining({ severity: "error", code: "file-unreadable", provider: "cline", path: "/work/app/.clinerules" }),
    ]);
  });

  it("warns about a .clinerules that is neither file nor folder (a FIFO), and stops there", async () => {
    const base = memoryFs({ "/work/.clinerules": "outer rules" });
    const fifo = "/work/app/.clinerules";
    // What the node file system does for a FIFO: stat says "other", reading fails with ENOTREG.
    const fs: RuleFs = {
      ...base,
      stat: async (path) => (path === fifo ? { kind: "other", size: 0 } : base.stat(path)),
      readFile: async (path, max) => {
        if (path === fifo) throw Object.assign(new Error("not a regular file"), { code: "ENOTREG" });
        return base.readFile(path, max);
      },
    };
    const { rules, diagnostics } = await loadProvider(clineProvider, { cwd: "/work/app", home: "/home/me", root: "/work", fs });
    expect(rules).toEqual([]);
    expect(diagnostics).toEqual([expect.objectContaining({ severity: "warning", code: "not-a-file", path: "/work/app/.clinerules" })]);
  });

  it("reports an unreadable rule file and still loads the others", async () => {
    const broken = join(at("folder").cwd, ".clinerules/typescript.md");
    const { rules, diagnostics } = await loadProvider(clineProvider, { ...at("folder"), fs: unreadableFs([broken]) });
    expect(rules.map((r) => r.name)).toEqual(["git/commits", "memory-bank", "notes"]);
    expect(diagnostics).toEqual([expect.objectContaining({ severity: "error", code: "file-unreadable", path: broken })]);
  });

  it("scans a .clinerules folder like every provider: byte order, no hidden entries, links to files only", async () => {
    const root = await tempTree({
      "proj/.clinerules/b.md": "b",
      "proj/.clinerules/B.md": "B",
      "proj/.clinerules/a/z.md": "a/z",
      "proj/.clinerules/.old/x.md": "hidden",
      "proj/.clinerules/node_modules/y.md": "dependency",
      "proj/.clinerules/c.mdc": "not .md",
      "proj/.clinerules/team.md": { symlink: "proj/shared/team.md" },
      "proj/.clinerules/shared": { symlink: "proj/shared" },
      "proj/shared/team.md": "team",
    });
    const { rules } = await loadProvider(clineProvider, { cwd: join(root, "proj"), home: join(root, "home") });
    expect(rules.map((r) => [r.name, r.content])).toEqual([
      ["B", "B"],
      ["a/z", "a/z"],
      ["b", "b"],
      ["team", "team"],
    ]);
    expect(rules[3]?.path).toBe(join(root, "proj/.clinerules/team.md"));
  });

  it("refuses a rule file linked to a file outside the project (symlink-outside)", async () => {
    const root = await tempTree({
      "proj/.clinerules/team.md": { symlink: "shared/team.md" },
      "proj/.clinerules/own.md": "own",
      "shared/team.md": "team",
    });
    const { rules, diagnostics } = await loadProvider(clineProvider, { cwd: join(root, "proj"), home: join(root, "home") });
    expect(rules.map((r) => r.name)).toEqual(["own"]);
    expect(diagnostics).toEqual([
      expect.objectContaining({ code: "symlink-outside", provider: "cline", path: join(root, "proj/.clinerules/team.md") }),
    ]);
  });

  it("reads a .clinerules that is a symlink to a shared folder inside the project", async () => {
    const root = await tempTree({ "proj/docs/ai/style.md": "shared style", "proj/.clinerules": { symlink: "proj/docs/ai" } });
    const { rules, diagnostics } = await loadProvider(clineProvider, { cwd: join(root, "proj"), home: join(root, "home") });
    expect(rules.map((r) => [r.name, r.path])).toEqual([["style", join(root, "proj/.clinerules/style.md")]]);
    expect(diagnostics).toEqual([]);
  });

  it("refuses a .clinerules that is a symlink to a folder outside the project (symlink-outside)", async () => {
    const root = await tempTree({ "shared/rules/style.md": "shared style", "proj/.clinerules": { symlink: "shared/rules" } });
    const { rules, diagnostics } = await loadProvider(clineProvider, { cwd: join(root, "proj"), home: join(root, "home") });
    expect(rules).toEqual([]);
    expect(diagnostics).toEqual([expect.objectContaining({ code: "symlink-outside", provider: "cline", path: join(root, "proj/.clinerules") })]);
  });
});
