import { join } from "node:path";
import { createRegistry } from "@rulebook/core";
import { loadProvider, tempTree, fixturesAt } from "@rulebook/core/testing";
import { describe, expect, it } from "vitest";
import { geminiProvider } from "./index.js";

const fixture = fixturesAt(new URL("../test/fixtures/", import.meta.url));

const workspace = {
  cwd: join(fixture("workspace"), "proj"),
  home: join(fixture("workspace"), "home"),
  root: join(fixture("workspace"), "proj"),
};

describe("geminiProvider", () => {
  it("is the Gemini CLI provider with priority 35", () => {
    expect(geminiProvider).toMatchObject({ id: "gemini", displayName: "Gemini CLI", priority: 35 });
  });

  it("reads GEMINI.md in every folder, scoped, then ~/.gemini/GEMINI.md, all always applied", async () => {
    const { rules, diagnostics } = await loadProvider(geminiProvider, workspace);
    expect(rules.map((r) => [r.name, r.scope, r.source.level, r.alwaysApply]).sort()).toEqual([
      ["GEMINI", undefined, "project", true],
      ["packages/cli/GEMINI", "packages/cli", "project", true],
      ["~/.gemini/GEMINI", undefined, "user", true],
    ]);
    expect(diagnostics).toEqual([]);
  });

  it("inlines @path imports, frontmatter removed, but not inside code", async () => {
    const { rules } = await loadProvider(geminiProvider, workspace);
    const root = rules.find((r) => r.name === "GEMINI")?.content ?? "";
    expect(root).toContain("## Style\n- Prefer plain objects over classes.");
    expect(root).not.toContain("title: Style guide");
    expect(root).toContain("npm install @types/node --workspace packages/cli");
    expect(root).toContain("Never write `@./docs/secret.md` into generated code.");
    const user = rules.find((r) => r.name === "~/.gemini/GEMINI")?.content;
    expect(user).toBe("Keep answers short.\nExplain shell commands before running them.");
  });

  it("reports a missing import with its line and keeps the reference", async () => {
    const dir = await tempTree({ "proj/GEMINI.md": "Intro.\n\n@./missing.md\n" });
    const { rules, diagnostics } = await loadProvider(geminiProvider, { cwd: join(dir, "proj"), home: join(dir, "home") });
    expect(rules[0]?.content).toBe("Intro.\n\n@./missing.md");
    expect(diagnostics.map((d) => [d.code, d.line, d.severity])).toEqual([["import-missing", 3, "warning"]]);
  });

  it("is readable by name through rule://", async () => {
    const { resolveRuleUrl } = await import("@rulebook/core");
    const result = await createRegistry([geminiProvider]).load(workspace);
    expect(resolveRuleUrl("rule://packages/cli/GEMINI", result.rules).content).toContain("child process");
  });
});
