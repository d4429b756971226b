import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import ajvDraft04 from "ajv-draft-04";
import { describe, expect, it } from "vitest";
import { runCli, writeTree } from "../../test/helpers.js";

// A small monorepo as real ones are: a Cursor rule whose folder was renamed under it, a Copilot
// instruction file whose applyTo is fine, one with a typo, a nested rule, and a user rule at home.
const tree = writeTree({
  "proj/.git/HEAD": "ref: refs/heads/main\n",
  "proj/.gitignore": "dist/\nnode_modules/\n",
  "proj/package.json": '{ "name": "shop", "private": true }\n',
  "proj/src/components/Button.tsx": "export const Button = () => null;\n",
  "proj/src/server/api.ts": "export {};\n",
  "proj/dist/components/Old.tsx": "build output, ignored\n",
  "proj/packages/web/src/App.tsx": "export {};\n",
  "proj/.cursor/rules/react-components.mdc":
    "---\ndescription: React component conventions\nglobs: src/componets/**/*.tsx\nalwaysApply: false\n---\n\n- Function components only.\n",
  "proj/.cursor/rules/api,routes.mdc": "---\nglobs: src/server/**/*.ts, src/routes/**/*.ts\n---\n\nValidate input with zod.\n",
  "proj/.github/instructions/python.instructions.md": '---\napplyTo: "**/*.py"\n---\n\nUse type hints.\n',
  "proj/.github/instructions/ts.instructions.md": '---\napplyTo: "**/*.ts,**/*.tsx"\n---\n\nStrict TypeScript.\n',
  "proj/packages/web/.cursor/rules/ui.mdc": "---\nglobs: src/**/*.tsx\n---\n\nUse the design system.\n",
  "proj/AGENTS.md": "# Shop\n\nRun `pnpm test` before you commit.\n",
  "home/.cursor/rules/personal.mdc": "---\nglobs: '**/*.rs'\n---\n\nI like short functions.\n",
  "home/.cursor/rules/bad.mdc": '---\nalwaysApply: "true"\n---\n\nA string, not a boolean.\n',
});
const args = ["--cwd", tree.proj, "--root", tree.proj, "--home", tree.home];

describe("rulebook lint for CI", () => {
  it("warns about each glob that matches no file of the project, on its line, naming a near folder", () => {
    const result = runCli(["lint", "--json", ...args]);
    const dead = (
      JSON.parse(result.stdout) as { diagnostics: Array<{ code: string; message: string; path?: string; line?: number }> }
    ).diagnostics.filter((d) => d.code.startsWith("glob-"));
    expect(dead.map((d) => [d.code, d.path?.slice(tree.proj.length + 1), d.line, d.message.split(" of rule ")[0]])).toEqual([
      // The rule still comes in through src/server/**: noted, not warned.
      ["glob-unmatched", ".cursor/rules/api,routes.mdc", 2, 'glob "src/routes/**/*.ts"'],
      ["glob-matches-no-file", ".cursor/rules/react-components.mdc", 3, 'glob "src/componets/**/*.tsx"'],
      ["glob-matches-no-file", ".github/instructions/python.instructions.md", 2, 'glob "**/*.py"'],
    ]);
    expect(dead[1]?.message).toContain("the folder src/componets/ does not exist (did you mean src/components/?)");
    // Ignored build output is not a file the rule could apply to; the user's own rules are about every project.
    expect(result.stdout).not.toContain("personal");
  });

  it("prints GitHub Actions annotations, paths relative to the repository, properties and data escaped", () => {
    const result = runCli(["lint", "--format", "github", ...args]);
    const lines = result.stdout.trimEnd().split("\n");
    expect(lines).toContain(
      '::warning file=.cursor/rules/react-components.mdc,line=3,title=rulebook glob-matches-no-file::glob "src/componets/**/*.tsx" of rule "react-components" matches no file in the project (files git ignores are not counted), so the rule never comes in; the folder src/componets/ does not exist (did you mean src/components/?)',
    );
    // A comma in a file name would end the property.
    expect(lines.some((line) => line.startsWith("::notice file=.cursor/rules/api%2Croutes.mdc,line=2,title=rulebook glob-unmatched::"))).toBe(true);
    // A user rule under home is not in the repository: no file= property, its path in the message.
    const home = lines.find((line) => line.includes("always-apply-not-boolean"));
    expect(home).toMatch(/^::warning title=rulebook always-apply-not-boolean::.*\(.*home\/\.cursor\/rules\/bad\.mdc\)$/);
    expect(lines.every((line) => line.startsWith("::"))).toBe(true);
    expect(result.code).toBe(0);
  });

  it("writes a SARIF 2.1.0 log that validates against the published schema", () => {
    const result = runCli(["lint", "--format", "sarif", ...args]);
    expect(result.code).toBe(0);
    const log = JSON.parse(result.stdout);
    const require = createRequire(import.meta.url);
    const schema = JSON.parse(readFileSync(require.resolve("@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json"), "utf8"));
    const validate = new ajvDraft04.default({ strict: false, allErrors: true, unicodeRegExp: false }).compile(schema);
    expect(validate(log) ? [] : validate.errors).toEqual([]);
    // The validator does judge: a log of another version, or a result of an unknown level, is refused.
    expect(validate({ ...log, version: "2.0.0" })).toBe(false);
    expect(validate({ ...log, runs: [{ ...log.runs[0], results: [{ ...log.runs[0].results[0], level: "fatal" }] }] })).toBe(false);
    const run = log.runs[0];
    expect(run.tool.driver.name).toBe("rulebook");
    const rule = run.tool.driver.rules.find((r: { id: string }) => r.id === "glob-matches-no-file");
    expect(rule).toMatchObject({ helpUri: expect.stringContaining("#diagnostics"), defaultConfiguration: { level: "warning" } });
    expect(rule.fullDescription.text).toContain("never comes in");
    const result0 = run.results.find((r: { message: { text: string } }) => r.message.text.includes("componets"));
    expect(result0).toMatchObject({
      ruleId: "glob-matches-no-file",
      level: "warning",
      locations: [
        { physicalLocation: { artifactLocation: { uri: ".cursor/rules/react-components.mdc", uriBaseId: "PROJECTROOT" }, region: { startLine: 3 } } },
      ],
    });
    expect(run.tool.driver.rules[result0.ruleIndex].id).toBe("glob-matches-no-file");
  });

  it("keeps lint's exit codes in every format: 1 when a diagnostic is an error", () => {
    const bad = writeTree({ "proj/.cursor/rules/x.mdc": "---\nglobs: '**/*.ts'\n---\n\nHidden \u202E text.\n", "proj/a.ts": "" });
    for (const format of ["text", "json", "github", "sarif"]) {
      const result = runCli(["lint", "--format", format, "--cwd", bad.proj, "--root", bad.proj, "--home", bad.home]);
      expect([format, result.code]).toEqual([format, 1]);
    }
    expect(runCli(["lint", "--format", "github", "--cwd", bad.proj, "--root", bad.proj, "--home", bad.home]).stdout).toMatch(
      /^::error file=\.cursor\/rules\/x\.mdc,line=5,col=\d+,title=rulebook hidden-character::/m,
    );
  });

  it("refuses --json with another --format, and an unknown format, as bad usage", () => {
    expect(runCli(["lint", "--json", "--format", "github", ...args]).code).toBe(2);
    expect(runCli(["lint", "--format", "xml", ...args]).code).toBe(2);
  });
});
