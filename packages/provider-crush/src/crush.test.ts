import { join } from "node:path";
import { loadProvider, tempTree, fixturesAt } from "@rulebook/core/testing";
import { describe, expect, it } from "vitest";
import { createCrushProvider, crushProvider } from "./index.js";

const fixture = fixturesAt(new URL("../test/fixtures/", import.meta.url));

const proj = join(fixture("project"), "proj");
const home = join(fixture("project"), "home");

describe("crushProvider", () => {
  it("is the Crush provider with priority 30", () => {
    expect(crushProvider).toMatchObject({ id: "crush", displayName: "Crush", priority: 30 });
    expect(createCrushProvider({ priority: 1 }).priority).toBe(1);
  });

  it("reads CRUSH.md and CRUSH.local.md where the agent works, then the user's two files, all always applied", async () => {
    const { rules, diagnostics } = await loadProvider(crushProvider, { cwd: proj, root: proj, home });
    expect(rules.map((r) => [r.name, r.source.level, r.alwaysApply, r.path.slice(fixture("project").length)])).toEqual([
      ["CRUSH", "project", true, "/proj/CRUSH.md"],
      ["CRUSH.local", "project", true, "/proj/CRUSH.local.md"],
      ["~/.config/crush/CRUSH", "user", true, "/home/.config/crush/CRUSH.md"],
      ["~/.config/AGENTS", "user", true, "/home/.config/AGENTS.md"],
    ]);
    expect(diagnostics).toEqual([]);
    expect(rules[0]?.content).toMatch(/^# Notes for Crush[\s\S]*names the peer\.$/);
  });

  it("reads the files of the folder Crush is started in, not the project root's, nor other tools' files", async () => {
    const { rules } = await loadProvider(crushProvider, { cwd: join(proj, "qa"), root: proj, home });
    expect(rules.filter((r) => r.source.level === "project").map((r) => [r.name, r.content])).toEqual([
      ["CRUSH", "# Interoperability tests\nStart them from this folder with `./run-interop.sh`; each scenario writes its log next to it."],
    ]);
    const inFlow = await loadProvider(crushProvider, { cwd: join(proj, "src", "flow"), root: proj, home });
    expect(inFlow.rules.filter((r) => r.source.level === "project")).toEqual([]);
  });

  it("reads Crush's other spellings of both files under the same two names", async () => {
    const dir = await tempTree({ "proj/crush.md": "Lower case.", "proj/Crush.local.md": "Mixed case." });
    const p = join(dir, "proj");
    const { rules } = await loadProvider(crushProvider, { cwd: p, root: p, home: join(dir, "home") });
    expect(rules.map((r) => [r.name, r.content])).toEqual([
      ["CRUSH", "Lower case."],
      ["CRUSH.local", "Mixed case."],
    ]);
  });

  it("keeps a second spelling of CRUSH.md (a case-sensitive disk) as shadowed, never twice in the prompt", async () => {
    const { createRegistry } = await import("@rulebook/core");
    const dir = await tempTree({ "proj/CRUSH.md": "Upper.", "proj/crush.md": "Lower." });
    const p = join(dir, "proj");
    const result = await createRegistry([crushProvider]).load({ cwd: p, root: p, home: join(dir, "home") });
    expect(result.rules.map((r) => r.content)).toEqual(["Upper."]);
    expect(result.shadowed.map((s) => s.rule.content)).toEqual(["Lower."]);
  });
});
