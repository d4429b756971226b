import { join } from "node:path";
import { createRegistry } from "@rulebook/core";
import { tempTree } from "@rulebook/core/testing";
import { describe, expect, it } from "vitest";
import { agentsMdProvider } from "./index.js";

describe("user-level AGENTS.md files", () => {
  it("reads ~/.agents/AGENTS.md (the cross-tool file) after ~/.codex/AGENTS.md, each always applied", async () => {
    const dir = await tempTree({
      "proj/AGENTS.md": "# Project\n\nUse pnpm.\n",
      "home/.codex/AGENTS.md": "# Codex only\n\nKeep answers short.\n",
      "home/.agents/AGENTS.md": "# Every agent\n\nNever commit secrets.\n",
    });
    const proj = join(dir, "proj");
    const result = await createRegistry([agentsMdProvider]).load({ cwd: proj, home: join(dir, "home"), root: proj });
    expect(result.rules.map((r) => [r.name, r.source.level, r.alwaysApply])).toEqual([
      ["AGENTS", "project", true],
      ["~/.codex/AGENTS", "user", true],
      ["~/.agents/AGENTS", "user", true],
    ]);
  });

  it("keeps one rule when ~/.agents/AGENTS.md is a copy of the Codex file", async () => {
    const text = "# Mine\n\nNever commit secrets.\n";
    const dir = await tempTree({ "proj/README.md": "x\n", "home/.codex/AGENTS.md": text, "home/.agents/AGENTS.md": text });
    const proj = join(dir, "proj");
    const result = await createRegistry([agentsMdProvider]).load({ cwd: proj, home: join(dir, "home"), root: proj });
    expect(result.rules.map((r) => r.name)).toEqual(["~/.codex/AGENTS"]);
    expect(result.duplicates.map((d) => [d.rule.name, d.duplicateOf.name])).toEqual([["~/.agents/AGENTS", "~/.codex/AGENTS"]]);
  });

  it("reads OpenCode's global ~/.config/opencode/AGENTS.md last, always applied", async () => {
    const dir = await tempTree({
      "proj/README.md": "x\n",
      "home/.agents/AGENTS.md": "# Every agent\n\nNever commit secrets.\n",
      "home/.config/opencode/AGENTS.md": "# OpenCode\n\nRun `bun typecheck` after changing TypeScript.\n",
    });
    const proj = join(dir, "proj");
    const result = await createRegistry([agentsMdProvider]).load({ cwd: proj, home: join(dir, "home"), root: proj });
    expect(result.rules.map((r) => [r.name, r.source.level, r.alwaysApply])).toEqual([
      ["~/.agents/AGENTS", "user", true],
      ["~/.config/opencode/AGENTS", "user", true],
    ]);
  });
});
