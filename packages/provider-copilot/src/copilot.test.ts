import { join } from "node:path";
import { createRegistry, explainFile, partitionRules } from "@rulebook/core";
import { loadProvider, tempTree, fixturesAt } from "@rulebook/core/testing";
import { describe, expect, it } from "vitest";
import { copilotGlob, copilotProvider } from "./index.js";

const fixture = fixturesAt(new URL("../test/fixtures/", import.meta.url));

const repository = {
  cwd: join(fixture("repository"), "proj"),
  home: join(fixture("repository"), "home"),
  root: join(fixture("repository"), "proj"),
};

async function loaded() {
  const result = await createRegistry([copilotProvider]).load(repository);
  const rule = (name: string) => {
    const found = result.rules.find((r) => r.name === name);
    return found && { globs: found.globs, alwaysApply: found.alwaysApply, description: found.description };
  };
  return { ...result, rule, partition: partitionRules(result.rules) };
}

describe("copilotProvider", () => {
  it("is the GitHub Copilot provider with priority 30", () => {
    expect(copilotProvider).toMatchObject({ id: "copilot", displayName: "GitHub Copilot", priority: 30 });
  });

  it("reads the repository file, the .instructions.md files (named without the extension), then the user file", async () => {
    const { rules } = await loaded();
    expect(rules.map((r) => [r.name, r.source.level])).toEqual([
      ["copilot-instructions", "project"],
      ["backend/data-access", "project"],
      ["csharp", "project"],
      ["docs", "project"],
      ["draft", "project"],
      ["general", "project"],
      ["pipelines", "project"],
      ["react", "project"],
      ["security", "project"],
      ["styles", "project"],
      ["typescript", "project"],
      ["~/.copilot/copilot-instructions", "user"],
    ]);
  });

  it("maps applyTo as a string, a YAML list, comma strings with and without spaces, and braces", async () => {
    const { rule } = await loaded();
    expect(rule("typescript")).toEqual({ globs: ["**/*.ts"] });
    expect(rule("pipelines")).toEqual({ globs: ["**/.pipelines/**/*.yml", "**/.pipelines/**/*.yaml"] });
    expect(rule("react")).toEqual({ globs: ["**/*.tsx", "**/*.jsx"] });
    expect(rule("csharp")).toEqual({ globs: ["**/src/**/*.cs", "**/test/**/*.cs"] });
    expect(rule("styles")).toEqual({ globs: ["**/web/**/*.{css,scss}"] });
    expect(rule("backend/data-access")).toEqual({ globs: ["**/src/Data/**"] });
    expect(rule("docs")).toEqual({ globs: ["docs/**/*.md"] });
  });

  it("applies `**` always, offers a file without applyTo by its description, and leaves a bare one inactive", async () => {
    const { partition, diagnostics } = await loaded();
    const category = (name: string) => partition.all.find((r) => r.rule.name === name)?.category;
    expect(category("copilot-instructions")).toBe("always-apply");
    expect(category("general")).toBe("always-apply");
    expect(category("~/.copilot/copilot-instructions")).toBe("always-apply");
    expect(category("typescript")).toBe("auto-attach");
    expect(category("csharp")).toBe("auto-attach");
    expect(category("security")).toBe("rulebook");
    expect(category("draft")).toBe("inactive");
    expect(diagnostics.map((d) => [d.code, d.severity, d.path?.slice(repository.root.length + 1)])).toEqual([
      ["apply-to-missing", "info", ".github/instructions/draft.instructions.md"],
    ]);
  });

  it("attaches path-specific instructions to the files Copilot would", async () => {
    const { partition } = await loaded();
    const applied = (file: string) =>
      explainFile(partition.all, join(repository.root, file), repository.root)
        .filter((d) => d.applies && d.how === "glob")
        .map((d) => d.rule.name);
    expect(applied("web/src/app/main.ts")).toEqual(["typescript"]);
    expect(applied("web/styles/site.scss")).toEqual(["styles"]);
    expect(applied("src/Data/Orders.cs")).toEqual(["backend/data-access", "csharp"]);
    expect(applied(".pipelines/build.yml")).toEqual(["pipelines"]);
    expect(applied("docs/setup.md")).toEqual(["docs"]);
    expect(applied("tools/docs/setup.md")).toEqual([]);
  });

  it("matches applyTo ignoring case, as Copilot does (PowerShell's tests live in .../*.Tests.ps1)", async () => {
    const dir = await tempTree({
      "proj/.git/HEAD": "ref: refs/heads/main\n",
      "proj/.github/instructions/ts.instructions.md": '---\napplyTo: "src/**/*.ts"\n---\nTypeScript rules.\n',
      "proj/.github/instructions/tests.instructions.md": '---\napplyTo: "**/*.tests.ps1"\n---\nPester rules.\n',
    });
    const root = join(dir, "proj");
    const result = await createRegistry([copilotProvider]).load({ cwd: root, home: join(dir, "home") });
    expect(result.rules.map((r) => [r.name, r.globsIgnoreCase])).toEqual([
      ["tests", true],
      ["ts", true],
    ]);
    const { all } = partitionRules(result.rules);
    const applies = (file: string) =>
      explainFile(all, join(root, file), root)
        .filter((d) => d.applies)
        .map((d) => d.rule.name);
    expect(applies("SRC/B.TS")).toEqual(["ts"]);
    expect(applies("test/Get-Item.Tests.ps1")).toEqual(["tests"]);
    expect(applies("lib/b.ts")).toEqual([]);
  });

  it("removes hidden characters from applyTo patterns, as from globs", async () => {
    const dir = await tempTree({ "proj/.github/instructions/x.instructions.md": '---\napplyTo: "**/*.t\u200bs"\n---\nBody.\n' });
    const { rules } = await loadProvider(copilotProvider, { cwd: join(dir, "proj"), home: join(dir, "home") });
    expect(rules[0]?.globs).toEqual(["**/*.ts"]);
  });

  it("reports applyTo values it cannot read, and never throws", async () => {
    const dir = await tempTree({
      "proj/.github/instructions/number.instructions.md": "---\napplyTo: 42\n---\nBody.\n",
      "proj/.github/instructions/empty.instructions.md": '---\napplyTo: ""\n---\nBody.\n',
      "proj/.github/instructions/mixed.instructions.md": '---\napplyTo: ["**/*.go", 7]\n---\nBody.\n',
    });
    const { rules, diagnostics } = await loadProvider(copilotProvider, { cwd: join(dir, "proj"), home: join(dir, "home") });
    expect(rules.map((r) => [r.name, r.globs])).toEqual([
      ["empty", undefined],
      ["mixed", ["**/*.go"]],
      ["number", undefined],
    ]);
    expect(diagnostics.map((d) => d.message)).toEqual([
      '"empty" has an empty applyTo; Copilot does not apply it, and without a description it is inactive',
      expect.stringMatching(/^applyTo: /),
      expect.stringMatching(/^applyTo: /),
    ]);
    expect(diagnostics.map((d) => [d.code, d.severity, d.line])).toEqual([
      ["apply-to-empty", "info", 2],
      ["globs-invalid", "warning", 2],
      ["globs-invalid", "warning", 2],
    ]);
  });
});

