import { join } from "node:path";
import { createRegistry, partitionRules } from "@rulebook/core";
import { agentsMdProvider } from "@rulebook/provider-agents-md";
import { copilotProvider } from "@rulebook/provider-copilot";
import { geminiProvider } from "@rulebook/provider-gemini";
import { expect, it } from "vitest";
import { fixturesAt } from "@rulebook/core/testing";
import { claudeProvider } from "./index.js";

const fixture = fixturesAt(new URL("../test/fixtures/", import.meta.url));

const where = {
  cwd: join(fixture("all-formats"), "proj"),
  home: join(fixture("all-formats"), "home"),
  root: join(fixture("all-formats"), "proj"),
};

it("reads a repository carrying AGENTS.md, CLAUDE.md, GEMINI.md and Copilot files at once, each text once", async () => {
  const registry = createRegistry([copilotProvider, geminiProvider, claudeProvider, agentsMdProvider]);
  const result = await registry.load(where);
  const { all } = partitionRules(result.rules);
  expect(all.map((r) => [r.rule.name, r.rule.source.provider, r.category, r.rule.scope])).toEqual([
    ["AGENTS", "agents-md", "always-apply", undefined],
    ["services/api/AGENTS", "agents-md", "always-apply", "services/api"],
    ["services/api/CLAUDE", "claude", "always-apply", "services/api"],
    ["migrations", "claude", "auto-attach", undefined],
    ["services/api/GEMINI", "gemini", "always-apply", "services/api"],
    ["go", "copilot", "auto-attach", undefined],
  ]);
  expect(result.duplicates.map((d) => [d.rule.name, d.rule.source.provider, d.duplicateOf.name])).toEqual([
    ["CLAUDE", "claude", "AGENTS"],
    ["GEMINI", "gemini", "AGENTS"],
    ["copilot-instructions", "copilot", "AGENTS"],
  ]);
  expect(result.rules.find((r) => r.name === "services/api/CLAUDE")?.content).toBe(
    // AGENTS.md of the same folder is a rule of this load: named, not repeated.
    "See rule://services/api/AGENTS (AGENTS.md).\n\nClaude only: run `go test ./...` in this folder.",
  );
  expect(result.rules.filter((r) => r.content.includes("Handlers take a context first.")).map((r) => r.name)).toEqual(["services/api/AGENTS"]);
  expect(result.diagnostics.filter((d) => d.severity !== "info")).toEqual([]);
});
