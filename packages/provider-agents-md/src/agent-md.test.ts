import { join } from "node:path";
import { createRegistry } from "@rulebook/core";
import { fixturesAt } from "@rulebook/core/testing";
import { describe, expect, it } from "vitest";
import { agentsMdProvider } from "./index.js";

const fixture = fixturesAt(new URL("../test/fixtures/", import.meta.url));

const proj = join(fixture("amp-agent-md"), "proj");

// AGENT.md is Amp's former name (and in Zed's list): its own rule, nested like AGENTS.md.
describe("AGENT.md", () => {
  it("is the rule AGENT of its folder, beside a different AGENTS.md, scoped when nested", async () => {
    const result = await createRegistry([agentsMdProvider]).load({ cwd: proj, root: proj, home: join(fixture("amp-agent-md"), "home") });
    expect(result.rules.map((r) => [r.name, r.scope, r.alwaysApply])).toEqual([
      ["AGENTS", undefined, true],
      ["AGENT", undefined, true],
      ["services/api/AGENT", "services/api", true],
    ]);
    expect(result.shadowed).toEqual([]);
  });
});
