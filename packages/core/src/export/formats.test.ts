import { describe, expect, it } from "vitest";
import { writeRuleFolder } from "./files.js";
import { alwaysApplyFields, pathsFields, writeModeFolders } from "./formats.js";
import { EXPORT_MARKER_HTML, EXPORT_MARKER_YAML } from "./marker.js";
import type { ExportOutput } from "./types.js";
import type { Rule } from "../rule/types.js";

const source = { provider: "sample", providerName: "Sample", level: "project" } as const;
const rule = (name: string, content: string, fields: Partial<Rule> = {}): Rule => ({ name, path: `/proj/${name}.md`, content, source, ...fields });
const yaml = (fields: string, body: string) => `---\n${EXPORT_MARKER_YAML}\n${fields}---\n\n${body}\n`;
const html = (body: string) => `${EXPORT_MARKER_HTML}\n\n${body}\n`;
/** Each file as `path: content`, each loss as `rule part severity: message`: what `rulebook export` writes and says. */
const written = ({ files, losses }: ExportOutput) => ({
  files: Object.fromEntries(files.map((f) => [f.path, f.content])),
  losses: losses.map((l) => `${l.rule} ${l.part} ${l.severity}: ${l.message}`),
});

describe("alwaysApplyFields: Cursor's description / globs / alwaysApply", () => {
  it("writes the keys a rule has, and none for a manual rule", () => {
    const out = writeRuleFolder(
      [
        rule("always", "A.", { alwaysApply: true, description: "Always" }),
        rule("ts", "T.", { globs: ["**/*.ts", "src/**"] }),
        rule("odd", "O.", { globs: ["{a,b}/**"] }),
        rule("manual", "M."),
      ],
      { target: "sample", nested: true, folder: ".sample/rules", extension: ".mdc", fields: alwaysApplyFields },
    );
    expect(written(out)).toEqual({
      files: {
        ".sample/rules/always.mdc": yaml("description: Always\nalwaysApply: true\n", "A."),
        ".sample/rules/ts.mdc": yaml("globs: **/*.ts,src/**\n", "T."),
        // Cursor reads a bare value starting with `{` as YAML: such globs are a list.
        ".sample/rules/odd.mdc": yaml('globs: ["{a,b}/**"]\n', "O."),
        ".sample/rules/manual.mdc": yaml("", "M."),
      },
      losses: [],
    });
  });
});

describe("pathsFields: Claude Code's and Qwen Code's `paths`", () => {
  const write = (rules: Rule[]) =>
    written(
      writeRuleFolder(rules, {
        target: "sample",
        nested: true,
        folder: ".sample/rules",
        extension: ".md",
        fields: (prepared, lose) => pathsFields(prepared, lose, "Sample Code"),
      }),
    );

  it("attaches a rule by its paths, always applies the others, and says what each loses", () => {
    expect(
      write([
        rule("ts", "T.", { globs: ["**/*.ts"] }),
        rule("always", "A.", { alwaysApply: true, globs: ["**/*.md"], description: "Always" }),
        rule("release", "R.", { description: "How to release", globs: ["CHANGELOG.md"] }),
        rule("manual", "M."),
      ]),
    ).toEqual({
      files: {
        ".sample/rules/ts.md": yaml('paths: ["**/*.ts"]\n', "T."),
        ".sample/rules/always.md": yaml("", "A."),
        ".sample/rules/release.md": yaml("", "R."),
      },
      losses: [
        "always globs info: a rule applied otherwise than by its globs is written without paths",
        "always description info: Sample Code reads no description in its rule files",
        "release activation warning: Sample Code has no rules read on demand by description; written as always applied",
        "release globs info: a rule applied otherwise than by its globs is written without paths",
        "release description info: Sample Code reads no description in its rule files",
        "manual rule warning: Sample Code has no manual rules (read only by name); not written",
      ],
    });
  });
});

