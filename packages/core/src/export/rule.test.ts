import { describe, expect, it } from "vitest";
import { writeRuleFolder } from "./files.js";
import { globUnderScope, safeRuleName } from "./rule.js";
import type { TargetAbilities } from "./rule.js";
import type { Rule } from "../rule/types.js";

const source = { provider: "sample", providerName: "Sample", level: "project" } as const;
const rule = (name: string, fields: Partial<Rule> = {}): Rule => ({ name, path: `/proj/${name}.md`, content: "Text.", source, ...fields });

/** What a target with `abilities` writes for `rules`: each file's path with the activation and fields it was given, and each loss. */
function prepared(rules: Rule[], abilities: Partial<TargetAbilities> = {}) {
  const out = writeRuleFolder(rules, {
    target: "sample",
    nested: true,
    folder: ".sample",
    extension: ".md",
    ...abilities,
    fields: ({ rule: r, activation }) => ({ activation, globs: r.globs, modes: r.modes, condition: r.condition }),
  });
  return {
    files: out.files.map((f) => `${f.path} ${f.content.split("\n").slice(2, -4).join(" ")}`),
    losses: out.losses.map((l) => `${l.rule} ${l.part} ${l.severity}: ${l.message}`),
  };
}

describe("how a rule applies, as writers see it", () => {
  it("is the first of condition, alwaysApply, description, globs; empty lists count for nothing", () => {
    const { files } = prepared(
      [
        rule("trigger", { condition: ["TODO"], alwaysApply: true }),
        rule("always", { alwaysApply: true, description: "d", globs: ["**"] }),
        rule("described", { description: "d", globs: ["**"] }),
        rule("globbed", { globs: ["**"] }),
        rule("no-globs", { globs: [] }),
        rule("no-condition", { condition: [], description: "d" }),
        rule("manual"),
      ],
      { condition: true },
    );
    expect(files).toEqual([
      ".sample/trigger.md activation: condition condition: [TODO]",
      '.sample/always.md activation: always globs: ["**"]',
      '.sample/described.md activation: description globs: ["**"]',
      '.sample/globbed.md activation: globs globs: ["**"]',
      ".sample/no-globs.md activation: manual globs: []",
      ".sample/no-condition.md activation: description condition: []",
      ".sample/manual.md activation: manual",
    ]);
  });
});

describe("prepareRule: what every writer shares", () => {
  it("writes no user rule into the project", () => {
    expect(prepared([rule("~/mine", { alwaysApply: true, source: { ...source, level: "user" } })])).toEqual({
      files: [],
      losses: ["~/mine level info: a user-level rule; export writes project files only"],
    });
  });

  it("drops modes and conditions the target lacks, with a warning each", () => {
    expect(
      prepared([
        rule("review", { alwaysApply: true, modes: ["architect", "review"], condition: ["TODO"] }),
        rule("plain", { alwaysApply: true, modes: [], condition: [] }),
      ]),
    ).toEqual({
      files: [".sample/review.md activation: always", ".sample/plain.md activation: always modes: [] condition: []"],
      losses: [
        "review modes warning: limited to mode(s) architect, review, which sample does not have; written for every mode",
        "review condition warning: sample has no stream triggers; written without its condition",
      ],
    });
    expect(
      prepared([rule("review", { alwaysApply: true, modes: ["review"], condition: ["TODO"] })], { modes: true, condition: true }).losses,
    ).toEqual([]);
  });

  it("says when the target matches globs with another case sensitivity than the source", () => {
    expect(prepared([rule("ci", { globs: ["**/*.TS"], globsIgnoreCase: true }), rule("cs", { globs: ["**/*.ts"] })]).losses).toEqual([
      "ci globs info: sample matches globs case-sensitively, the source did not",
    ]);
    expect(
      prepared([rule("ci", { globs: ["**/*.TS"], globsIgnoreCase: true }), rule("cs", { globs: ["**/*.ts"] })], { globsIgnoreCase: true }).losses,
    ).toEqual(["cs globs info: sample matches globs ignoring case, the source did not"]);
  });

  it("names a scoped rule inside its folder only when its name starts with the folder", () => {
    const { files } = prepared([
      rule("packages/web/react", { scope: "packages/web", alwaysApply: true }),
      rule("react-web", { scope: "packages/web", alwaysApply: true }),
      rule("packages/webby/x", { scope: "packages/web", alwaysApply: true }),
    ]);
    expect(files.map((f) => f.split(" ")[0])).toEqual([
      "packages/web/.sample/react.md",
      "packages/web/.sample/react-web.md",
      "packages/web/.sample/packages/webby/x.md",
    ]);
  });

  it("makes a name a file path, and says so", () => {
    expect(prepared([rule("bad:name*?", { alwaysApply: true })])).toEqual({
      files: [".sample/bad-name--.md activation: always"],
      losses: ['bad:name*? name info: the name cannot be a file path in sample; written as "bad-name--"'],
    });
  });
});

