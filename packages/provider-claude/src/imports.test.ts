import { join } from "node:path";
import { createRegistry } from "@rulebook/core";
import { agentsMdProvider } from "@rulebook/provider-agents-md";
import { describe, expect, it } from "vitest";
import { fixturesAt } from "@rulebook/core/testing";
import { claudeProvider } from "./index.js";

const fixture = fixturesAt(new URL("../test/fixtures/", import.meta.url));

const imports = {
  cwd: join(fixture("imports"), "proj"),
  home: join(fixture("imports"), "home"),
  root: join(fixture("imports"), "proj"),
};

async function load() {
  const result = await createRegistry([agentsMdProvider, claudeProvider]).load(imports);
  const rel = (path?: string) => path?.slice(imports.root.length + 1);
  return {
    ...result,
    content: (name: string) => result.rules.find((r) => r.name === name)?.content,
    diagnostic: (code: string) => result.diagnostics.filter((d) => d.code === code).map((d) => [rel(d.path), d.line]),
  };
}

describe("CLAUDE.md imports across providers", () => {
  it("makes a CLAUDE.md that only says @AGENTS.md a duplicate of AGENTS", async () => {
    const { duplicates, rules } = await load();
    expect(duplicates.map((d) => [d.rule.name, d.duplicateOf.name])).toContainEqual(["CLAUDE", "AGENTS"]);
    expect(rules.map((r) => r.name)).not.toContain("CLAUDE");
  });

  it("makes a CLAUDE.md symlinked to AGENTS.md a duplicate of that folder's AGENTS", async () => {
    const { duplicates } = await load();
    expect(duplicates.map((d) => [d.rule.name, d.duplicateOf.name])).toContainEqual(["packages/web/CLAUDE", "packages/web/AGENTS"]);
  });

  it("ends a chain CLAUDE.md → AGENTS.md → .agents/AGENTS.md with the innermost text once", async () => {
    const { content } = await load();
    expect(content("packages/chain/CLAUDE")).toBe("Chain: the innermost text.");
    // Codex does not import: AGENTS.md keeps its reference as text.
    expect(content("packages/chain/AGENTS")).toBe("@.agents/AGENTS.md");
  });

  it("reports an import cycle with its file and line, and still loads the rule", async () => {
    const { content, diagnostic } = await load();
    expect(content("packages/cycle/CLAUDE")).toBe("Cycle start.\nA imports B: @b.md\n\nB imports A: @a.md");
    expect(diagnostic("import-cycle")).toEqual([["packages/cycle/b.md", 1]]);
  });

  it("leaves an import out of the project root as text, with a warning", async () => {
    const { content, diagnostic } = await load();
    expect(content("packages/escape/CLAUDE")).toBe("Escape attempt:\n@../../../outside.md");
    expect(diagnostic("import-outside")).toEqual([["packages/escape/CLAUDE.md", 2]]);
  });

  it("does not import inside fenced code or inline code", async () => {
    const { content } = await load();
    expect(content("packages/fenced/CLAUDE")).toBe(
      "Install with:\n\n```sh\nnpm i @x.md\n```\n\nOr `@x.md` inline; but @x.md is imported.\n\nX content.",
    );
  });
});
