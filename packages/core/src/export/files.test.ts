import { describe, expect, it } from "vitest";
import { type RuleFolderFormat, triggerFields, writeRuleFolder, writeSingleFile } from "./files.js";
import { alwaysApplyFields } from "./formats.js";
import { EXPORT_MARKER_HTML, EXPORT_MARKER_YAML } from "./marker.js";
import type { ExportLoss } from "./types.js";
import type { Rule } from "../rule/types.js";

const source = { provider: "sample", providerName: "Sample", level: "project" } as const;
const rule = (name: string, content: string, fields: Partial<Rule> = {}): Rule => ({ name, path: `/proj/${name}.md`, content, source, ...fields });
const yaml = (fields: string, body: string) => `---\n${EXPORT_MARKER_YAML}\n${fields}---\n\n${body}\n`;
const html = (body: string) => `${EXPORT_MARKER_HTML}\n\n${body}\n`;
const loss = (rule: string, part: ExportLoss["part"], severity: ExportLoss["severity"], message: string, target = "sample"): ExportLoss => ({
  rule,
  target,
  part,
  severity,
  message,
});

// Shaped like Cursor's writer: one file per rule in the rule's folder, `description` / `globs` / `alwaysApply`.
const folderFormat: RuleFolderFormat = { target: "sample", nested: true, folder: ".sample/rules", extension: ".md", fields: alwaysApplyFields };

describe("writeRuleFolder: one file per rule", () => {
  it("writes each rule in its folder's rule folder, marker first, the body trimmed", () => {
    const { files, losses } = writeRuleFolder(
      [
        rule("style", "\n\nTwo spaces.\n\n", { alwaysApply: true }),
        rule("packages/web/react", "Hooks at the top.", { scope: "packages/web", globs: ["**/*.tsx"], description: "React" }),
      ],
      folderFormat,
    );
    expect(files).toEqual([
      { path: ".sample/rules/style.md", content: yaml("alwaysApply: true\n", "Two spaces."), target: "sample", rules: ["style"] },
      {
        path: "packages/web/.sample/rules/react.md",
        content: yaml("description: React\nglobs: **/*.tsx\n", "Hooks at the top."),
        target: "sample",
        rules: ["packages/web/react"],
      },
    ]);
    expect(losses).toEqual([]);
  });

  it("writes plain Markdown when the format has no frontmatter for a rule, and nothing when it says not to", () => {
    const format: RuleFolderFormat = {
      ...folderFormat,
      folder: ({ rule: r }) => (r.alwaysApply ? ".sample/always" : ".sample/rules"),
      fields: ({ rule: r }, lose) => {
        if (r.alwaysApply) return null;
        lose("rule", "warning", "not written");
        return undefined;
      },
    };
    const { files, losses } = writeRuleFolder([rule("style", "Two spaces.", { alwaysApply: true }), rule("notes", "Old notes.")], format);
    expect(files).toEqual([{ path: ".sample/always/style.md", content: html("Two spaces."), target: "sample", rules: ["style"] }]);
    expect(losses).toEqual([loss("notes", "rule", "warning", "not written")]);
  });

  it("gives a second file of the same name, whatever its case, a number, and says so", () => {
    const { files, losses } = writeRuleFolder(
      [rule("Style", "A.", { alwaysApply: true }), rule("style", "B.", { alwaysApply: true }), rule("STYLE", "C.", { alwaysApply: true })],
      folderFormat,
    );
    expect(files.map((f) => [f.path, f.rules])).toEqual([
      [".sample/rules/Style.md", ["Style"]],
      [".sample/rules/style-2.md", ["style"]],
      [".sample/rules/STYLE-3.md", ["STYLE"]],
    ]);
    expect(losses).toEqual([
      loss("style", "name", "info", "another rule has the same file name; written as .sample/rules/style-2.md"),
      loss("STYLE", "name", "info", "another rule has the same file name; written as .sample/rules/STYLE-3.md"),
    ]);
  });

  it("writes a rule of a subfolder the tool never reads beside it, and says how it reads back", () => {
    const format: RuleFolderFormat = { ...folderFormat, skipped: ["workflows"] };
    const { files, losses } = writeRuleFolder(
      [
        rule("workflows/deploy", "Deploy.", { alwaysApply: true }),
        rule("workflows", "A file, not a folder.", { alwaysApply: true }),
        rule("docs/deploy", "Docs.", { alwaysApply: true }),
      ],
      format,
    );
    expect(files.map((f) => f.path)).toEqual([".sample/rules/workflows-deploy.md", ".sample/rules/workflows.md", ".sample/rules/docs/deploy.md"]);
    expect(losses).toEqual([
      loss(
        "workflows/deploy",
        "name",
        "info",
        'sample does not read .sample/rules/workflows/; written as workflows-deploy.md, read back as "workflows-deploy"',
      ),
    ]);
  });
});

