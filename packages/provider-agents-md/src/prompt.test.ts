import { join } from "node:path";
import { createRegistry, partitionRules } from "@rulebook/core";
import { buildSystemPrompt } from "@rulebook/prompt";
import { describe, expect, it } from "vitest";
import { fixturesAt } from "@rulebook/core/testing";
import { agentsMdProvider } from "./index.js";

const fixture = fixturesAt(new URL("../test/fixtures/", import.meta.url));

const root = join(fixture("monorepo"), "proj");
const home = join(fixture("monorepo"), "home");

async function prompt(options: { cwd?: string; files?: string[] }) {
  const { rules } = await createRegistry([agentsMdProvider]).load({ cwd: root, home, root });
  return buildSystemPrompt({ partition: partitionRules(rules), root, ...options }).text;
}

describe("nested AGENTS.md in the system prompt", () => {
  it("carries the root text first, then the folder of the file in play, labelled, and not other folders", async () => {
    const text = await prompt({ files: ["packages/api/src/x.ts"] });
    const rootAt = text.indexOf("This is a pnpm workspace.");
    const apiAt = text.indexOf("Every route validates its input");
    expect(rootAt).toBeGreaterThanOrEqual(0);
    expect(apiAt).toBeGreaterThan(rootAt);
    expect(text.slice(rootAt, apiAt)).toContain("packages/api");
    expect(text).not.toContain("Components are function components");
    expect(text).not.toContain("frozen for the audit");
  });

  it("carries the folder the agent works in", async () => {
    const text = await prompt({ cwd: join(root, "packages/web") });
    expect(text).toContain("Components are function components");
    expect(text).not.toContain("Every route validates its input");
  });

  it("uses the override of a folder, never both of its files", async () => {
    const text = await prompt({ files: ["services/billing/invoice.ts"] });
    expect(text).toContain("frozen for the audit");
    expect(text).not.toContain("Ask before touching invoices");
  });
});
