import { createRegistry } from "@rulebook/core";
import { createTempProject } from "@rulebook/core/testing";
import { agentsProvider } from "@rulebook/provider-agents";
import { clineProvider } from "@rulebook/provider-cline";
import { cursorProvider } from "@rulebook/provider-cursor";
import { nativeProvider } from "@rulebook/provider-native";
import { windsurfProvider } from "@rulebook/provider-windsurf";
import { expect, it, onTestFinished } from "vitest";

it("puts the agents provider between native and cursor when all five are registered", async () => {
  const project = await createTempProject({ git: true });
  onTestFinished(() => project.cleanup());
  const files = {
    ".xcsh/rules/only-native.md": "native",
    ".agents/rules/only-native.md": "agents",
    ".agents/rules/shared.md": "agents",
    ".cursor/rules/shared.mdc": "cursor",
    ".windsurf/rules/shared.md": "windsurf",
    ".clinerules/shared.md": "cline",
  };
  await project.writeAll(files);
  const registry = createRegistry([nativeProvider, cursorProvider, windsurfProvider, clineProvider, agentsProvider]);
  const result = await registry.load({ cwd: project.cwd, home: project.home });
  expect(registry.providers.map((p) => p.id)).toEqual(["native", "agents", "cursor", "windsurf", "cline"]);
  expect(result.rules.map((r) => [r.name, r.source.provider])).toEqual([
    ["only-native", "native"],
    ["shared", "agents"],
  ]);
  expect(result.shadowed.map((s) => s.rule.source.provider)).toEqual(["agents", "cursor", "windsurf", "cline"]);
});