describe("writeSingleFile: one always-applied file per folder", () => {
  const format = { target: "sample", nested: true, file: "AGENTS.md", name: "AGENTS" };

  it("writes one rule as the file's whole body, read back under the file's name", () => {
    const { files, losses } = writeSingleFile(
      [
        rule("AGENTS", "\nUse pnpm.\n", { alwaysApply: true }),
        rule("packages/api/api", "Validate input.", { scope: "packages/api", alwaysApply: true }),
      ],
      format,
    );
    expect(files).toEqual([
      { path: "AGENTS.md", content: html("Use pnpm."), target: "sample", rules: ["AGENTS"] },
      { path: "packages/api/AGENTS.md", content: html("Validate input."), target: "sample", rules: ["packages/api/api"] },
    ]);
    expect(losses).toEqual([loss("packages/api/api", "name", "info", 'sample reads AGENTS.md as the rule "packages/api/AGENTS"')]);
  });

  it("writes several rules of one folder as sections, folders in path order, and says what each became", () => {
    const { files, losses } = writeSingleFile(
      [
        rule("packages/web/react", "Hooks at the top.", { scope: "packages/web", alwaysApply: true }),
        rule("style", "\nTwo spaces.\n", { alwaysApply: true, description: "Style" }),
        rule("typescript", "No any.", { globs: ["**/*.ts", "**/*.tsx"] }),
        rule("release", "Tag first.", { description: "How to release" }),
        rule("notes", "Old notes."),
        rule("~/mine", "Mine.", { alwaysApply: true, source: { ...source, level: "user" } }),
      ],
      format,
    );
    expect(files).toEqual([
      {
        path: "AGENTS.md",
        content: html("## style\n\nTwo spaces.\n\n## typescript\n\nNo any.\n\n## release\n\nTag first."),
        target: "sample",
        rules: ["style", "typescript", "release"],
      },
      { path: "packages/web/AGENTS.md", content: html("Hooks at the top."), target: "sample", rules: ["packages/web/react"] },
    ]);
    expect(losses).toEqual([
      loss("style", "description", "info", "AGENTS.md has no description; written without it"),
      loss(
        "typescript",
        "activation",
        "warning",
        "sample has no rules attached by globs; written as always applied, for every file (not only **/*.ts, **/*.tsx)",
      ),
      loss("release", "activation", "warning", "sample has no rules read on demand by description; written as always applied"),
      loss("release", "description", "info", "AGENTS.md has no description; written without it"),
      loss("notes", "rule", "warning", "sample has no manual rules (read only by name); not written"),
      loss("~/mine", "level", "info", "a user-level rule; export writes project files only"),
      loss("style", "section", "info", 'written as the section "## style" of AGENTS.md, read back as part of "AGENTS"'),
      loss("typescript", "section", "info", 'written as the section "## typescript" of AGENTS.md, read back as part of "AGENTS"'),
      loss("release", "section", "info", 'written as the section "## release" of AGENTS.md, read back as part of "AGENTS"'),
      loss("packages/web/react", "name", "info", 'sample reads AGENTS.md as the rule "packages/web/AGENTS"'),
    ]);
  });

  it("without nested files, writes a scoped rule at the root for every file, and says so", () => {
    const flat = { ...format, nested: false };
    const { files, losses } = writeSingleFile([rule("packages/api/api", "Validate input.", { scope: "packages/api", alwaysApply: true })], flat);
    expect(files.map((f) => f.path)).toEqual(["AGENTS.md"]);
    expect(losses).toEqual([
      loss(
        "packages/api/api",
        "scope",
        "warning",
        "sample has neither nested rules nor globs; written at the root, applied to every file, not only under packages/api/",
      ),
      loss("packages/api/api", "name", "info", 'sample reads AGENTS.md as the rule "AGENTS"'),
    ]);
  });

  it("orders folders by path whatever the order of the rules", () => {
    const rules = ["z/zed", "m/mid", "b/bee", "top"].map((name) =>
      rule(name, `${name}.`, { alwaysApply: true, ...(name.includes("/") && { scope: name.split("/")[0] }) }),
    );
    expect(writeSingleFile(rules, format).files.map((f) => f.path)).toEqual(["AGENTS.md", "b/AGENTS.md", "m/AGENTS.md", "z/AGENTS.md"]);
  });

  it("says globs are dropped from a rule applied otherwise, and writes one rule read on demand", () => {
    const { files, losses } = writeSingleFile([rule("release", "Tag first.", { description: "How to release", globs: ["CHANGELOG.md"] })], format);
    expect(files).toEqual([{ path: "AGENTS.md", content: html("Tag first."), target: "sample", rules: ["release"] }]);
    expect(losses).toEqual([
      loss("release", "globs", "info", "sample has no globs; written without CHANGELOG.md"),
      loss("release", "activation", "warning", "sample has no rules read on demand by description; written as always applied"),
      loss("release", "description", "info", "AGENTS.md has no description; written without it"),
      loss("release", "name", "info", 'sample reads AGENTS.md as the rule "AGENTS"'),
    ]);
  });
});