describe("writeModeFolders: Roo Code's and Kilo Code's rules-<mode> folders", () => {
  const roo = { target: "roo", base: ".roo", tool: "Roo Code" };

  it("writes each rule in rules/ or its mode's folder, always applied, plain Markdown", () => {
    expect(
      written(
        writeModeFolders(
          [
            rule("style", "\nTwo spaces.\n", { alwaysApply: true }),
            rule("rules-architect/design", "Draw it first.", { alwaysApply: true, modes: ["architect"] }),
            rule("docs/writing", "Short sentences.", { alwaysApply: true }),
          ],
          roo,
        ),
      ),
    ).toEqual({
      files: {
        ".roo/rules/style.md": html("Two spaces."),
        ".roo/rules-architect/design.md": html("Draw it first."),
        ".roo/rules/docs/writing.md": html("Short sentences."),
      },
      losses: [],
    });
  });

  it("says what a rule becomes: a mode rule renamed, one of two modes, a description, globs, a manual rule", () => {
    expect(
      written(
        writeModeFolders(
          [
            rule("design", "Draw it first.", { alwaysApply: true, modes: ["architect"] }),
            rule("review", "Read it twice.", { alwaysApply: true, modes: ["code", "review"] }),
            rule("ts", "No any.", { globs: ["**/*.ts"], description: "TypeScript" }),
            rule("manual", "Old notes."),
          ],
          roo,
        ),
      ),
    ).toEqual({
      files: {
        ".roo/rules-architect/design.md": html("Draw it first."),
        ".roo/rules-code/review.md": html("Read it twice."),
        ".roo/rules/ts.md": html("No any."),
      },
      losses: [
        'design name info: Roo Code names a mode rule after its folder: read back as "rules-architect/…"',
        "review modes warning: Roo Code limits a rule to one mode by its folder; written for code only",
        "ts description info: a Roo Code rule file is plain Markdown without a description",
        "ts globs info: Roo Code has no globs; written without **/*.ts",
        "ts activation warning: Roo Code has no rules read on demand by description; written as always applied",
        "manual rule warning: Roo Code has no manual rules (read only by name); not written",
      ],
    });
  });

  it("writes a scoped rule at the root: for every file where the tool has no paths, by paths under the folder where it has", () => {
    const scoped = rule("packages/web/AGENTS", "Web.", { scope: "packages/web", alwaysApply: true });
    expect(written(writeModeFolders([scoped], roo))).toEqual({
      files: { ".roo/rules/packages/web/AGENTS.md": html("Web.") },
      losses: [
        "packages/web/AGENTS scope warning: roo has neither nested rules nor globs; written at the root, applied to every file, not only under packages/web/",
      ],
    });
    expect(written(writeModeFolders([scoped], { target: "kilocode", base: ".kilocode", tool: "Kilo Code", paths: true }))).toEqual({
      files: { ".kilocode/rules/packages/web/AGENTS.md": yaml('paths: ["packages/web/**"]\n', "Web.") },
      losses: [
        "packages/web/AGENTS scope info: kilocode has no nested rules; written at the root, attached to files matching packages/web/** (the source was always applied under packages/web/)",
      ],
    });
  });

  it("with `paths` (Kilo Code 7) attaches a rule by them; `flat` writes a name's folders as -", () => {
    const kilo = { target: "kilocode", base: ".kilocode", tool: "Kilo Code", paths: true, flat: true };
    expect(
      written(
        writeModeFolders(
          [
            rule("ts", "No any.", { globs: ["**/*.ts"] }),
            rule("docs/writing", "Short sentences.", { alwaysApply: true }),
            rule("rules-code/tests/unit", "Test first.", { alwaysApply: true, modes: ["code"] }),
          ],
          kilo,
        ),
      ),
    ).toEqual({
      files: {
        ".kilocode/rules/ts.md": yaml('paths: ["**/*.ts"]\n', "No any."),
        ".kilocode/rules/docs-writing.md": html("Short sentences."),
        ".kilocode/rules-code/tests-unit.md": html("Test first."),
      },
      losses: [
        'docs/writing name info: Kilo Code reads only the files directly in its rule folder; written as "docs-writing.md", read back as "docs-writing"',
        'rules-code/tests/unit name info: Kilo Code reads only the files directly in its rule folder; written as "tests-unit.md", read back as "tests-unit"',
      ],
    });
  });
});
