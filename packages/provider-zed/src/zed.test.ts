import { join } from "node:path";
import { createRegistry } from "@rulebook/core";
import { loadProvider, tempTree, fixturesAt } from "@rulebook/core/testing";
import { agentsMdProvider } from "@rulebook/provider-agents-md";
import { describe, expect, it } from "vitest";
import { ZED_RULES_FILES, createZedProvider, zedProvider } from "./index.js";

const fixture = fixturesAt(new URL("../test/fixtures/", import.meta.url));

const at = (scenario: string) => {
  const proj = join(fixture(scenario), "proj");
  return { cwd: proj, root: proj, home: join(fixture(scenario), "home") };
};

async function only(files: Record<string, string>) {
  const dir = await tempTree({ ...files, "home/.keep": "" });
  const proj = join(dir, "proj");
  return loadProvider(zedProvider, { cwd: proj, root: proj, home: join(dir, "home") });
}

describe("zedProvider", () => {
  it("is the Zed provider with priority 15", () => {
    expect(zedProvider).toMatchObject({ id: "zed", displayName: "Zed", priority: 15 });
    expect(createZedProvider({ priority: 7 }).priority).toBe(7);
  });

  it("reads only the root's .rules when it is there, always applied", async () => {
    const { rules, diagnostics } = await loadProvider(zedProvider, at("rules-file"));
    expect(rules.map((r) => [r.name, r.alwaysApply, r.scope, r.path.endsWith("/proj/.rules")])).toEqual([["rules", true, undefined, true]]);
    expect(rules[0]?.content).toMatch(/^# Writing Rust here/);
    expect(diagnostics).toEqual([]);
  });

  it("passes over a .clinerules folder and takes the next file of Zed's list", async () => {
    const { rules } = await loadProvider(zedProvider, at("fallback"));
    expect(rules.map((r) => [r.name, r.path.endsWith("AGENT.md")])).toEqual([["AGENT", true]]);
  });

  it("follows Zed's order through the whole list", async () => {
    const all = Object.fromEntries(ZED_RULES_FILES.map(([file]) => [`proj/${file}`, `from ${file}`]));
    for (const [file, name] of ZED_RULES_FILES) {
      const { rules } = await only(all);
      expect(rules.map((r) => [r.name, r.content])).toEqual([[name, `from ${file}`]]);
      delete all[`proj/${file}`];
    }
    expect((await only({ "proj/README.md": "No rules." })).rules).toEqual([]);
  });

  it("leaves a file another provider reads to that provider: one rule, the owner's, and nothing shadowed", async () => {
    const dir = await tempTree({ "proj/AGENTS.md": "Shared guidance.", "home/.keep": "" });
    const proj = join(dir, "proj");
    const result = await createRegistry([agentsMdProvider, zedProvider]).load({ cwd: proj, root: proj, home: join(dir, "home") });
    expect(result.rules.map((r) => [r.name, r.source.provider])).toEqual([["AGENTS", "agents-md"]]);
    expect(result.shadowed).toEqual([]);
    expect(result.duplicates).toEqual([]);
    expect(result.diagnostics).toEqual([]);
  });

  it("reads AGENT.md as its own rule AGENT beside a different AGENTS.md: both texts are in effect", async () => {
    const result = await createRegistry([agentsMdProvider, zedProvider]).load(at("fallback"));
    expect(result.rules.map((r) => [r.name, r.source.provider, r.path.slice(r.path.lastIndexOf("/") + 1)])).toEqual([
      ["AGENTS", "agents-md", "AGENTS.md"],
      ["AGENT", "agents-md", "AGENT.md"],
    ]);
    expect(result.shadowed).toEqual([]);
  });
});
