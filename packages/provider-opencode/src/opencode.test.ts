import { join } from "node:path";
import { createRegistry, partitionRules } from "@rulebook/core";
import { fixturesAt, loadProvider, tempTree } from "@rulebook/core/testing";
import { agentsMdProvider } from "@rulebook/provider-agents-md";
import { cursorProvider } from "@rulebook/provider-cursor";
import { describe, expect, it } from "vitest";
import { createOpencodeProvider, opencodeProvider } from "./index.js";

const fixture = fixturesAt(new URL("../test/fixtures/", import.meta.url));

const at = (scenario: string, cwd = "") => {
  const proj = join(fixture(scenario), "proj");
  return { cwd: join(proj, cwd), root: proj, home: join(fixture(scenario), "home") };
};

const local = (path: string, scenario: string) => path.slice(fixture(scenario).length + 1);

describe("opencodeProvider", () => {
  it("is the OpenCode provider with priority 15", () => {
    expect(opencodeProvider).toMatchObject({ id: "opencode", displayName: "OpenCode", priority: 15 });
    expect(createOpencodeProvider({ priority: 3 }).priority).toBe(3);
  });

  it("reads the Cursor rules an opencode.json lists as always applied, their frontmatter removed and their globs ignored", async () => {
    const { rules, diagnostics } = await loadProvider(opencodeProvider, at("cursor-rules"));
    expect(rules.map((r) => [r.name, r.alwaysApply, r.globs, r.description])).toEqual([
      [".cursor/rules/010-python-style.mdc", true, undefined, "Python style for the analyzer package"],
      [".cursor/rules/020-testing.mdc", true, undefined, "How tests are written here"],
      [".cursor/rules/030-security.mdc", true, undefined, "Security basics"],
    ]);
    expect(rules[0]?.content).toMatch(/^# Python style\n/);
    expect(diagnostics).toEqual([]);
  });

  it("is one rule with Cursor's reading when the Cursor provider reads the same file (OpenCode named in alsoReadBy)", async () => {
    const load = await createRegistry([cursorProvider, opencodeProvider]).load(at("cursor-rules"));
    expect(load.rules.map((r) => [r.name, r.source.provider])).toEqual([
      ["010-python-style", "cursor"],
      ["020-testing", "cursor"],
      ["030-security", "cursor"],
    ]);
    expect(load.shadowed).toEqual([]);
    expect(load.readTwice.map((r) => [r.rule.source.provider, r.firstReading.name])).toEqual([
      ["opencode", "010-python-style"],
      ["opencode", "020-testing"],
      ["opencode", "030-security"],
    ]);
  });

  it("reads a JSONC list in .opencode/: paths and globs from the project, ~/ globs from the user's list, no URL", async () => {
    const { rules, diagnostics } = await loadProvider(opencodeProvider, at("jsonc"));
    expect(rules.map((r) => [r.name, r.source.level, r.alwaysApply, r.scope])).toEqual([
      ["CONTRIBUTING", "project", true, undefined],
      ["docs/agents/architecture", "project", true, undefined],
      ["docs/agents/review", "project", true, undefined],
      ["packages/api/AGENTS", "project", true, undefined],
      ["~/.config/opencode/rules/commits", "user", true, undefined],
    ]);
    expect(diagnostics.map((d) => [d.code, d.severity, local(d.path ?? "", "jsonc"), d.line])).toEqual([
      ["listed-skipped", "info", "proj/.opencode/opencode.jsonc", 8],
    ]);
  });

  it("puts every listed file in the prompt, and counts OpenCode's commands and agents without reading them", async () => {
    const load = await createRegistry([agentsMdProvider, opencodeProvider]).load(at("jsonc"));
    const always = partitionRules(load.rules).alwaysApply.map((r) => r.name);
    expect(always).toEqual(
      expect.arrayContaining(["AGENTS", "CONTRIBUTING", "docs/agents/architecture", "docs/agents/review", "~/.config/opencode/rules/commits"]),
    );
    // packages/api/AGENTS.md is one rule, read by agents-md (scoped to its folder) first.
    expect(load.rules.find((r) => r.name === "packages/api/AGENTS")?.source.provider).toBe("agents-md");
    expect(load.notRules.map((n) => [n.what, n.folder, n.files.length])).toEqual([
      ["command", ".opencode/command", 1],
      ["subagent", ".opencode/agent", 1],
    ]);
  });

  it("looks relative entries up from cwd to the project root, and reads opencode.json in the folders between", async () => {
    const dir = await tempTree({
      "proj/opencode.json": '{ "instructions": ["STYLE.md"] }',
      "proj/STYLE.md": "Root style.",
      "proj/apps/web/opencode.json": '{ "instructions": ["docs/ui.md"] }',
      "proj/apps/web/STYLE.md": "Web style.",
      "proj/apps/web/docs/ui.md": "UI rules.",
      "home/.keep": "",
    });
    const proj = join(dir, "proj");
    const { rules } = await loadProvider(opencodeProvider, { cwd: join(proj, "apps/web"), root: proj, home: join(dir, "home") });
    expect(rules.map((r) => r.name)).toEqual(["apps/web/STYLE", "STYLE", "apps/web/docs/ui"]);
  });

  it("makes a JSON error a diagnostic with its line, and the other tools' rules still load", async () => {
    const load = await createRegistry([agentsMdProvider, opencodeProvider]).load(at("broken"));
    expect(load.rules.map((r) => r.name)).toEqual(["AGENTS"]);
    expect(load.diagnostics.map((d) => [d.code, d.severity, local(d.path ?? "", "broken"), d.line])).toEqual([
      ["listed-invalid", "warning", "proj/opencode.json", 5],
    ]);
    expect(load.diagnostics[0]?.message).toMatch(/^not valid JSON: .*; the files its "instructions" lists are not read$/);
  });

  it("lets no text from outside the project into the prompt from a project's list, trusted or not", async () => {
    for (const trusted of [false, true]) {
      const { rules, diagnostics } = await loadProvider(opencodeProvider, { ...at("hostile"), trusted });
      expect(rules.map((r) => r.name)).toEqual(["docs/conventions"]);
      expect(diagnostics.map((d) => [d.code, d.line])).toEqual([
        ["listed-outside", 5],
        ["listed-outside", 6],
        ["listed-outside", 7],
      ]);
      expect(diagnostics[1]?.message).toBe('"~/.ssh/id_ed25519" leaves the project (a project\'s list names only its own files); not read');
    }
  });
});
