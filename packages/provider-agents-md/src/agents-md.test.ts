import { join } from "node:path";
import { createRegistry, partitionRules } from "@rulebook/core";
import { defineProvider } from "@rulebook/core/provider";
import { loadProvider, tempTree, fixturesAt } from "@rulebook/core/testing";
import { describe, expect, it } from "vitest";
import { agentsMdProvider } from "./index.js";

const fixture = fixturesAt(new URL("../test/fixtures/", import.meta.url));

const monorepo = {
  cwd: join(fixture("monorepo"), "proj"),
  home: join(fixture("monorepo"), "home"),
  root: join(fixture("monorepo"), "proj"),
};

describe("agentsMdProvider", () => {
  it("is the AGENTS.md provider with priority 60", () => {
    expect(agentsMdProvider).toMatchObject({ id: "agents-md", displayName: "AGENTS.md", priority: 60 });
  });

  it("reads one AGENTS.md per folder of a monorepo, scoped to its folder, then the user's", async () => {
    const result = await createRegistry([agentsMdProvider]).load(monorepo);
    const summary = result.rules.map((r) => [r.name, r.scope, r.source.level]).sort();
    expect(summary).toEqual([
      ["AGENTS", undefined, "project"],
      ["docs/AGENTS", "docs", "project"],
      ["legacy/AGENTS", "legacy", "project"],
      ["packages/api/AGENTS", "packages/api", "project"],
      ["packages/web/AGENTS", "packages/web", "project"],
      ["services/billing/AGENTS", "services/billing", "project"],
      ["~/.codex/AGENTS", undefined, "user"],
    ]);
    expect(result.diagnostics.filter((d) => d.severity !== "info")).toEqual([]);
  });

  it("lets AGENTS.override.md win in its folder and reports AGENTS.md there as shadowed", async () => {
    const result = await createRegistry([agentsMdProvider]).load(monorepo);
    const billing = result.rules.find((r) => r.name === "services/billing/AGENTS");
    expect(billing?.path).toBe(join(monorepo.root, "services/billing/AGENTS.override.md"));
    expect(billing?.content).toContain("frozen for the audit");
    const user = result.rules.find((r) => r.name === "~/.codex/AGENTS");
    expect(user?.path).toBe(join(monorepo.home, ".codex/AGENTS.override.md"));
    expect(result.shadowed.map((s) => [s.rule.path.slice(monorepo.root.length - 4), s.shadowedBy.name])).toEqual([
      ["proj/services/billing/AGENTS.md", "services/billing/AGENTS"],
      ["home/.codex/AGENTS.md", "~/.codex/AGENTS"],
    ]);
  });

  it("always applies a file without metadata, and honours Cursor-style globs and alwaysApply", async () => {
    const result = await createRegistry([agentsMdProvider]).load(monorepo);
    const { all } = partitionRules(result.rules);
    const category = (name: string) => all.find((r) => r.rule.name === name)?.category;
    expect(category("AGENTS")).toBe("always-apply");
    expect(category("packages/api/AGENTS")).toBe("always-apply");
    expect(category("docs/AGENTS")).toBe("auto-attach");
    expect(result.rules.find((r) => r.name === "docs/AGENTS")?.globs).toEqual(["**/*.md"]);
    expect(category("legacy/AGENTS")).toBe("inactive");
  });

  it("never loads AGENTS.md from node_modules, git-ignored folders, hidden folders or skill bundles", async () => {
    const dir = await tempTree({
      "proj/.git/HEAD": "ref: refs/heads/main\n",
      "proj/.gitignore": "dist/\ncoverage\n",
      "proj/AGENTS.md": "Root instructions.\n",
      "proj/node_modules/some-lib/AGENTS.md": "A dependency's instructions.\n",
      "proj/packages/a/node_modules/x/AGENTS.md": "A nested dependency's instructions.\n",
      "proj/dist/AGENTS.md": "A build output copy.\n",
      "proj/coverage/AGENTS.md": "Another ignored copy.\n",
      "proj/.venv/AGENTS.md": "A virtualenv's copy.\n",
      "proj/.agents/skills/foo/AGENTS.md": "A copied skill bundle.\n",
    });
    const { rules, diagnostics } = await loadProvider(agentsMdProvider, { cwd: join(dir, "proj"), home: join(dir, "home") });
    expect(rules.map((r) => r.path)).toEqual([join(dir, "proj/AGENTS.md")]);
    expect(diagnostics).toEqual([]);
  });

  it("takes no AGENTS.md from a hidden folder that another provider opens to the walk", async () => {
    const rulesFolder = defineProvider({
      id: "folders",
      displayName: "Folders",
      priority: 10,
      sources: () => [{ kind: "pattern", folder: ".agents/rules", extensions: [".md"], level: "project" }],
    });
    const dir = await tempTree({
      "proj/AGENTS.md": "Root instructions.\n",
      "proj/.agents/rules/AGENTS.md": "A rule file that happens to be called AGENTS.md.\n",
      "proj/packages/x/.agents/rules/AGENTS.md": "Another one, nested.\n",
    });
    const result = await createRegistry([agentsMdProvider, rulesFolder]).load({ cwd: join(dir, "proj"), home: join(dir, "home") });
    expect(result.rules.map((r) => [r.name, r.source.provider])).toEqual([
      ["AGENTS", "agents-md"],
      ["packages/x/AGENTS", "folders"],
    ]);
    expect(result.shadowed.map((s) => [s.rule.source.provider, s.rule.path.slice(dir.length + 1)])).toEqual([
      ["folders", "proj/.agents/rules/AGENTS.md"],
    ]);
  });

  it("is readable by its scoped name through rule://", async () => {
    const { resolveRuleUrl } = await import("@rulebook/core");
    const result = await createRegistry([agentsMdProvider]).load(monorepo);
    const resolved = resolveRuleUrl("rule://packages/api/AGENTS", result.rules);
    expect(resolved.content).toContain("validates its input");
    expect(resolveRuleUrl("rule://~/.codex/AGENTS", result.rules).content).toContain("French");
  });
});
