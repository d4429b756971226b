import { join } from "node:path";
import { createRegistry, partitionRules } from "@rulebook/core";
import { loadProvider, tempTree, fixturesAt } from "@rulebook/core/testing";
import { describe, expect, it } from "vitest";
import { claudeProvider } from "./index.js";

const fixture = fixturesAt(new URL("../test/fixtures/", import.meta.url));

const monorepo = {
  cwd: join(fixture("monorepo"), "proj"),
  home: join(fixture("monorepo"), "home"),
  root: join(fixture("monorepo"), "proj"),
};

describe("claudeProvider", () => {
  it("is the Claude Code provider with priority 45", () => {
    expect(claudeProvider).toMatchObject({ id: "claude", displayName: "Claude Code", priority: 45 });
  });

  it("reads CLAUDE.md, .claude/CLAUDE.md and CLAUDE.local.md per folder, .claude/rules, then the user's files", async () => {
    const { rules, diagnostics } = await loadProvider(claudeProvider, monorepo);
    expect(rules.map((r) => [r.name, r.scope, r.source.level])).toEqual([
      ["CLAUDE", undefined, "project"],
      ["packages/api/CLAUDE", "packages/api", "project"],
      ["packages/api/CLAUDE.local", "packages/api", "project"],
      ["api-design", undefined, "project"],
      ["frontend/react", undefined, "project"],
      ["general", undefined, "project"],
      ["retired", undefined, "project"],
      ["~/.claude/CLAUDE", undefined, "user"],
      ["~/.claude/rules/general", undefined, "user"],
    ]);
    expect(diagnostics.map((d) => d.code)).toEqual(["paths-empty"]);
  });

  it("maps .claude/rules paths (a YAML list or a string) to globs, no paths to always, paths: [] to never", async () => {
    const result = await createRegistry([claudeProvider]).load(monorepo);
    const { all } = partitionRules(result.rules);
    const at = (name: string) => {
      const found = all.find((r) => r.rule.name === name);
      return [found?.category, found?.rule.globs];
    };
    expect(at("api-design")).toEqual(["auto-attach", ["packages/api/**/*.ts", "packages/api/**/*.sql"]]);
    expect(at("frontend/react")).toEqual(["auto-attach", ["packages/web/**/*.tsx", "packages/web/**/*.ts"]]);
    expect(at("general")).toEqual(["always-apply", undefined]);
    expect(at("retired")).toEqual(["inactive", undefined]);
    expect(at("CLAUDE")).toEqual(["always-apply", undefined]);
    expect(at("~/.claude/rules/general")).toEqual(["always-apply", undefined]);
  });

  it("keeps a user rule next to the project rule of the same file name, as Claude Code loads both", async () => {
    const result = await createRegistry([claudeProvider]).load(monorepo);
    expect(result.shadowed).toEqual([]);
    expect(result.rules.map((r) => r.name)).toEqual(expect.arrayContaining(["general", "~/.claude/rules/general"]));
  });

  it("inlines @path imports in CLAUDE.md files, at project and user level", async () => {
    const { rules } = await loadProvider(claudeProvider, monorepo);
    const content = (name: string) => rules.find((r) => r.name === name)?.content;
    expect(content("CLAUDE")).toBe(
      // The list item keeps its reference; the imported text follows the list, never mid-sentence.
      "# Project memory\n\n- Build: `pnpm build`; test: `pnpm test` (vitest).\n- Testing conventions: @docs/testing.md\n\nTests sit next to the code as `*.test.ts` and never sleep.",
    );
    expect(content("~/.claude/CLAUDE")).toBe("# My preferences\n\nAnswer concisely; show diffs, not whole files.");
  });

  it("shadows .claude/CLAUDE.md by CLAUDE.md in the same folder (one rule per folder and name)", async () => {
    const { tempTree } = await import("@rulebook/core/testing");
    const dir = await tempTree({ "proj/CLAUDE.md": "Top.\n", "proj/.claude/CLAUDE.md": "Inside .claude.\n" });
    const result = await createRegistry([claudeProvider]).load({ cwd: join(dir, "proj"), home: join(dir, "home") });
    expect(result.rules.map((r) => r.content)).toEqual(["Top."]);
    expect(result.shadowed.map((s) => s.rule.path)).toEqual([join(dir, "proj/.claude/CLAUDE.md")]);
  });
});

describe(".claude/rules reads only paths, as Claude Code does", () => {
  it("keeps a file with Cursor's description, globs or alwaysApply always applied, with an info diagnostic", async () => {
    const dir = await tempTree({
      "proj/.git/HEAD": "ref: refs/heads/main\n",
      "proj/.claude/rules/cursor-copy.md": "---\ndescription: Styling\nglobs: src/**/*.css\nalwaysApply: false\n---\nUse CSS modules.\n",
      "proj/.claude/rules/api.md": "---\ndescription: API rules\npaths:\n  - src/api/**\n---\nValidate input.\n",
      "proj/.claude/rules/plain.md": "Be brief.\n",
    });
    const result = await createRegistry([claudeProvider]).load({ cwd: join(dir, "proj"), home: join(dir, "home") });
    const partition = partitionRules(result.rules);
    const category = (name: string) => partition.all.find((c) => c.rule.name === name)?.category;
    expect(category("cursor-copy")).toBe("always-apply");
    expect(category("plain")).toBe("always-apply");
    expect(category("api")).toBe("auto-attach");
    expect(result.rules.find((r) => r.name === "api")).toMatchObject({ globs: ["src/api/**"] });
    expect(result.rules.find((r) => r.name === "api")?.description).toBeUndefined();
    const notes = result.diagnostics.filter((d) => d.code === "claude-rules-other-keys");
    expect(notes.map((d) => [d.severity, d.path?.slice(dir.length + 1), d.line])).toEqual([
      ["info", "proj/.claude/rules/api.md", 2],
      ["info", "proj/.claude/rules/cursor-copy.md", 2],
    ]);
  });
});
