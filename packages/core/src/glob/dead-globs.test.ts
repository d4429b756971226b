import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CategorizedRule, RuleCategory } from "../rule/partition.js";
import type { Rule } from "../rule/types.js";
import { findDeadGlobs } from "./dead-globs.js";
import { matchGlobs } from "./globs.js";

const deadGlobDiagnostics = (rules: CategorizedRule[], files: readonly string[]) => findDeadGlobs(rules, files).map((dead) => dead.diagnostic);

const files = [
  "package.json",
  "src/components/Button.tsx",
  "src/components/Button.test.tsx",
  "src/server/api.ts",
  "packages/web/src/App.tsx",
  "packages/web/package.json",
  "docs/guide.md",
];

function rule(name: string, fields: Partial<Rule>, category: RuleCategory = "auto-attach"): CategorizedRule {
  const r: Rule = {
    name,
    path: `/p/.cursor/rules/${name}.mdc`,
    content: "text",
    source: { provider: "cursor", providerName: "Cursor", level: "project" },
    ...fields,
  };
  return { rule: r, category, reason: "", why: { code: "globs" } } as CategorizedRule;
}

const messages = (rules: CategorizedRule[]) => deadGlobDiagnostics(rules, files).map((d) => d.message);

describe("dead globs (glob-matches-no-file)", () => {
  it("warns about a glob whose folder is misspelled, and names the folder it probably meant", () => {
    const diagnostics = deadGlobDiagnostics([rule("react", { globs: ["src/componets/**/*.tsx"] })], files);
    expect(diagnostics).toEqual([
      expect.objectContaining({ code: "glob-matches-no-file", severity: "warning", provider: "cursor", path: "/p/.cursor/rules/react.mdc" }),
    ]);
    expect(diagnostics[0]?.message).toBe(
      'glob "src/componets/**/*.tsx" of rule "react" matches no file in the project (files git ignores are not counted), so the rule never comes in; the folder src/componets/ does not exist (did you mean src/components/?)',
    );
  });

  it("warns once per glob of a rule none of whose globs match, and only notes a dead glob of a rule that still comes in", () => {
    const none = deadGlobDiagnostics([rule("py", { globs: ["**/*.py", "scripts/**"] })], files);
    expect(none.map((d) => [d.code, d.severity, d.message])).toEqual([
      ["glob-matches-no-file", "warning", expect.stringMatching(/^glob "\*\*\/\*\.py" .*, so the rule never comes in$/)],
      ["glob-matches-no-file", "warning", expect.stringMatching(/^glob "scripts\/\*\*" .*; the folder scripts\/ does not exist$/)],
    ]);
    const some = deadGlobDiagnostics([rule("react", { globs: ["**/*.tsx", "**/*.jsx"] })], files);
    expect(some.map((d) => [d.code, d.severity, d.message])).toEqual([
      [
        "glob-unmatched",
        "info",
        'glob "**/*.jsx" of rule "react" matches no file in the project (files git ignores are not counted); the rule comes in through its other globs',
      ],
    ]);
  });

  it("reads a scoped rule's globs inside its folder, written relative to it or from the root", () => {
    const scoped = (globs: string[]) => rule("packages/web/react", { globs, scope: "packages/web" });
    expect(messages([scoped(["src/**/*.tsx"]), scoped(["packages/web/src/**"])])).toEqual([]);
    expect(messages([scoped(["src/server/**"])])).toEqual([expect.stringContaining("matches no file in packages/web/")]);
  });

  it("judges the same glob once per folder: alive in the project, dead in a rule's folder that lacks it", () => {
    const glob = { globs: ["src/server/**"] };
    expect(messages([rule("a", glob), rule("packages/web/b", { ...glob, scope: "packages/web" }), rule("c", glob)])).toEqual([
      expect.stringMatching(/^glob "src\/server\/\*\*" of rule "packages\/web\/b" matches no file in packages\/web\//),
    ]);
  });

  it("finds a file under a glob's literal folder, whether the folder is the file's first or its only one", () => {
    const alive = ["src/**", "./src/components/*.tsx", "/docs/*.md", "src/components/**/*.test.tsx", "packages/*/src/**", "package.json"];
    expect(messages(alive.map((glob, i) => rule(`r${i}`, { globs: [glob] })))).toEqual([]);
    expect(messages([rule("near", { globs: ["src/component/**", "src/components"] })])).toHaveLength(2);
  });

  it("judges rulebook rules with globs too, and leaves always-apply, inactive and trigger rules alone", () => {
    const dead = { globs: ["lib/**/*.rb"] };
    expect(messages([rule("a", dead, "rulebook"), rule("b", dead, "always-apply"), rule("c", dead, "inactive"), rule("d", dead, "ttsr")])).toEqual([
      expect.stringContaining('of rule "a"'),
    ]);
  });

  it("does not judge exclusions, nor globs in hidden folders the walk does not enter", () => {
    expect(messages([rule("ci", { globs: [".github/workflows/*.yml", "!**/*.snap"] })])).toEqual([]);
    // A hidden-folder glob may be what brings the rule in: a dead glob beside it is only noted.
    expect(deadGlobDiagnostics([rule("ci", { globs: [".github/workflows/*.yml", "ci/**"] })], files).map((d) => d.code)).toEqual(["glob-unmatched"]);
  });

  it("leaves the user's own rules alone: they are written for every project, not this one", () => {
    const personal = rule("~/rust", { globs: ["**/*.rs"] });
    personal.rule.source = { ...personal.rule.source, level: "user" };
    expect(messages([personal])).toEqual([]);
  });

  it("matches without case for a rule that asks for it (Copilot applyTo)", () => {
    expect(messages([rule("copilot", { globs: ["**/*.TSX"], globsIgnoreCase: true })])).toEqual([]);
    expect(messages([rule("cursor", { globs: ["**/*.TSX"] })])).toHaveLength(1);
  });

  it("says nothing of a glob with no literal folder other than that it matches nothing", () => {
    expect(messages([rule("go", { globs: ["*.go"] })])).toEqual([
      'glob "*.go" of rule "go" matches no file in the project (files git ignores are not counted), so the rule never comes in',
    ]);
  });
});

describe("dead globs, judged through the file index", () => {
  // Folders and names from a small alphabet, so globs, scopes and files often meet.
  const name = fc.constantFrom("a", "b", "a.ts", ".c", "A");
  const file = fc.array(name, { minLength: 1, maxLength: 4 }).map((parts) => parts.join("/"));
  const part = fc.constantFrom("a", "a", "b", "**", "**", "*.ts", "*", "?", "{a,b}", "[ab]", ".", "..", "", "A");
  const glob = fc
    .tuple(fc.constantFrom("", "./", "/"), fc.array(part, { minLength: 1, maxLength: 4 }))
    .map(([lead, parts]) => lead + parts.join("/"));
  const scope = fc.option(fc.constantFrom("a", "b", "a/b", "a*", "[ab]"), { nil: undefined });
  const ruleOf = fc.record({ globs: fc.array(glob, { minLength: 1, maxLength: 3 }), scope, globsIgnoreCase: fc.boolean() });

  // As findDeadGlobs leaves them out: the walk does not enter hidden folders.
  const namesHiddenFolder = (g: string) =>
    g
      .replace(/^(?:\.\/|\/)+/, "")
      .split("/")
      .slice(0, -1)
      .some((segment) => segment.startsWith(".") && segment !== "." && segment !== "..");

  it("finds what trying each glob on every file finds", () => {
    fc.assert(
      fc.property(fc.array(file, { maxLength: 12 }), fc.array(ruleOf, { minLength: 1, maxLength: 4 }), (files, specs) => {
        const rules = specs.map((spec, i) =>
          rule(`r${i}`, {
            globs: spec.globs,
            ...(spec.scope !== undefined && { scope: spec.scope }),
            ...(spec.globsIgnoreCase && { globsIgnoreCase: true }),
          }),
        );
        // The reference: every glob of every rule tried on every file with matchGlobs.
        const expected = rules.flatMap(({ rule: r }) =>
          (r.globs ?? [])
            .filter((g) => !g.startsWith("!") && !namesHiddenFolder(g))
            .filter((g) => !files.some((f) => matchGlobs([g], f, r.scope, { ignoreCase: r.globsIgnoreCase === true }).matched))
            .map((g) => `${r.name} ${g}`),
        );
        expect(findDeadGlobs(rules, files).map((d) => `${d.rule.name} ${d.glob}`)).toEqual(expected);
      }),
      { numRuns: 2000 },
    );
  }, 60_000);
});