describe("copilotGlob", () => {
  it("prefixes **/ unless the pattern starts with / (anchored) or **/", () => {
    expect(copilotGlob("src/**")).toBe("**/src/**");
    expect(copilotGlob("*.py")).toBe("**/*.py");
    expect(copilotGlob("**/x")).toBe("**/x");
    expect(copilotGlob("/src/x.ts")).toBe("src/x.ts");
    expect(copilotGlob("!vendor/**")).toBe("!**/vendor/**");
    expect(copilotGlob("//src/x.ts")).toBe("src/x.ts");
    expect(copilotGlob("!/src/**")).toBe("!src/**");
  });
});

describe("what is not instructions", () => {
  it("counts prompt files and custom agents, never reading them", async () => {
    const dir = await tempTree({
      "proj/.git/HEAD": "ref: refs/heads/main\n",
      "proj/.github/prompts/release.prompt.md": "Cut a release.\n",
      "proj/.github/prompts/notes.md": "Not a prompt file.\n",
      "proj/.github/agents/reviewer.agent.md": "Review pull requests.\n",
      "proj/.github/agents/readme.md": "Not an agent.\n",
    });
    const result = await createRegistry([copilotProvider]).load({ cwd: join(dir, "proj"), home: join(dir, "home") });
    expect(result.rules).toEqual([]);
    expect(result.notRules).toEqual([
      { what: "command", folder: ".github/prompts", files: [".github/prompts/release.prompt.md"] },
      { what: "subagent", folder: ".github/agents", files: [".github/agents/reviewer.agent.md"] },
    ]);
  });
});

