import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { defineProvider } from "../provider/provider.js";
import { createRegistry } from "../provider/registry.js";
import { type TreeEntry, tempTree } from "../testing/temp-tree.js";

// Shaped like the bundled agents-md, claude and gemini providers: instruction files at any depth, imports read.
const agentsMd = defineProvider({
  id: "agents-md",
  displayName: "AGENTS.md",
  priority: 60,
  sources: () => [{ kind: "pattern", file: "AGENTS.md", name: "AGENTS", level: "project", activation: "always" }],
});
const claude = defineProvider({
  id: "claude",
  displayName: "Claude Code",
  priority: 45,
  sources: () => [{ kind: "pattern", file: "CLAUDE.md", name: "CLAUDE", level: "project", activation: "always", imports: true }],
});
const windsurf = defineProvider({
  id: "windsurf",
  displayName: "Windsurf",
  // Above agents-md here, so the mirror is the copy kept and AGENTS.md its duplicate.
  priority: 70,
  sources: () => [{ kind: "pattern", folder: ".windsurf/rules", extensions: [".md"], level: "project", activation: "always" }],
});
const gemini = defineProvider({
  id: "gemini",
  displayName: "Gemini CLI",
  priority: 35,
  sources: () => [{ kind: "pattern", file: "GEMINI.md", name: "GEMINI", level: "project", activation: "always", imports: true }],
});

const GUIDE = "# Repository Guidelines\n\n- Build with `pnpm build`.\n- Every change needs a test.";

async function load(entries: Record<string, TreeEntry>) {
  const dir = await tempTree({ "proj/.git/HEAD": "ref: refs/heads/main\n", ...entries });
  const result = await createRegistry([agentsMd, claude, gemini]).load({ cwd: join(dir, "proj"), home: join(dir, "home") });
  const content = (name: string) => result.rules.find((r) => r.name === name)?.content;
  // How many rules carry the text: what the prompt would repeat.
  const carriers = (text: string) => result.rules.filter((r) => r.content.includes(text)).map((r) => r.name);
  return { result, content, carriers };
}

describe("imports of rules of the same load (docs/behaviour.md#imports)", () => {
  it("a CLAUDE.md with a heading, @AGENTS.md and a sentence points at AGENTS instead of repeating it", async () => {
    const { content, carriers, result } = await load({
      "proj/AGENTS.md": `${GUIDE}\n`,
      "proj/CLAUDE.md": "# CLAUDE.md\n\n@AGENTS.md\n\nAlso run `pnpm lint` before you commit.\n",
    });
    expect(content("CLAUDE")).toBe("# CLAUDE.md\n\nSee rule://AGENTS (AGENTS.md).\n\nAlso run `pnpm lint` before you commit.");
    expect(content("AGENTS")).toBe(GUIDE);
    expect(carriers("Every change needs a test.")).toEqual(["AGENTS"]);
    expect(result.duplicates).toEqual([]);
  });

  it("a reference inside a sentence becomes the rule's address, never the pasted text", async () => {
    const { content, carriers } = await load({
      "proj/AGENTS.md": `${GUIDE}\n`,
      "proj/GEMINI.md": "All working instructions live in @AGENTS.md, read them first.\nUse English.\n",
    });
    expect(content("GEMINI")).toBe("All working instructions live in rule://AGENTS, read them first.\nUse English.");
    expect(carriers("Every change needs a test.")).toEqual(["AGENTS"]);
  });

  it("CLAUDE.md, GEMINI.md and AGENTS.md carry the shared text once (it was three times)", async () => {
    const { content, carriers } = await load({
      "proj/AGENTS.md": `${GUIDE}\n`,
      "proj/CLAUDE.md": "# Claude\n\n@AGENTS.md\n",
      "proj/GEMINI.md": "# Gemini\n\n@./AGENTS.md\n",
    });
    expect(carriers("Every change needs a test.")).toEqual(["AGENTS"]);
    expect(content("CLAUDE")).toBe("# Claude\n\nSee rule://AGENTS (AGENTS.md).");
    expect(content("GEMINI")).toBe("# Gemini\n\nSee rule://AGENTS (./AGENTS.md).");
  });

  it("a file that is no rule, imported by two rules, is carried by the first and named by the second", async () => {
    const { content, carriers } = await load({
      "proj/docs/guide.md": `${GUIDE}\n`,
      "proj/CLAUDE.md": "Claude.\n\n@docs/guide.md\n",
      "proj/GEMINI.md": "Gemini: see @docs/guide.md for the rules.\n",
    });
    expect(carriers("Every change needs a test.")).toEqual(["CLAUDE"]);
    expect(content("GEMINI")).toBe("Gemini: see docs/guide.md (given in rule://CLAUDE) for the rules.");
  });

  it("points at a broader folder's rule, but inlines a narrower one that is not in effect where the importer is", async () => {
    const { content } = await load({
      "proj/AGENTS.md": "Root rules.\n",
      "proj/packages/web/AGENTS.md": "Web rules.\n",
      "proj/packages/web/CLAUDE.md": "Web Claude.\n@../../AGENTS.md\n",
      "proj/CLAUDE.md": "Root Claude.\n@packages/web/AGENTS.md\n",
    });
    expect(content("packages/web/CLAUDE")).toBe("Web Claude.\nSee rule://AGENTS (../../AGENTS.md).");
    expect(content("CLAUDE")).toBe("Root Claude.\nWeb rules.");
  });

  it("inlines an import whose target is a rule that is not always applied", async () => {
    const { content } = await load({
      "proj/AGENTS.md": "---\nalwaysApply: false\n---\nManual notes.\n",
      "proj/CLAUDE.md": "Claude.\n@AGENTS.md\n",
    });
    expect(content("CLAUDE")).toBe("Claude.\nManual notes.");
  });

  it("points at the kept copy when the imported file is itself a duplicate of a mirror", async () => {
    const dir = await tempTree({
      "proj/.git/HEAD": "ref: refs/heads/main\n",
      "proj/AGENTS.md": `${GUIDE}\n`,
      "proj/.windsurf/rules/guidelines.md": `${GUIDE}\n`,
      "proj/CLAUDE.md": "# Claude\n\n@AGENTS.md\n",
    });
    const result = await createRegistry([windsurf, agentsMd, claude]).load({ cwd: join(dir, "proj"), home: join(dir, "home") });
    expect(result.duplicates.map((d) => [d.rule.name, d.duplicateOf.name])).toEqual([["AGENTS", "guidelines"]]);
    expect(result.rules.find((r) => r.name === "CLAUDE")?.content).toBe("# Claude\n\nSee rule://guidelines (AGENTS.md).");
    expect(result.rules.filter((r) => r.content.includes("Every change needs a test.")).map((r) => r.name)).toEqual(["guidelines"]);
  });

  it("lets only an always-applied rule carry a shared file for the others", async () => {
    const { content, carriers } = await load({
      "proj/docs/guide.md": `${GUIDE}\n`,
      "proj/CLAUDE.md": "---\nalwaysApply: false\n---\nClaude, by hand only.\n\n@docs/guide.md\n",
      "proj/GEMINI.md": "Gemini.\n\n@docs/guide.md\n",
    });
    expect(carriers("Every change needs a test.")).toEqual(["CLAUDE", "GEMINI"]);
    expect(content("GEMINI")).toContain("Every change needs a test.");
  });
});
