import { execFileSync } from "node:child_process";
import { lstatSync, mkdirSync, readFileSync, realpathSync, symlinkSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli, writeTree } from "../../test/helpers.js";

// Issue 39: what a cloned repository cannot do to the user, seen as a user runs the CLI.
const ENV = { RULEBOOK_TRUST: undefined, XDG_CONFIG_HOME: undefined };

interface Report {
  rules: Array<{ name: string; path: string; level: string }>;
  diagnostics: Array<{ code: string; severity: string; message: string; path?: string }>;
}

function inspect(args: string[]): Report {
  const result = runCli(["inspect", "--json", ...args], { env: ENV });
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as Report;
}

describe("imports that leave the project (item 4)", () => {
  const tree = writeTree({
    "proj/.git/HEAD": "ref: refs/heads/main\n",
    "proj/CLAUDE.md": "# Team\n\nFollow the house style.\n\n@~/notes/private.md\n",
    "home/notes/private.md": "PRIVATE: the user's own notes.\n",
  });
  const args = [...tree.args, "--root", tree.proj];

  it("are left as text in an untrusted project, with a warning naming the importing file and the target", () => {
    const prompt = runCli(["prompt", ...args], { env: ENV });
    expect(prompt.code).toBe(0);
    expect(prompt.stdout).not.toContain("PRIVATE");
    expect(prompt.stdout).toContain("@~/notes/private.md");
    const warning = inspect(args).diagnostics.find((d) => d.code === "import-untrusted");
    expect(warning?.path).toBe(join(tree.proj, "CLAUDE.md"));
    expect(warning?.message).toContain(join(tree.home, "notes/private.md"));
  });

  it("are followed once the user trusts the project", () => {
    const prompt = runCli(["prompt", "--trust", ...args], { env: ENV });
    expect(prompt.stdout).toContain("PRIVATE: the user's own notes.");
  });
});

describe("configuration files that are not files (item 6)", () => {
  it("never hang or fill memory: a .rulebookrc that is a FIFO, a package.json that is /dev/zero, are skipped with a warning", () => {
    const tree = writeTree({ "proj/.git/HEAD": "ref: refs/heads/main\n", "proj/AGENTS.md": "Use tabs.\n" });
    execFileSync("mkfifo", [join(tree.root, "fifo")]);
    symlinkSync(join(tree.root, "fifo"), join(tree.proj, ".rulebookrc"));
    symlinkSync("/dev/zero", join(tree.proj, "package.json"));
    const args = [...tree.args, "--root", tree.proj];
    const report = inspect(args);
    expect(report.rules.map((r) => r.name)).toEqual(["AGENTS"]);
    expect(
      report.diagnostics
        .filter((d) => d.code === "config-file-skipped")
        .map((d) => d.path)
        .sort(),
    ).toEqual([join(tree.proj, ".rulebookrc"), join(tree.proj, "package.json")]);
    const prompt = runCli(["prompt", ...args], { env: ENV });
    expect(prompt.stdout).toContain("Use tabs.");
  });
});

describe("a project's configuration and the user's rules (item 2)", () => {
  const files = {
    "proj/.git/HEAD": "ref: refs/heads/main\n",
    "proj/AGENTS.md": "Project agents.\n",
    "proj/CLAUDE.md": "Project claude.\n",
    "home/.claude/CLAUDE.md": "The user's own Claude rules.\n",
    "home/.cursor/rules/mine.mdc": "---\nalwaysApply: true\n---\nThe user's own Cursor rule.\n",
  };
  const namesOf = (report: Report) => report.rules.map((r) => `${r.level}:${r.name}`).sort();

  it.each([
    ["an untrusted .rulebookrc with providers: []", { "proj/.rulebookrc": "providers: []\n" }, [], []],
    [
      'an untrusted package.json "rulebook" listing only AGENTS.md',
      { "proj/package.json": JSON.stringify({ name: "x", rulebook: { providers: ["@rulebook/provider-agents-md"] } }) },
      [],
      ["project:AGENTS"],
    ],
    ["a trusted rulebook.config.mjs with providers: []", { "proj/rulebook.config.mjs": "export default { providers: [] };\n" }, ["--trust"], []],
  ])("%s chooses who reads the project; the user's rules load regardless", (_label, config, extra, project) => {
    const tree = writeTree({ ...files, ...config });
    const report = inspect([...tree.args, "--root", tree.proj, ...extra]);
    expect(namesOf(report)).toEqual([...project, "user:mine", "user:~/.claude/CLAUDE"].sort());
    const prompt = runCli(["prompt", ...tree.args, "--root", tree.proj, ...extra], { env: ENV });
    expect(prompt.stdout).toContain("The user's own Claude rules.");
    expect(prompt.stdout).toContain("The user's own Cursor rule.");
    expect(prompt.stdout).not.toContain("Project claude.");
  });

  it("the user's own configuration in home narrows the user's rules too", () => {
    const tree = writeTree({ ...files, "home/.rulebookrc": "providers: ['@rulebook/provider-cursor']\n" });
    const report = inspect(["--cwd", tree.home, "--home", tree.home]);
    expect(namesOf(report)).toEqual(["user:mine"]);
  });
});

describe("a project folder named ~ (item 3)", () => {
  const tree = writeTree({
    "proj/.git/HEAD": "ref: refs/heads/main\n",
    "proj/~/.claude/CLAUDE.md": "Project text that poses as the user's.\n",
    "proj/~/.windsurf/rules/global_rules.md": "Project text that would replace the user's global rules.\n",
    "home/.codeium/windsurf/memories/global_rules.md": "The user's Windsurf global rules.\n",
  });
  const args = [...tree.args, "--root", tree.proj];

  it("is shown as ./~ in the prompt and in human output, and takes no user-only name", () => {
    const prompt = runCli(["prompt", "--file", "~/notes.md", ...args], { env: ENV });
    expect(prompt.stdout).toContain('file="./~/.claude/CLAUDE.md"');
    expect(prompt.stdout).not.toMatch(/file="~\//);
    expect(prompt.stdout).toContain('<instructions name="~/global_rules" level="user">\nThe user\'s Windsurf global rules.');
    const report = inspect(args);
    expect(report.rules.map((r) => `${r.level}:${r.name}`).sort()).toEqual(["project:./~/CLAUDE", "project:./~/global_rules", "user:~/global_rules"]);
    expect(report.diagnostics.filter((d) => d.code === "rule-name-user-only")).toHaveLength(2);
    const lint = runCli(["lint", ...args], { env: ENV });
    expect(lint.stdout).toContain("./~/.windsurf/rules/global_rules.md");
    expect(lint.stdout).not.toMatch(/^~\/\.windsurf/m);
  });
});

describe("rulebook trust with a symlinked trust.json (a dotfile manager's)", () => {
  it("keeps it a symlink and writes the list through it", () => {
    const tree = writeTree({ "proj/.git/HEAD": "ref: refs/heads/main\n", "home/dotfiles/trust.json": '{ "trusted": [] }\n' });
    const list = join(tree.home, ".config/rulebook/trust.json");
    mkdirSync(dirname(list), { recursive: true });
    symlinkSync(join(tree.home, "dotfiles/trust.json"), list);
    const result = runCli(["trust", tree.proj, "--home", tree.home], { env: ENV });
    expect(result.code).toBe(0);
    expect(lstatSync(list).isSymbolicLink()).toBe(true);
    expect(JSON.parse(readFileSync(join(tree.home, "dotfiles/trust.json"), "utf8")).trusted).toEqual([realpathSync(tree.proj)]);
  });
});
