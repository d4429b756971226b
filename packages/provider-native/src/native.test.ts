import { join } from "node:path";
import { createRegistry } from "@rulebook/core";
import { loadProvider, memoryFs, tempTree, unreadableFs, fixturesAt } from "@rulebook/core/testing";
import { describe, expect, it } from "vitest";
import { createNativeProvider, nativeProvider } from "./index.js";

const fixture = fixturesAt(new URL("../test/fixtures/", import.meta.url));

const basic = {
  cwd: join(fixture("basic"), "proj"),
  home: join(fixture("basic"), "home"),
};

describe("nativeProvider", () => {
  it("is the Native provider with priority 100", () => {
    expect(nativeProvider).toMatchObject({
      id: "native",
      displayName: "Native",
      priority: 100,
    });
  });

  it("reads project rules, then user rules from agent/rules, .md and .mdc only", async () => {
    const { rules, diagnostics } = await loadProvider(nativeProvider, basic);
    expect(rules.map((r) => [r.name, r.source.level, r.path])).toEqual([
      ["api/endpoints", "project", join(basic.cwd, ".xcsh/rules/api/endpoints.mdc")],
      ["stream-guard", "project", join(basic.cwd, ".xcsh/rules/stream-guard.md")],
      ["style", "project", join(basic.cwd, ".xcsh/rules/style.md")],
      ["personal", "user", join(basic.home, ".xcsh/agent/rules/personal.md")],
      ["style", "user", join(basic.home, ".xcsh/agent/rules/style.md")],
    ]);
    expect(diagnostics).toEqual([]);
  });

  it("normalises the frontmatter of each rule", async () => {
    const { rules } = await loadProvider(nativeProvider, basic);
    const byPath = (end: string) => rules.find((r) => r.path.endsWith(end));
    expect(byPath("rules/style.md")).toEqual({
      name: "style",
      path: join(basic.cwd, ".xcsh/rules/style.md"),
      content: "Use two-space indentation in this project.",
      description: "Project code style",
      globs: ["src/**/*.ts", "test/**/*.ts"],
      source: { provider: "native", providerName: "Native", level: "project" },
    });
    expect(byPath("endpoints.mdc")).toMatchObject({
      alwaysApply: true,
      content: "Every endpoint validates its input.",
    });
    expect(byPath("stream-guard.md")?.condition).toEqual(["console\\.log\\("]);
    expect(byPath("personal.md")).not.toHaveProperty("description");
  });

  it("lets a project rule shadow the user rule of the same name", async () => {
    const result = await createRegistry([nativeProvider]).load(basic);
    expect(result.rules.find((r) => r.name === "style")?.content).toBe("Use two-space indentation in this project.");
    expect(result.shadowed.map((s) => [s.rule.path, s.shadowedBy.path])).toEqual([
      [join(basic.home, ".xcsh/agent/rules/style.md"), join(basic.cwd, ".xcsh/rules/style.md")],
    ]);
  });

  it("is silent when neither folder exists", async () => {
    const empty = await tempTree({
      "proj/README.md": "not a rule",
      "home/.bashrc": "",
    });
    expect(
      await loadProvider(nativeProvider, {
        cwd: join(empty, "proj"),
        home: join(empty, "home"),
      }),
    ).toEqual({
      rules: [],
      diagnostics: [],
    });
  });

  it("reports an unreadable file and still loads the others", async () => {
    const broken = join(basic.cwd, ".xcsh/rules/style.md");
    const { rules, diagnostics } = await loadProvider(nativeProvider, {
      ...basic,
      fs: unreadableFs([broken]),
    });
    expect(rules.map((r) => r.path)).not.toContain(broken);
    expect(rules).toHaveLength(4);
    expect(diagnostics).toEqual([
      expect.objectContaining({
        severity: "error",
        code: "file-unreadable",
        provider: "native",
        path: broken,
      }),
    ]);
  });

  it("does not load a file over the size limit", async () => {
    const root = await tempTree({
      "proj/.xcsh/rules/big.md": "x".repeat(2000),
      "proj/.xcsh/rules/small.md": "ok",
    });
    const { rules, diagnostics } = await loadProvider(nativeProvider, {
      cwd: join(root, "proj"),
      home: join(root, "home"),
      maxFileBytes: 1000,
    });
    expect(rules.map((r) => r.name)).toEqual(["small"]);
    expect(diagnostics).toEqual([
      expect.objectContaining({
        code: "file-too-large",
        path: join(root, "proj/.xcsh/rules/big.md"),
      }),
    ]);
  });

  it("does all its I/O through the context's file system", async () => {
    const fs = memoryFs({
      "/virtual/proj/.xcsh/rules/a.md": "project rule",
      "/virtual/home/.xcsh/agent/rules/b.mdc": "user rule",
    });
    const { rules } = await loadProvider(nativeProvider, {
      cwd: "/virtual/proj",
      home: "/virtual/home",
      fs,
    });
    expect(rules.map((r) => [r.name, r.content, r.source.level])).toEqual([
      ["a", "project rule", "project"],
      ["b", "user rule", "user"],
    ]);
  });
});

describe("createNativeProvider", () => {
  it("reads the folder named by folderName instead of .xcsh", async () => {
    const root = await tempTree({
      "proj/.myagent/rules/mine.md": "project rule",
      "home/.myagent/agent/rules/theirs.md": "user rule",
      "proj/.xcsh/rules/default.md": "not read",
    });
    const provider = createNativeProvider({ folderName: ".myagent" });
    const { rules } = await loadProvider(provider, {
      cwd: join(root, "proj"),
      home: join(root, "home"),
    });
    expect(rules.map((r) => [r.name, r.source.level])).toEqual([
      ["mine", "project"],
      ["theirs", "user"],
    ]);
    expect(provider.id).toBe("native");
  });

  it("throws, naming the provider, for an empty folder name", () => {
    expect(() => createNativeProvider({ folderName: "" })).toThrow(/provider "native": folderName/);
  });
});