describe("applyTo that means every file (docs: `**` applies to all files; VS Code also reads `*` and `**/*` so)", () => {
  async function categories(files: Record<string, string>) {
    const dir = await tempTree({ "proj/.git/HEAD": "ref: refs/heads/main\n", ...files });
    const { rules, diagnostics } = await loadProvider(copilotProvider, { cwd: join(dir, "proj"), home: join(dir, "home") });
    const { all } = partitionRules(rules);
    return { category: Object.fromEntries(all.map((r) => [r.rule.name, r.category])), rules, diagnostics };
  }

  it("applies `*`, `**` and `**/*` to every file, also when listed beside narrower patterns", async () => {
    const { category, rules } = await categories({
      "proj/.github/instructions/star.instructions.md": '---\napplyTo: "*"\n---\nEverywhere.\n',
      "proj/.github/instructions/globstar.instructions.md": '---\napplyTo: "**/*"\n---\nEverywhere too.\n',
      "proj/.github/instructions/listed.instructions.md": '---\napplyTo: "src/**/*.ts, **"\ndescription: Listed\n---\nEverywhere as well.\n',
      "proj/.github/instructions/first.instructions.md": '---\napplyTo: ["**", "docs/**"]\n---\nAnd here.\n',
    });
    expect(category).toEqual({ first: "always-apply", globstar: "always-apply", listed: "always-apply", star: "always-apply" });
    // Applied to every file, the description is not used (Copilot does not ask), nor are the other patterns.
    expect(rules.map((r) => [r.name, r.alwaysApply, r.globs, r.description])).toEqual([
      ["first", true, undefined, undefined],
      ["globstar", true, undefined, undefined],
      ["listed", true, undefined, undefined],
      ["star", true, undefined, undefined],
    ]);
  });

  it("decides only how a file applies: the other keys Rulebook reads stay, a stream trigger's condition too", async () => {
    const { rules } = await categories({
      "proj/.github/instructions/logging.instructions.md": '---\napplyTo: "**"\ncondition: console\\.log\n---\nUse the logger.\n',
      "proj/.github/instructions/ts.instructions.md": '---\napplyTo: "*.ts"\ncondition: "any"\n---\nNo any.\n',
    });
    expect(rules.map((r) => [r.name, r.condition])).toEqual([
      ["logging", ["console\\.log"]],
      ["ts", ["any"]],
    ]);
  });

  it("attaches `*.ts` and `src/*` by their globs, not to every file", async () => {
    const { category, rules } = await categories({
      "proj/.github/instructions/ts.instructions.md": '---\napplyTo: "*.ts"\n---\nTypeScript.\n',
      "proj/.github/instructions/src.instructions.md": '---\napplyTo: "src/*"\ndescription: Sources\n---\nSources.\n',
    });
    expect(category).toEqual({ src: "auto-attach", ts: "auto-attach" });
    expect(rules.map((r) => [r.name, r.globs, r.description])).toEqual([
      ["src", ["**/src/*"], undefined],
      ["ts", ["**/*.ts"], undefined],
    ]);
  });

  it("reads an empty `applyTo:` as no applyTo: offered by its description, else inactive with an info on its line", async () => {
    const { category, diagnostics } = await categories({
      "proj/.github/instructions/bare.instructions.md": "---\napplyTo:\n---\nNo pattern.\n",
      "proj/.github/instructions/described.instructions.md": "---\napplyTo:\ndescription: Read on demand\n---\nNo pattern either.\n",
      "proj/.github/instructions/none.instructions.md": "No frontmatter at all.\n",
    });
    expect(category).toEqual({ bare: "inactive", described: "rulebook", none: "inactive" });
    expect(diagnostics.map((d) => [d.code, d.severity, d.line, d.message])).toEqual([
      ["apply-to-missing", "info", 2, '"bare" has no applyTo; Copilot does not apply it, and without a description it is inactive'],
      ["apply-to-missing", "info", undefined, '"none" has no applyTo; Copilot does not apply it, and without a description it is inactive'],
    ]);
  });
});
