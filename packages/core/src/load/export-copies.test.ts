import { describe, expect, it } from "vitest";
import { exportMarkerHtml, exportMarkerYaml } from "../export/marker.js";
import { defineProvider } from "../provider/provider.js";
import { memoryFs } from "../testing/test-fs.js";
import { loadRules } from "./load.js";

const ROOT = "/p";
const agentsMd = defineProvider({
  id: "agents-md",
  displayName: "AGENTS.md",
  priority: 60,
  sources: ({ root }) => [{ kind: "file", path: `${root}/AGENTS.md`, name: "AGENTS", level: "project", activation: "always" }],
});
const cursor = defineProvider({
  id: "cursor",
  displayName: "Cursor",
  priority: 50,
  sources: ({ root }) => [{ kind: "folder", path: `${root}/.cursor/rules`, extensions: [".mdc"], level: "project" }],
});

describe("files export wrote", () => {
  it("are copies while a source they name exists: set aside with an info, never a rule beside the source", async () => {
    const fs = memoryFs({
      [`${ROOT}/.cursor/rules/style.mdc`]: "---\nalwaysApply: true\n---\nUse pnpm.",
      [`${ROOT}/AGENTS.md`]: `${exportMarkerHtml([".cursor/rules/style.mdc"])}\n\nUse pnpm, edited by hand.\n`,
    });
    const loaded = await loadRules([agentsMd, cursor], { cwd: ROOT, root: ROOT, home: "/h", fs });
    expect(loaded.rules.map((r) => r.name)).toEqual(["style"]);
    expect(loaded.copies.map((c) => [c.rule.name, c.existing, c.rule.content])).toEqual([
      ["AGENTS", ".cursor/rules/style.mdc", "Use pnpm, edited by hand."],
    ]);
    expect(loaded.diagnostics).toContainEqual(expect.objectContaining({ code: "export-copy", severity: "info", path: `${ROOT}/AGENTS.md` }));
  });

  it("are ordinary rules, without the marker, once none of their sources exists", async () => {
    const fs = memoryFs({
      [`${ROOT}/AGENTS.md`]: `${exportMarkerHtml([".cursor/rules/gone.mdc", "../outside.md"])}\n\nKeep me.\n`,
      [`${ROOT}/.cursor/rules/a.mdc`]: `---\n${exportMarkerYaml(["AGENTS.md"])}\nalwaysApply: true\n---\nKeep me.\n`,
      "/outside.md": "x",
    });
    const loaded = await loadRules([agentsMd], { cwd: ROOT, root: ROOT, home: "/h", fs });
    expect(loaded.rules.map((r) => [r.name, r.content])).toEqual([["AGENTS", "Keep me."]]);
    expect(loaded.diagnostics).toContainEqual(expect.objectContaining({ code: "export-orphan", path: `${ROOT}/AGENTS.md` }));
    const both = await loadRules([agentsMd, cursor], { cwd: ROOT, root: ROOT, home: "/h", fs });
    expect(both.rules.map((r) => r.name)).toEqual(["AGENTS"]);
    expect(both.copies.map((c) => c.rule.name)).toEqual(["a"]);
  });
});
