import { describe, expect, it } from "vitest";
import { writeRuleFolder, writeSingleFile } from "./files.js";
import { readExportMarker } from "./marker.js";
import { planExport } from "./plan.js";
import { globUnderScope } from "./rule.js";
import { defineProvider } from "../provider/provider.js";
import type { Rule } from "../rule/types.js";

const ROOT = "/p";
const from = (provider: string) => ({ provider, providerName: provider, level: "project" }) as const;
const rule = (name: string, path: string, fields: Partial<Rule> = {}): Rule => ({
  name,
  path: `${ROOT}/${path}`,
  content: `Text of ${name}.`,
  source: from("agents-md"),
  ...fields,
});

const flat = defineProvider({
  id: "flat",
  displayName: "Flat",
  priority: 1,
  sources: () => [],
  write: (rules) =>
    writeRuleFolder(rules, {
      target: "flat",
      nested: false,
      folder: ".flat",
      extension: ".md",
      fields: ({ rule }) => ({ globs: rule.globs, alwaysApply: rule.alwaysApply, description: rule.description }),
    }),
});
const plain = defineProvider({
  id: "plain",
  displayName: "Plain",
  priority: 1,
  sources: () => [],
  write: (rules) => writeRuleFolder(rules, { target: "plain", nested: false, globs: false, folder: ".plain", extension: ".md", fields: () => null }),
});
const single = defineProvider({
  id: "agents-md",
  displayName: "AGENTS.md",
  priority: 1,
  sources: () => [],
  write: (rules) => writeSingleFile(rules, { target: "agents-md", nested: true, file: "AGENTS.md", name: "AGENTS" }),
});

describe("planExport keeps a rule's scope", () => {
  const nested = [
    rule("packages/web/AGENTS", "packages/web/AGENTS.md", { scope: "packages/web", alwaysApply: true }),
    rule("packages/web/react", "packages/web/.cursor/rules/react.mdc", {
      scope: "packages/web",
      globs: ["*.tsx", "src/**/*.ts", "packages/web/app/**", "./lib/**", "!**/*.test.ts"],
    }),
    rule("packages/web/notes", "packages/web/.cursor/rules/notes.mdc", { scope: "packages/web", description: "Release notes" }),
  ];

  it("as globs under the scope, each prefixed once, where the target has globs", () => {
    const plan = planExport(nested, [flat], { root: ROOT });
    const fields = (path: string) => plan.files.find((f) => f.path === path)?.content;
    expect(fields(".flat/packages/web/AGENTS.md")).toContain('globs: ["packages/web/**"]');
    expect(fields(".flat/packages/web/AGENTS.md")).not.toContain("alwaysApply");
    expect(fields(".flat/packages/web/react.md")).toContain(
      'globs: ["packages/web/**/*.tsx", "packages/web/src/**/*.ts", "packages/web/app/**", "packages/web/lib/**", "!packages/web/**/*.test.ts"]',
    );
    const scope = plan.losses.filter((l) => l.part === "scope");
    expect(scope.find((l) => l.rule === "packages/web/AGENTS")).toMatchObject({
      severity: "info",
      message: expect.stringContaining("attached to files matching packages/web/**"),
    });
    expect(scope.find((l) => l.rule === "packages/web/notes")).toMatchObject({
      severity: "warning",
      message: expect.stringContaining("offered by its description for every file"),
    });
  });

  it("with a warning saying it applies everywhere where the target has neither nested files nor globs", () => {
    const plan = planExport(nested.slice(0, 1), [plain], { root: ROOT });
    expect(plan.files.map((f) => f.path)).toEqual([".plain/packages/web/AGENTS.md"]);
    expect(plan.losses).toEqual([
      expect.objectContaining({
        part: "scope",
        severity: "warning",
        message: "plain has neither nested rules nor globs; written at the root, applied to every file, not only under packages/web/",
      }),
    ]);
  });

  it("prefixes a glob once, whatever its spelling", () => {
    expect(globUnderScope("**", "a/b")).toBe("a/b/**");
    expect(globUnderScope("/src/**", "a/b")).toBe("a/b/src/**");
    expect(globUnderScope("a/b/src/**", "a/b")).toBe("a/b/src/**");
    expect(globUnderScope("!*.md", "a/b")).toBe("!a/b/**/*.md");
  });
});

