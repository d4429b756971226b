import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BUNDLED_PROVIDERS } from "../bundled-providers.js";
import { FIXTURES, exampleArgs, fixtureArgs, runCli, writeTree } from "../../test/helpers.js";

interface Report {
  cwd: string;
  root: string;
  home: string;
  providers: Array<{ id: string; displayName: string; priority: number }>;
  rules: Array<Record<string, unknown> & { name: string; path: string; provider: string; level: string; category: string; reason: string }>;
  shadowed: Array<{ name: string; path: string; provider: string; level: string; shadowedBy: { provider: string; path: string } }>;
  diagnostics: Array<{ severity: string; code: string; message: string; path?: string; line?: number }>;
}

const proj = join(FIXTURES, "precedence", "proj");
const home = join(FIXTURES, "precedence", "home");

function inspect(args: string[]): Report {
  const result = runCli(["inspect", "--json", ...args]);
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as Report;
}

describe("rulebook inspect --json", () => {
  const report = inspect(fixtureArgs("precedence"));

  it("reports the absolute folders and the providers in precedence order", () => {
    expect(report.cwd).toBe(proj);
    expect(report.root).toBe(proj);
    expect(report.home).toBe(home);
    // Every bundled provider, by priority, ties in the order of the design (cursor before windsurf).
    const order = report.providers.map((p) => [p.id, p.priority]);
    expect(order).toHaveLength(Object.keys(BUNDLED_PROVIDERS).length);
    expect(order.slice(0, 7)).toEqual([
      ["native", 100],
      ["agents", 70],
      ["agents-md", 60],
      ["cursor", 50],
      ["windsurf", 50],
      ["claude", 45],
      ["cline", 40],
    ]);
    const priorities = report.providers.map((p) => p.priority);
    expect(priorities).toEqual([...priorities].sort((a, b) => b - a));
    for (const p of report.providers) expect(p.displayName).toEqual(expect.any(String));
  });

  it("lists the winners in precedence order, one per name", () => {
    expect(report.rules.map((r) => `${r.provider}/${r.level}:${r.name}`)).toEqual([
      "native/project:always-and-described",
      "native/project:bad-trigger",
      "native/project:style",
      "native/project:trigger-and-always",
      // Within a provider, project rules come before user rules (docs/behaviour.md#the-project-root-and-the-walk, v2).
      "cursor/project:auto",
      "cursor/project:nothing",
      "cursor/project:shared",
      "windsurf/project:global_rules",
      "windsurf/project:manual",
      // The user-level global rules are named by their path under home (v2).
      "windsurf/user:~/global_rules",
      "cline/project:empty",
    ]);
  });

  it("puts each rule in the category of docs/behaviour.md#categories with a reason", () => {
    const category = Object.fromEntries(report.rules.map((r) => [r.name, r.category]));
    expect(category).toEqual({
      "always-and-described": "always-apply",
      "bad-trigger": "rulebook",
      style: "rulebook",
      "trigger-and-always": "ttsr",
      shared: "rulebook",
      auto: "auto-attach",
      nothing: "inactive",
      global_rules: "always-apply",
      manual: "inactive",
      "~/global_rules": "always-apply",
      // A Cline file without activation metadata is always applied (docs/behaviour.md#fields-and-activation, v2).
      empty: "always-apply",
    });
    for (const rule of report.rules) expect(rule.reason.length).toBeGreaterThan(0);
    const ttsr = report.rules.find((r) => r.name === "trigger-and-always");
    expect(ttsr?.reason).toContain("forbidden");
  });

  it("reports the shadowed rules in precedence order with their winner", () => {
    const winner = (name: string) => report.rules.find((r) => r.name === name);
    expect(report.shadowed.map((s) => `${s.provider}/${s.level}:${s.name}`)).toEqual([
      "native/user:style",
      "cursor/project:style",
      "cursor/user:shared",
      "cursor/user:style",
      "windsurf/project:style",
      "cline/project:style",
    ]);
    for (const s of report.shadowed) {
      expect(s.shadowedBy).toEqual({ provider: winner(s.name)?.provider, path: winner(s.name)?.path });
      expect(s.path).not.toBe(s.shadowedBy.path);
    }
    expect(report.shadowed[0]?.path).toBe(join(home, ".xcsh/agent/rules/style.md"));
  });

  it("keeps an empty rule from shadowing a valid one, and says so", () => {
    expect(report.rules.find((r) => r.name === "empty")?.path).toBe(join(proj, ".clinerules/empty.md"));
    expect(report.diagnostics).toContainEqual(expect.objectContaining({ code: "rule-empty", path: join(proj, ".xcsh/rules/empty.md") }));
  });

  it("has exactly the fields of docs/behaviour.md#the-command-line-app, optional ones omitted when absent", () => {
    const allowed = [
      "name",
      "path",
      "provider",
      "level",
      "category",
      "reason",
      "description",
      "globs",
      "alwaysApply",
      "condition",
      "contentBytes",
      "scope",
      "modes",
      "tokens",
    ];
    for (const rule of report.rules) {
      expect(allowed).toEqual(expect.arrayContaining(Object.keys(rule)));
      for (const value of Object.values(rule)) expect(value).not.toBeUndefined();
    }
    const nothing = report.rules.find((r) => r.name === "nothing");
    expect(Object.keys(nothing ?? {}).sort()).toEqual(["category", "contentBytes", "level", "name", "path", "provider", "reason", "tokens"]);
    const ttsr = report.rules.find((r) => r.name === "trigger-and-always");
    expect(ttsr).toMatchObject({ alwaysApply: true, condition: ["forbidden\\("], contentBytes: "Do not call forbidden().".length });
    const auto = report.rules.find((r) => r.name === "auto");
    expect(auto).toMatchObject({ globs: ["src/**/*.ts"] });
    expect(auto).not.toHaveProperty("alwaysApply");
    expect(auto).not.toHaveProperty("description");
    for (const s of report.shadowed) expect(Object.keys(s).sort()).toEqual(["level", "name", "path", "provider", "shadowedBy"]);
  });

  it("includes diagnostics from loading and from partitioning", () => {
    // The uncompilable trigger is found by the partition step, not by the providers.
    const trigger = report.diagnostics.filter((d) => d.path === join(proj, ".xcsh/rules/bad-trigger.md"));
    expect(trigger.map((d) => d.code)).toContain("condition-no-valid-pattern");
    for (const d of report.diagnostics) {
      expect(["error", "warning", "info"]).toContain(d.severity);
      expect(d.message.length).toBeGreaterThan(0);
    }
  });

  it("keeps stderr quiet: the diagnostics are in the document", () => {
    const result = runCli(["inspect", "--json", ...fixtureArgs("precedence")]);
    expect(result.stderr).toBe("");
  });

  it("prints the diagnostics once, grouped by file, with a count line, in human output", () => {
    const result = runCli(["inspect", ...fixtureArgs("precedence")]);
    expect(result.stderr.match(/condition-no-valid-pattern/g)).toHaveLength(1);
    expect(result.stderr).toMatch(/^\.xcsh\/rules\/bad-trigger\.md\n( {2}warning {2}condition-\S+ {2}.*\n){2}\n/m);
    expect(result.stderr).toMatch(/^\d+ problems \(\d+ errors?, \d+ warnings?, \d+ info\)\n$/m);
  });

  it("accepts --cwd and --home before the command, after it, and relative to where it runs", () => {
    const before = runCli(["--cwd", proj, "--home", home, "inspect", "--json"]);
    const mixed = runCli(["inspect", "--home", home, "--json", `--cwd=${proj}`]);
    const relative = runCli(["inspect", "--json", "--cwd", "precedence/proj", "--home", "./precedence/home"], { cwd: FIXTURES });
    for (const result of [before, mixed, relative]) {
      expect(result.code).toBe(0);
      expect(JSON.parse(result.stdout)).toEqual(report);
    }
  });

  it("defaults --cwd to the folder it runs in", () => {
    const result = runCli(["inspect", "--json", "--home", home], { cwd: proj });
    expect((JSON.parse(result.stdout) as Report).rules.map((r) => r.name)).toEqual(report.rules.map((r) => r.name));
  });

  it("exits 1 when --cwd is not a folder", () => {
    const result = runCli(["inspect", "--cwd", join(proj, "does-not-exist")]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("no such folder");
  });
});

describe("rulebook inspect (human)", () => {
  it("groups the rules by category with provider, level, path and reason, and the shadowed rules with their winner", () => {
    const result = runCli(["inspect", ...exampleArgs]);
    expect(result.code).toBe(0);
    const out = result.stdout;
    expect(out).toMatch(/Always applied[^\n]*: \d+/);
    expect(out).toContain("cursor/project .cursor/rules/react-components.mdc");
    expect(out).toContain("native/user ~/.xcsh/agent/rules/answer-style.md");
    expect(out).toMatch(
      /typescript {2}cline\/project \.clinerules\/typescript\.md\n {6}shadowed by cursor\/project \.cursor\/rules\/typescript\.mdc/,
    );
    expect(out.indexOf("Always applied")).toBeLessThan(out.indexOf("Rulebook ("));
    expect(out).not.toContain("\u001b[");
    // Diagnostics go to stderr, not into the report.
    expect(out).not.toContain("always-apply-not-boolean");
    expect(result.stderr).toContain("always-apply-not-boolean");
  });

  it("shows control and invisible characters of file names as escapes, not raw", () => {
    const tree = writeTree({ "proj/.cursor/rules/clear\u001b[2J\u202Eme.mdc": "---\ndescription: odd file name\n---\nbody\n" });
    const result = runCli(["inspect", ...tree.args]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("clear\\u{1B}[2J\\u{202E}me");
    expect([...result.stdout].filter((c) => c === "\u001b" || c === "\u202E")).toEqual([]);
  });
});
