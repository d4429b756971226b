import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { defineProvider } from "../provider/provider.js";
import { createRegistry } from "../provider/registry.js";
import { tempTree } from "../testing/temp-tree.js";
import { linesCarried } from "./shadow-warnings.js";

// Roo and Kilo Code read the same shape of folder; a repository carries both, with different texts.
const rooLike = defineProvider({
  id: "roo",
  displayName: "Roo Code",
  priority: 25,
  sources: ({ root }) => [{ kind: "folder", path: join(root, ".roo/rules"), extensions: [".md"], level: "project", activation: "always" }],
});
const kiloLike = defineProvider({
  id: "kilocode",
  displayName: "Kilo Code",
  priority: 25,
  sources: ({ root }) => [{ kind: "folder", path: join(root, ".kilocode/rules"), extensions: [".md"], level: "project", activation: "always" }],
});
const agentsLike = defineProvider({
  id: "agents-md",
  displayName: "AGENTS.md",
  priority: 60,
  sources: () => [{ kind: "pattern", file: "AGENTS.md", name: "AGENTS", level: "project", activation: "always" }],
});
// Zed's fallback list names files other providers read, under their names; OpenCode's list under paths.
const zedLike = defineProvider({
  id: "zed",
  displayName: "Zed",
  priority: 15,
  sources: ({ root }) => [{ kind: "file", path: join(root, "AGENTS.md"), name: "AGENTS", level: "project", activation: "always" }],
});
const listedLike = defineProvider({
  id: "opencode",
  displayName: "OpenCode",
  priority: 15,
  sources: ({ root }) => [{ kind: "file", path: join(root, "AGENTS.md"), name: "listed/AGENTS", level: "project", activation: "always" }],
});

const lines = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `- ${prefix} rule ${i + 1}.`).join("\n");

async function load(files: Record<string, string>, providers = [rooLike, kiloLike]) {
  const root = await tempTree({ "proj/.git/HEAD": "ref: refs/heads/main\n", ...files });
  const proj = join(root, "proj");
  return { proj, result: await createRegistry(providers).load({ cwd: proj, home: join(root, "home") }) };
}

describe("shadow-drops-text", () => {
  it("warns on the hidden file, naming both, when another tool's rule loses most of its text", async () => {
    const { proj, result } = await load({ "proj/.roo/rules/rules.md": lines(5, "Roo"), "proj/.kilocode/rules/rules.md": lines(40, "Kilo") });
    expect(result.rules.map((r) => [r.name, r.source.provider])).toEqual([["rules", "roo"]]);
    const warnings = result.diagnostics.filter((d) => d.code === "shadow-drops-text");
    expect(warnings).toEqual([expect.objectContaining({ severity: "warning", provider: "kilocode", path: join(proj, ".kilocode/rules/rules.md") })]);
    expect(warnings[0]?.message).toContain(join(proj, ".roo/rules/rules.md"));
    expect(warnings[0]?.message).toContain("carries 0 of its 40 lines");
  });

  it("says nothing when the winner carries at least 80% of the hidden rule's non-blank lines", async () => {
    const kilo = `${lines(8, "Shared")}\n\n\n- Kilo only one.\n- Kilo only two.`;
    const { result } = await load({ "proj/.roo/rules/rules.md": `# Roo\n\n${lines(8, "Shared")}`, "proj/.kilocode/rules/rules.md": kilo });
    expect(result.diagnostics.filter((d) => d.code.startsWith("shadow-"))).toEqual([]);
    expect(result.shadowed).toHaveLength(1);
  });

  it("counts lines trimmed, blank lines not at all, in time linear in both texts", () => {
    expect(linesCarried("  a\n\n b \n c", "a\nb\n")).toEqual({ carried: 2, total: 3 });
    expect(linesCarried("a\nb", "\t a \n  b")).toEqual({ carried: 2, total: 2 });
    expect(linesCarried("\n\n", "x")).toEqual({ carried: 0, total: 0 });
  });

  it("warns when the winner carries some of the hidden rule's lines but fewer than 80%", async () => {
    const kilo = `${lines(7, "Shared")}\n${lines(3, "Kilo")}`.replace(/Kilo rule (\d)/g, "Kilo only $1");
    const { result } = await load({ "proj/.roo/rules/rules.md": lines(7, "Shared"), "proj/.kilocode/rules/rules.md": kilo });
    expect(result.diagnostics.map((d) => d.code)).toEqual(["shadow-drops-text"]);
    expect(result.diagnostics[0]?.message).toContain("carries 7 of its 10 lines");
  });

  it("says nothing when one tool hides its own rule of the same name (it reads one of them itself)", async () => {
    const cursorLike = defineProvider({
      id: "cursor",
      displayName: "Cursor",
      priority: 50,
      sources: ({ root }) => [
        { kind: "folder", path: join(root, ".cursor/rules"), extensions: [".mdc", ".md"], level: "project", activation: "always" },
      ],
    });
    const { result } = await load({ "proj/.cursor/rules/style.mdc": lines(3, "Tabs"), "proj/.cursor/rules/style.md": lines(30, "Spaces") }, [
      cursorLike,
    ]);
    expect(result.shadowed).toHaveLength(1);
    expect(result.diagnostics).toEqual([]);
  });
});

describe("a file two providers reach", () => {
  it("is one rule, the first provider's, never listed as shadowed and never a duplicate, under any name", async () => {
    const { result } = await load({ "proj/AGENTS.md": "Run `pnpm test` before you push." }, [agentsLike, zedLike, listedLike]);
    expect(result.rules.map((r) => [r.name, r.source.provider])).toEqual([["AGENTS", "agents-md"]]);
    expect(result.shadowed).toEqual([]);
    expect(result.duplicates).toEqual([]);
    expect(result.diagnostics).toEqual([]);
    // Listed, so every provider's files are counted.
    expect(result.readTwice.map((r) => [r.rule.name, r.rule.source.provider, r.firstReading.source.provider])).toEqual([
      ["AGENTS", "zed", "agents-md"],
      ["listed/AGENTS", "opencode", "agents-md"],
    ]);
  });
});
