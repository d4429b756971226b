import { loadProvider, tempTree, unreadableFs } from "@rulebook/core/testing";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cursorProvider } from "./index.js";

async function loadLegacy(cursorrules: string | { symlink: string }, extra: Record<string, string> = {}) {
  const root = await tempTree({ "proj/.cursorrules": cursorrules, ...extra });
  const result = await loadProvider(cursorProvider, {
    cwd: join(root, "proj"),
    home: join(root, "home"),
  });
  return { root, ...result };
}

describe("cursorProvider legacy .cursorrules", () => {
  it("becomes the always-apply project rule cursorrules", async () => {
    const { root, rules, diagnostics } = await loadLegacy("Always write tests.\n");
    expect(rules).toEqual([
      {
        name: "cursorrules",
        path: join(root, "proj/.cursorrules"),
        content: "Always write tests.",
        alwaysApply: true,
        source: {
          provider: "cursor",
          providerName: "Cursor",
          level: "project",
        },
      },
    ]);
    expect(diagnostics).toEqual([]);
  });

  it("always applies when its frontmatter has other keys but no alwaysApply and no globs", async () => {
    const { rules } = await loadLegacy("---\ndescription: Old rules\n---\nUse semicolons.");
    expect(rules[0]).toMatchObject({ description: "Old rules", alwaysApply: true });
  });

  it("is attached by its globs, not always applied, when its frontmatter has globs (docs/behaviour.md#fields-and-activation)", async () => {
    const { rules } = await loadLegacy("---\ndescription: Old rules\nglobs: *.js\n---\nUse semicolons.");
    expect(rules[0]).toMatchObject({ description: "Old rules", globs: ["*.js"] });
    expect(rules[0]).not.toHaveProperty("alwaysApply");
  });

  it("does not always apply when its frontmatter says alwaysApply: false", async () => {
    const { rules } = await loadLegacy("---\ndescription: Old rules\nalwaysApply: false\n---\nUse semicolons.");
    expect(rules[0]?.description).toBe("Old rules");
    expect(rules[0]).not.toHaveProperty("alwaysApply");
  });

  it("honours the kebab-case always-apply key too", async () => {
    const { rules } = await loadLegacy("---\nalways-apply: false\n---\nUse semicolons.");
    expect(rules[0]).not.toHaveProperty("alwaysApply");
  });

  it('treats alwaysApply: "false" (a string) as said, with a diagnostic', async () => {
    const { rules, diagnostics } = await loadLegacy('---\nalwaysApply: "false"\n---\nUse semicolons.');
    expect(rules[0]).not.toHaveProperty("alwaysApply");
    expect(diagnostics).toEqual([expect.objectContaining({ code: "always-apply-not-boolean", line: 2 })]);
  });

  it("always applies when its alwaysApply key is empty", async () => {
    const { rules } = await loadLegacy("---\nalwaysApply:\n---\nUse semicolons.");
    expect(rules[0]?.alwaysApply).toBe(true);
  });

  it("is read through a symlink under the link's path when the target is in the project", async () => {
    const { root, rules } = await loadLegacy({ symlink: "proj/shared/rules.txt" }, { "proj/shared/rules.txt": "Shared legacy rules." });
    expect(rules).toEqual([
      expect.objectContaining({
        name: "cursorrules",
        path: join(root, "proj/.cursorrules"),
        content: "Shared legacy rules.",
      }),
    ]);
  });

  it("is refused when it links to a file outside the project (symlink-outside)", async () => {
    const { root, rules, diagnostics } = await loadLegacy({ symlink: "shared/rules.txt" }, { "shared/rules.txt": "Shared legacy rules." });
    expect(rules).toEqual([]);
    expect(diagnostics).toEqual([expect.objectContaining({ code: "symlink-outside", provider: "cursor", path: join(root, "proj/.cursorrules") })]);
  });

  it("warns when .cursorrules is a folder", async () => {
    const root = await tempTree({
      "proj/.cursorrules/rule.md": "inside a folder",
    });
    const { rules, diagnostics } = await loadProvider(cursorProvider, {
      cwd: join(root, "proj"),
      home: join(root, "home"),
    });
    expect(rules).toEqual([]);
    expect(diagnostics).toEqual([
      expect.objectContaining({
        severity: "warning",
        code: "not-a-file",
        provider: "cursor",
        path: join(root, "proj/.cursorrules"),
      }),
    ]);
  });

  it("reports an unreadable .cursorrules without throwing", async () => {
    const root = await tempTree({
      "proj/.cursorrules": "secret",
      "proj/.cursor/rules/ok.mdc": "fine",
    });
    const path = join(root, "proj/.cursorrules");
    const { rules, diagnostics } = await loadProvider(cursorProvider, {
      cwd: join(root, "proj"),
      home: join(root, "home"),
      fs: unreadableFs([path]),
    });
    expect(rules.map((r) => r.name)).toEqual(["ok"]);
    expect(diagnostics).toEqual([
      expect.objectContaining({
        severity: "error",
        code: "file-unreadable",
        path,
      }),
    ]);
  });
});
