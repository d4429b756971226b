import { join } from "node:path";
import { createRegistry, partitionRules } from "@rulebook/core";
import { loadProvider, memoryFs, tempTree, unreadableFs, fixturesAt } from "@rulebook/core/testing";
import { describe, expect, it } from "vitest";
import { cursorProvider } from "./index.js";

const fixture = fixturesAt(new URL("../test/fixtures/", import.meta.url));

const realistic = {
  cwd: join(fixture("realistic"), "proj"),
  home: join(fixture("realistic"), "home"),
};
const projectRules = join(realistic.cwd, ".cursor/rules");

describe("cursorProvider", () => {
  it("is the Cursor provider with priority 50", () => {
    expect(cursorProvider).toMatchObject({
      id: "cursor",
      displayName: "Cursor",
      priority: 50,
    });
  });

  it("reads project rules (.mdc and .md), then .cursorrules, then user rules", async () => {
    const { rules, diagnostics } = await loadProvider(cursorProvider, realistic);
    expect(rules.map((r) => [r.name, r.source.level])).toEqual([
      ["always", "project"],
      ["everything", "project"],
      ["frontend/forms", "project"],
      ["json-globs", "project"],
      ["manual", "project"],
      ["python", "project"],
      ["react-components", "project"],
      ["testing", "project"],
      ["cursorrules", "project"],
      ["personal", "user"],
      ["react-components", "user"],
    ]);
    expect(diagnostics).toEqual([]);
  });

  it("reads the metadata of .mdc files as people write them", async () => {
    const { rules } = await loadProvider(cursorProvider, realistic);
    const at = (file: string) => {
      const { name, path, source, ...rest } = rules.find((r) => r.path === join(projectRules, file)) ?? {};
      return rest;
    };
    expect(at("react-components.mdc")).toEqual({
      description: "React component conventions",
      globs: ["**/*.tsx", "app/**/*.ts"],
      content: "# React components\n\n- One component per file, named exports only.\n- Props are typed with an `interface`, not a `type` alias.",
    });
    expect(at("everything.mdc")).toEqual({
      globs: ["**/*"],
      content: "Never commit secrets or `.env` files.",
    });
    expect(at("python.mdc")).toEqual({
      description: "Python style for the backend",
      globs: ["**/*.py", "app/**/*.py"],
      content: "Use type hints everywhere and run `ruff` before committing.",
    });
    expect(at("manual.mdc")).toEqual({
      content: "Mention @manual when you want this rule.",
    });
    expect(at("json-globs.mdc")).toEqual({
      description: "Library code",
      globs: ["src/**/*.ts", "lib/**"],
      content: "Library code has no side effects at import time.",
    });
    expect(at("always.mdc")).toEqual({
      description: "Project-wide basics",
      alwaysApply: true,
      content: "This is a pnpm monorepo; never use npm or yarn.",
    });
    expect(at("frontend/forms.mdc")).toEqual({
      description: "Form handling",
      globs: ["src/forms/**"],
      content: "Validate forms with zod schemas.",
    });
  });

  it("puts each Cursor rule type in the category Cursor users expect", async () => {
    const { rules } = await createRegistry([cursorProvider]).load(realistic);
    const categories = Object.fromEntries(partitionRules(rules).all.map((c) => [c.rule.name, c.category]));
    expect(categories).toEqual({
      personal: "always-apply",
      "react-components": "auto-attach",
      always: "always-apply",
      everything: "auto-attach",
      "frontend/forms": "auto-attach",
      "json-globs": "auto-attach",
      manual: "inactive",
      python: "auto-attach",
      testing: "rulebook",
      cursorrules: "always-apply",
    });
  });

  it("lets a project rule shadow the user rule of the same name", async () => {
    const result = await createRegistry([cursorProvider]).load(realistic);
    expect(result.rules.find((r) => r.name === "react-components")?.description).toBe("React component conventions");
    expect(result.shadowed.map((s) => [s.rule.path, s.shadowedBy.path])).toEqual([
      [join(realistic.home, ".cursor/rules/react-components.mdc"), join(projectRules, "react-components.mdc")],
    ]);
  });

  it("reads a Windows-saved .mdc file (BOM, CRLF)", async () => {
    const root = await tempTree({
      "proj/.cursor/rules/win.mdc": "\uFEFF---\r\ndescription: Saved on Windows\r\nglobs: *.cs\r\n---\r\nUse PascalCase.\r\n",
    });
    const { rules, diagnostics } = await loadProvider(cursorProvider, {
      cwd: join(root, "proj"),
      home: join(root, "home"),
    });
    expect(rules).toEqual([
      expect.objectContaining({
        name: "win",
        description: "Saved on Windows",
        globs: ["*.cs"],
        content: "Use PascalCase.",
      }),
    ]);
    expect(diagnostics).toEqual([]);
  });

  it("walks rule folders like every provider: depth first, byte order, no hidden entries, no folder links", async () => {
    const root = await tempTree({
      "proj/.cursor/rules/b.md": "b",
      "proj/.cursor/rules/a/c.mdc": "a/c",
      "proj/.cursor/rules/A.mdc": "A",
      "proj/.cursor/rules/.archive/old.mdc": "hidden",
      "proj/.cursor/rules/node_modules/x.mdc": "dependency",
      "proj/.cursor/rules/loud.MDC": "wrong case",
      "proj/.cursor/rules/link.mdc": { symlink: "proj/shared/team.mdc" },
      "proj/.cursor/rules/linked": { symlink: "proj/shared" },
      "proj/shared/team.mdc": "team",
    });
    const { rules } = await loadProvider(cursorProvider, {
      cwd: join(root, "proj"),
      home: join(root, "home"),
    });
    expect(rules.map((r) => [r.name, r.content])).toEqual([
      ["A", "A"],
      ["a/c", "a/c"],
      ["b", "b"],
      ["link", "team"],
    ]);
    expect(rules[3]?.path).toBe(join(root, "proj/.cursor/rules/link.mdc"));
  });

  it("refuses a rule file linked to a file outside the project (symlink-outside)", async () => {
    const root = await tempTree({
      "proj/.cursor/rules/link.mdc": { symlink: "shared/team.mdc" },
      "proj/.cursor/rules/own.mdc": "own",
      "shared/team.mdc": "team",
    });
    const { rules, diagnostics } = await loadProvider(cursorProvider, {
      cwd: join(root, "proj"),
      home: join(root, "home"),
    });
    expect(rules.map((r) => r.name)).toEqual(["own"]);
    expect(diagnostics).toEqual([
      expect.objectContaining({ code: "symlink-outside", provider: "cursor", path: join(root, "proj/.cursor/rules/link.mdc") }),
    ]);
  });

  it("keeps foo.md before foo.mdc in byte order, so the .md file wins the name", async () => {
    const root = await tempTree({ "proj/.cursor/rules/foo.mdc": "mdc", "proj/.cursor/rules/foo.md": "md" });
    const result = await createRegistry([cursorProvider]).load({ cwd: join(root, "proj"), home: join(root, "home") });
    expect(result.rules.map((r) => r.content)).toEqual(["md"]);
    expect(result.shadowed.map((s) => s.rule.path)).toEqual([join(root, "proj/.cursor/rules/foo.mdc")]);
  });

  it("is silent when there is nothing to read", async () => {
    const root = await tempTree({
      "proj/src/index.ts": "",
      "home/.cursor/settings.json": "{}",
    });
    expect(
      await loadProvider(cursorProvider, {
        cwd: join(root, "proj"),
        home: join(root, "home"),
      }),
    ).toEqual({
      rules: [],
      diagnostics: [],
    });
  });

  it("reports an unreadable rule file and still loads the others", async () => {
    const broken = join(projectRules, "python.mdc");
    const { rules, diagnostics } = await loadProvider(cursorProvider, {
      ...realistic,
      fs: unreadableFs([broken]),
    });
    expect(rules).toHaveLength(10);
    expect(diagnostics).toEqual([
      expect.objectContaining({
        severity: "error",
        code: "file-unreadable",
        path: broken,
      }),
    ]);
  });

  it("does all its I/O through the context's file system", async () => {
    const fs = memoryFs({
      "/v/home/.cursor/rules/mine.mdc": "user",
      "/v/proj/.cursor/rules/ours.md": "project",
      "/v/proj/.cursorrules": "legacy",
    });
    const { rules } = await loadProvider(cursorProvider, {
      cwd: "/v/proj",
      home: "/v/home",
      fs,
    });
    expect(rules.map((r) => [r.name, r.content])).toEqual([
      ["ours", "project"],
      ["cursorrules", "legacy"],
      ["mine", "user"],
    ]);
  });
});