describe("triggerFields: Windsurf's trigger format", () => {
  const fields = (r: Rule) => {
    const lost: string[] = [];
    const written = writeRuleFolder([r], { target: "sample", nested: true, folder: ".sample/rules", extension: ".md", fields: triggerFields });
    for (const l of written.losses) lost.push(`${l.part} ${l.severity}: ${l.message}`);
    return { content: written.files[0]?.content, lost };
  };

  it("writes always_on, model_decision, glob and manual, with what each keeps", () => {
    expect(fields(rule("a", "A.", { alwaysApply: true, description: "Always" }))).toEqual({
      content: yaml("trigger: always_on\ndescription: Always\n", "A."),
      lost: [],
    });
    expect(fields(rule("d", "D.", { description: "On demand" }))).toEqual({
      content: yaml("trigger: model_decision\ndescription: On demand\n", "D."),
      lost: [],
    });
    expect(fields(rule("g", "G.", { globs: ["**/*.ts", "src/**"] }))).toEqual({
      content: yaml("trigger: glob\nglobs: **/*.ts,src/**\n", "G."),
      lost: [],
    });
    expect(fields(rule("m", "M."))).toEqual({ content: yaml("trigger: manual\n", "M."), lost: [] });
  });

  it("says an always_on or model_decision rule loses its globs", () => {
    expect(fields(rule("a", "A.", { alwaysApply: true, globs: ["**/*.ts"] }))).toEqual({
      content: yaml("trigger: always_on\n", "A."),
      lost: ["globs info: an always_on rule has no globs"],
    });
    expect(fields(rule("d", "D.", { description: "On demand", globs: ["**/*.ts"] }))).toEqual({
      content: yaml("trigger: model_decision\ndescription: On demand\n", "D."),
      lost: ["globs info: a model_decision rule has no globs"],
    });
  });
});