describe("planExport never reads or writes over a source", () => {
  const rules = [
    rule("AGENTS", "AGENTS.md", { alwaysApply: true }),
    rule("style", ".cursor/rules/style.mdc", { alwaysApply: true, source: from("cursor") }),
  ];

  it("leaves a rule the target already reads where it is, and writes nothing over its file", () => {
    const plan = planExport(rules, [single], { root: ROOT });
    expect(plan.inPlace).toEqual([{ rule: "AGENTS", target: "agents-md" }]);
    expect(plan.files).toEqual([]);
    expect(plan.losses).toContainEqual(
      expect.objectContaining({
        rule: "style",
        part: "rule",
        severity: "warning",
        message: expect.stringContaining('AGENTS.md is the source file of "AGENTS"'),
      }),
    );
  });

  it("names each file's sources in its marker, relative to the root", () => {
    const plan = planExport(rules, [plain], { root: ROOT });
    expect(plan.files.map((f) => [f.path, f.sources, readExportMarker(f.content)?.sources])).toEqual([
      [".plain/AGENTS.md", ["AGENTS.md"], ["AGENTS.md"]],
      [".plain/style.md", [".cursor/rules/style.mdc"], [".cursor/rules/style.mdc"]],
    ]);
  });
});

describe("planExport's files and losses", () => {
  it("lists every target's files in path order", () => {
    const rules = ["zeta", "mid", "alpha"].map((name) => rule(name, `${name}.md`, { alwaysApply: true }));
    expect(planExport(rules, [plain, flat], { root: ROOT }).files.map((f) => f.path)).toEqual([
      ".flat/alpha.md",
      ".flat/mid.md",
      ".flat/zeta.md",
      ".plain/alpha.md",
      ".plain/mid.md",
      ".plain/zeta.md",
    ]);
  });

  it("gives a target none of its own rules, and keeps none of the losses of a rule it could not write", () => {
    const rules = [
      rule("AGENTS", "AGENTS.md", { alwaysApply: true }),
      rule("style", ".cursor/rules/style.mdc", { alwaysApply: true, description: "Style", source: from("cursor") }),
    ];
    const plan = planExport(rules, [single], { root: ROOT });
    expect(plan).toEqual({
      files: [],
      inPlace: [{ rule: "AGENTS", target: "agents-md" }],
      // The writer's own word on "style" (its description dropped) would mislead: nothing was written.
      losses: [
        {
          rule: "style",
          target: "agents-md",
          part: "rule",
          severity: "warning",
          message:
            'not written: AGENTS.md is the source file of "AGENTS", and export never writes over a source; move the rule\'s text there by hand, or export to another target',
        },
      ],
    });
  });

  it("leaves in place a rule whose text the target already reads from a copy of its own", () => {
    const kept = rule("style", ".windsurfrules", { alwaysApply: true, source: from("windsurf") });
    const copy = rule("clinerules", ".clinerules", { alwaysApply: true, source: from("plain") });
    const other = rule("other", "other.md", { alwaysApply: true, source: from("windsurf") });
    const plan = planExport([kept, other], [plain], {
      root: ROOT,
      duplicates: [
        { rule: copy, duplicateOf: kept },
        { rule: rule("x", "x.md", { source: from("flat") }), duplicateOf: other },
      ],
    });
    expect(plan.inPlace).toEqual([{ rule: "style", target: "plain" }]);
    expect(plan.files.map((f) => f.path)).toEqual([".plain/other.md"]);
  });

  it("names sources relative to the root however the root is written, and a path outside it as it is", () => {
    const rules = [rule("a", "a.md", { alwaysApply: true }), { ...rule("b", "b.md", { alwaysApply: true }), path: "/elsewhere/b.md" }];
    for (const root of ["/p", "/p/", "/p//"]) {
      expect(planExport(rules, [plain], { root }).files.map((f) => f.sources)).toEqual([["a.md"], ["/elsewhere/b.md"]]);
    }
    const windows = { ...rule("w", "w.md", { alwaysApply: true }), path: "C:\\p\\docs\\w.md" };
    expect(planExport([windows], [plain], { root: "C:\\p" }).files.map((f) => f.sources)).toEqual([["docs/w.md"]]);
  });

  it("names no source for a rule name the writer made up", () => {
    const inventing = defineProvider({
      id: "inventing",
      displayName: "Inventing",
      priority: 1,
      sources: () => [],
      write: () => ({ files: [{ path: "x.md", content: "x\n", target: "inventing", rules: ["made-up"] }], losses: [] }),
    });
    expect(planExport([rule("a", "a.md")], [inventing], { root: ROOT }).files).toEqual([
      { path: "x.md", content: "x\n", target: "inventing", rules: ["made-up"], sources: [] },
    ]);
  });
});