describe("a scoped rule written by a target without nested rules", () => {
  const flat = { nested: false };

  it("is attached by its globs under the folder, or by <folder>/** when it was always applied", () => {
    expect(
      prepared(
        [
          rule("packages/web/AGENTS", { scope: "packages/web", alwaysApply: true }),
          rule("packages/web/react", { scope: "packages/web", globs: ["*.tsx", "src/**"] }),
          rule("packages/web/notes", { scope: "packages/web", description: "Notes", globs: ["docs/**"] }),
        ],
        flat,
      ),
    ).toEqual({
      files: [
        '.sample/packages/web/AGENTS.md activation: globs globs: ["packages/web/**"]',
        '.sample/packages/web/react.md activation: globs globs: ["packages/web/**/*.tsx", "packages/web/src/**"]',
        '.sample/packages/web/notes.md activation: description globs: ["packages/web/docs/**"]',
      ],
      losses: [
        "packages/web/AGENTS scope info: sample has no nested rules; written at the root, attached to files matching packages/web/** (the source was always applied under packages/web/)",
        "packages/web/react scope info: sample has no nested rules; written at the root, attached to files matching packages/web/**/*.tsx, packages/web/src/** (the source was attached by its globs under packages/web/)",
        "packages/web/notes scope info: sample has no nested rules; written at the root, attached to files matching packages/web/docs/** (the source was attached by its globs under packages/web/)",
      ],
    });
  });

  it("is attached to its whole folder when it was always applied, globs or none", () => {
    expect(prepared([rule("packages/web/style", { scope: "packages/web", alwaysApply: true, globs: ["*.css"] })], flat).files).toEqual([
      '.sample/packages/web/style.md activation: globs globs: ["packages/web/**"]',
    ]);
  });

  it("is written for every file, with a warning, when the target cannot say where", () => {
    expect(prepared([rule("packages/web/notes", { scope: "packages/web", description: "Notes" })], flat).losses).toEqual([
      "packages/web/notes scope warning: sample has no nested rules; written at the root, offered by its description for every file, not only under packages/web/",
    ]);
    expect(prepared([rule("packages/web/AGENTS", { scope: "packages/web", alwaysApply: true })], { ...flat, globs: false })).toEqual({
      files: [".sample/packages/web/AGENTS.md activation: always"],
      losses: [
        "packages/web/AGENTS scope warning: sample has neither nested rules nor globs; written at the root, applied to every file, not only under packages/web/",
      ],
    });
  });

  it("keeps a manual rule manual, at the root", () => {
    expect(prepared([rule("packages/web/old", { scope: "packages/web" })], flat)).toEqual({
      files: [".sample/packages/web/old.md activation: manual"],
      losses: [
        "packages/web/old scope info: sample has no nested rules; a manual rule, written at the root (it applies only when asked for by name, as before)",
      ],
    });
  });
});

describe("globUnderScope and safeRuleName", () => {
  it("prefixes a glob once, whatever its leading ./ and /", () => {
    expect(globUnderScope("//src/**", "a/b")).toBe("a/b/src/**");
    expect(globUnderScope("././src/**", "a/b")).toBe("a/b/src/**");
    expect(globUnderScope("a/b", "a/b")).toBe("a/b");
    expect(globUnderScope("!a/b", "a/b")).toBe("!a/b");
    expect(globUnderScope("!**", "a/b")).toBe("!a/b/**");
  });

  it("keeps dots inside a name, drops them at its end, and names an empty segment -", () => {
    expect(safeRuleName("v1.2/notes")).toBe("v1.2/notes");
    expect(safeRuleName("notes.. /draft.")).toBe("notes/draft");
    expect(safeRuleName("a//b")).toBe("a/-/b");
    expect(safeRuleName(" ~x/..y")).toBe("--x/--y");
  });
});
