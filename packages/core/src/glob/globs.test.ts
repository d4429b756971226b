import fc from "fast-check";
import picomatch from "picomatch";
import { describe, expect, it } from "vitest";
import { normalizeRuleFields } from "../read/fields.js";
import {
  MAX_GLOB_LENGTH,
  explainFile,
  globNeverMatches,
  globProblem,
  matchGlobs,
  normalizeScope,
  selectRulesForFiles,
  toProjectPath,
} from "./globs.js";
import { partitionRules } from "../rule/partition.js";
import type { Rule } from "../rule/types.js";

const globsOf = (value: string) => normalizeRuleFields({ globs: value }).fields.globs ?? [];

describe("toProjectPath", () => {
  it("makes paths relative to the root with / separators and refuses paths outside it", () => {
    expect(toProjectPath("/repo/src/a.ts", "/repo")).toBe("src/a.ts");
    expect(toProjectPath("src\\ui\\App.tsx", "/repo")).toBe("src/ui/App.tsx");
    expect(toProjectPath("C:\\repo\\src\\a.ts", "C:\\repo")).toBe("src/a.ts");
    expect(toProjectPath("./src/../lib/a.ts", "/repo")).toBe("lib/a.ts");
    expect(toProjectPath("/other/a.ts", "/repo")).toBeUndefined();
    expect(toProjectPath("/repo-two/a.ts", "/repo")).toBeUndefined();
    expect(toProjectPath("../a.ts", "/repo")).toBeUndefined();
  });
});

describe("matchGlobs", () => {
  it("matches Cursor-style comma strings", () => {
    const globs = globsOf("**/*.py, app/**/*.py");
    expect(matchGlobs(globs, "tools/x.py")).toMatchObject({ matched: true, glob: "**/*.py" });
    expect(matchGlobs(globs, "x.ts").matched).toBe(false);
  });

  it("supports braces, classes, ? and nested paths", () => {
    expect(matchGlobs(globsOf("src/{ui,lib}/**/*.tsx"), "src/ui/deep/App.tsx").matched).toBe(true);
    expect(matchGlobs(globsOf("src/{ui,lib}/**/*.tsx"), "src/api/App.tsx").matched).toBe(false);
    expect(matchGlobs(["v[0-9].md"], "docs/v2.md").matched).toBe(true);
    expect(matchGlobs(["src/?.ts"], "src/a.ts").matched).toBe(true);
  });

  it("matches **/* everywhere, dot files included, and slash-less globs at any depth", () => {
    expect(matchGlobs(["**/*"], ".github/workflows/ci.yml").matched).toBe(true);
    expect(matchGlobs(["*.ts"], "src/deep/a.ts").matched).toBe(true);
    expect(matchGlobs(["src/*.ts"], "src/deep/a.ts").matched).toBe(false);
  });

  it("lets ! globs exclude files", () => {
    const globs = ["**/*.ts", "!**/*.test.ts"];
    expect(matchGlobs(globs, "src/a.ts").matched).toBe(true);
    expect(matchGlobs(globs, "src/a.test.ts")).toEqual({ matched: false, glob: "!**/*.test.ts", reason: "excluded by !**/*.test.ts" });
    expect(matchGlobs(["!vendor/**"], "src/a.ts").matched).toBe(true);
  });
});

const rule = (name: string, extra: Partial<Rule>): Rule => ({
  name,
  path: `/repo/.cursor/rules/${name}.mdc`,
  content: name,
  source: { provider: "cursor", providerName: "Cursor", level: "project" },
  ...extra,
});

describe("matching ignoring case (Copilot's applyTo)", () => {
  it("is case-sensitive by default and ignores case only when asked, scope prefixes included", () => {
    expect(matchGlobs(["src/**/*.ts"], "SRC/B.TS").matched).toBe(false);
    expect(matchGlobs(["src/**/*.ts"], "SRC/B.TS", undefined, { ignoreCase: true })).toMatchObject({ matched: true, glob: "src/**/*.ts" });
    expect(matchGlobs(["!**/*.D.TS", "**/*.ts"], "src/a.d.ts", undefined, { ignoreCase: true }).matched).toBe(false);
    expect(matchGlobs(["packages/web/**/*.tsx"], "packages/web/App.TSX", "packages/web", { ignoreCase: true }).matched).toBe(true);
    // The same globs array, compiled both ways, keeps both answers.
    const globs = ["*.md"];
    expect([matchGlobs(globs, "README.MD").matched, matchGlobs(globs, "README.MD", undefined, { ignoreCase: true }).matched]).toEqual([false, true]);
  });

  it("selects and explains a rule with globsIgnoreCase whatever the case of the file", () => {
    const rule: Rule = {
      name: "ts",
      path: "/repo/ts.md",
      content: "c",
      globs: ["**/*.ts"],
      globsIgnoreCase: true,
      source: { provider: "copilot", providerName: "Copilot", level: "project" },
    };
    expect(selectRulesForFiles([rule], ["/repo/SRC/B.TS"], "/repo").map((s) => s.glob)).toEqual(["**/*.ts"]);
    expect(explainFile(partitionRules([rule]).all, "/repo/SRC/B.TS", "/repo")[0]?.applies).toBe(true);
  });
});

describe("file selection", () => {
  const partition = partitionRules([
    rule("always", { alwaysApply: true }),
    rule("react", { description: "React", globs: ["**/*.tsx"] }),
    rule("general", { description: "General" }),
    rule("py", { globs: ["**/*.py"] }),
    rule("tsx-attach", { globs: ["src/ui/**"] }),
    rule("trigger", { condition: ["x"] }),
    rule("idle", {}),
  ]);

  it("explains, for one file, what applies and why", () => {
    const decisions = explainFile(partition.all, "/repo/src/ui/App.tsx", "/repo");
    expect(decisions.map((d) => [d.rule.name, d.applies, d.how ?? null])).toEqual([
      ["always", true, "always-apply"],
      ["react", true, "glob"],
      ["general", true, "listed"],
      ["py", false, null],
      ["tsx-attach", true, "glob"],
      ["trigger", false, null],
      ["idle", false, null],
    ]);
    expect(decisions[3]?.reason).toBe("not matched: matches none of **/*.py");
  });

  it("never matches a file outside the root", () => {
    const decisions = explainFile(partition.all, "/elsewhere/App.tsx", "/repo");
    expect(decisions.find((d) => d.rule.name === "react")?.reason).toMatch(/outside the project root/);
  });

  it("explains and selects past a glob of 70,000 characters without a throw (issue 19 item 2)", () => {
    const huge = partitionRules([
      rule("huge", { globs: [`${"a".repeat(70_000)}.ts`, "src/**"] }),
      rule("only-huge", { globs: ["b".repeat(70_000)] }),
    ]);
    const decisions = explainFile(huge.all, "/repo/src/a.ts", "/repo");
    expect(decisions.map((d) => [d.rule.name, d.applies])).toEqual([
      ["huge", true],
      ["only-huge", false],
    ]);
    expect(decisions[1]?.reason.length).toBeLessThan(300);
    expect(selectRulesForFiles(huge.autoAttach, ["src/a.ts", "b.ts"], "/repo").map((s) => s.rule.name)).toEqual(["huge"]);
  });

  it("selects the rules whose globs match any of the files, once each", () => {
    const selected = selectRulesForFiles(partition.autoAttach, ["README.md", "src/ui/App.tsx", "src/ui/b.tsx"], "/repo");
    // "react" has globs and a description: it is auto-attach too (Cursor's "Apply to specific files").
    expect(selected).toEqual([
      { rule: expect.objectContaining({ name: "react" }), file: "src/ui/App.tsx", glob: "**/*.tsx" },
      { rule: expect.objectContaining({ name: "tsx-attach" }), file: "src/ui/App.tsx", glob: "src/ui/**" },
    ]);
  });
});

describe("matchGlobs agrees with picomatch on the syntax rule files use", () => {
  // picomatch never lets a final `*` match nothing after a dot (`*.*` misses `b.`); names ending in `.` are left out.
  const segment = fc.stringMatching(/^[ab.]{0,2}[ab]$/);
  const path = fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => parts.join("/"));
  const globPart = fc.constantFrom("a", "b", ".", "*", "?", "{a,b}", "[ab]", "[^a]", "x");
  // picomatch's `**` inside a segment (`a**b`) sometimes spans folders; rule files write it as a whole segment.
  const globSegment = fc.oneof(
    fc.array(globPart, { minLength: 1, maxLength: 3 }).map((parts) => parts.join("")),
    fc.constant("**"),
  );
  const glob = fc.array(globSegment, { minLength: 1, maxLength: 3 }).map((parts) => parts.join("/"));

  it("on generated globs and paths", () => {
    fc.assert(
      fc.property(glob, path, (g, p) => {
        // A trailing `/**` also matches its folder in picomatch only when the folder is literal; here always.
        fc.pre(!g.endsWith("/**") && !/[^/]\*\*|\*\*[^/]/.test(g));
        const expected = picomatch(g, { dot: true, basename: !g.includes("/") })(p);
        expect(matchGlobs([g], p).matched, `${g} on ${p}`).toBe(expected);
      }),
      { numRuns: 1000 },
    );
    // Generous: picomatch compiles a regular expression per run, and CI machines are shared.
  }, 60_000);

  it("on the shapes real rule files write", () => {
    const cases: Array<[string, string, boolean]> = [
      ["a/**", "a", true],
      ["**/*.ts", "a.ts", true],
      ["**.ts", "src/a.ts", true],
      ["a/***/b", "a/x/y/b", false],
      ["{1..3}.md", "2.md", true],
      ["{a..c}.md", "b.md", true],
      ["{c..a}", "b", true],
      ["{a}.md", "{a}.md", true],
      ["{,.min}.js", ".min.js", true],
      ["a{b,c{d,e}}", "acd", true],
      ["src/{a,b/c}/*.ts", "src/b/c/x.ts", true],
      ["[[:alpha:]].md", "a.md", true],
      ["[]].md", "].md", true],
      ["\\*.ts", "*.ts", true],
      ["\\*.ts", "a.ts", false],
      ["src/", "src", false],
      ["$x^.md", "$x^.md", true],
    ];
    for (const [g, p, expected] of cases) {
      expect(picomatch(g, { dot: true, basename: !g.includes("/") })(p), `picomatch ${g} on ${p}`).toBe(expected);
      expect(matchGlobs([g], p).matched, `${g} on ${p}`).toBe(expected);
    }
  });

  // picomatch 4 reads `[!a]` as something else than the negated class every glob tool means.
  it("differs where picomatch surprises: [!x] negates, parentheses are literal, / anchors, ranges take steps", () => {
    expect(matchGlobs(["[!a].md"], "b.md").matched).toBe(true);
    expect(matchGlobs(["app/(auth)/**"], "app/(auth)/login/page.tsx").matched).toBe(true);
    expect(matchGlobs(["app/(auth)/**"], "app/auth/page.tsx").matched).toBe(false);
    expect(matchGlobs(["/README.md"], "README.md").matched).toBe(true);
    expect(matchGlobs(["/README.md"], "docs/README.md").matched).toBe(false);
    expect(matchGlobs(["*/**"], "a").matched).toBe(true);
    expect(matchGlobs(["x{1..5..2}"], "x3").matched).toBe(true);
    expect(matchGlobs(["x{1..5..2}"], "x2").matched).toBe(false);
    expect(matchGlobs(["v{01..10}"], "v03").matched).toBe(true);
    expect(matchGlobs(["{-1..1}"], "0").matched).toBe(true);
  });
});

describe("bounded globs (docs/behaviour.md#safety)", () => {
  it("refuses long globs, too many wildcards, deep or exploding braces and extglobs, with the reason", () => {
    expect(globProblem("src/**/*.ts")).toBeUndefined();
    expect(globProblem(`${"a".repeat(MAX_GLOB_LENGTH - 3)}/**`)).toBeUndefined();
    expect(globProblem("a".repeat(MAX_GLOB_LENGTH + 1))).toBe("it is longer than 1024 characters (1025)");
    expect(globProblem("a".repeat(70_000))).toMatch(/longer than 1024/);
    expect(globProblem(`${"*?".repeat(16)}.zz`)).toBeUndefined();
    expect(globProblem(`${"*?".repeat(20)}.zz`)).toBe("it has more than 32 wildcards");
    expect(globProblem("**/".repeat(33))).toBe("it has more than 32 wildcards");
    expect(globProblem("{a,{b,{c,{d,e}}}}")).toBeUndefined();
    expect(globProblem("{a,{b,{c,{d,{e,f}}}}}")).toBe("its braces nest deeper than 4 levels");
    expect(globProblem("{a,b}".repeat(7))).toBe("its braces expand to more than 64 patterns");
    expect(globProblem("{1..100000}.md")).toBe("its braces expand to more than 64 patterns");
    expect(globProblem("*.@(ts|tsx)")).toBe("extglob @(…) is not supported");
    expect(globProblem("!+(a)")).toBe("extglob +(…) is not supported");
    expect(globProblem("[*(]")).toBeUndefined();
  });

  it("never throws on a refused glob: it matches nothing and the reason names it, shortened", () => {
    const huge = `${"a".repeat(70_000)}.ts`;
    const match = matchGlobs([huge], "src/a.ts");
    expect(match.matched).toBe(false);
    expect(match.refused).toEqual([{ glob: huge, problem: "it is longer than 1024 characters (70003)" }]);
    expect(match.reason.length).toBeLessThan(200);
    expect(matchGlobs([huge, "**/*.ts"], "src/a.ts")).toMatchObject({ matched: true, glob: "**/*.ts" });
  });

  it("a rule whose only inclusions are refused matches nothing; refused exclusions exclude nothing", () => {
    expect(matchGlobs(["*.@(ts)", "!vendor/**"], "src/a.ts").matched).toBe(false);
    expect(matchGlobs(["!*.@(ts)"], "src/a.ts").matched).toBe(true);
  });

  it("matches the globs that stall a backtracking engine on ordinary names", () => {
    const names = ["packages/web/src/components/some-ordinary-component-file-name.tsx", `src/${"a".repeat(200)}.ts`];
    const globs = [`${"*?".repeat(16)}.zz`, `${"*a".repeat(16)}.zz`, `${"**/".repeat(16)}x`, `{${"*a,".repeat(10)}b}*a*a*a*.zz`];
    for (const glob of globs) for (const name of names) expect(matchGlobs([glob], name).matched).toBe(false);
    expect(matchGlobs([`${"*?".repeat(16)}.zz`], `${"b".repeat(40)}.zz`).matched).toBe(true);
  });
});

describe("scoped rules (docs/behaviour.md#the-project-root-and-the-walk)", () => {
  it("match only inside their folder, globs relative to it", () => {
    expect(matchGlobs(["src/**/*.tsx"], "packages/web/src/App.tsx", "packages/web")).toMatchObject({ matched: true, glob: "src/**/*.tsx" });
    expect(matchGlobs(["src/**/*.tsx"], "src/App.tsx", "packages/web")).toEqual({
      matched: false,
      reason: "outside the rule's folder packages/web/",
    });
    expect(matchGlobs(["*.tsx"], "packages/web/src/App.tsx", "packages/web/").matched).toBe(true);
    expect(matchGlobs(["**/*"], "packages/webapp/a.ts", "packages/web").matched).toBe(false);
    expect(matchGlobs(["/index.ts"], "packages/web/index.ts", "packages/web").matched).toBe(true);
  });

  it("accept a glob that already starts with the folder, matched against the project path", () => {
    expect(matchGlobs(["packages/web/src/**"], "packages/web/src/App.tsx", "packages/web").matched).toBe(true);
    expect(matchGlobs(["./packages/web/src/**"], "packages/web/src/App.tsx", "packages/web").matched).toBe(true);
    expect(matchGlobs(["!packages/web/src/gen/**", "**/*.ts"], "packages/web/src/gen/a.ts", "packages/web").matched).toBe(false);
    expect(matchGlobs(["packages/web/src/**"], "packages/web/packages/web/src/a.ts", "packages/web").matched).toBe(false);
  });

  it("treat an empty or . scope as the whole project", () => {
    expect(normalizeScope(".")).toBeUndefined();
    expect(normalizeScope("./packages\\web/")).toBe("packages/web");
    expect(matchGlobs(["*.ts"], "a.ts", "")).toMatchObject({ matched: true });
  });

  const scoped = partitionRules([
    rule("AGENTS", { alwaysApply: true }),
    rule("packages/api/AGENTS", { alwaysApply: true, scope: "packages/api" }),
    rule("packages/web/AGENTS", { alwaysApply: true, scope: "packages/web" }),
    rule("packages/web/react", { globs: ["src/**/*.tsx"], scope: "packages/web" }),
    rule("packages/web/style", { description: "Style", scope: "packages/web" }),
    rule("packages/web/nested", { globs: ["packages/web/src/**"], scope: "packages/web" }),
  ]);

  it("explainFile applies a scoped always-apply rule only inside its folder, and says why", () => {
    const decisions = explainFile(scoped.all, "/repo/packages/api/src/x.ts", "/repo");
    expect(decisions.map((d) => [d.rule.name, d.applies, d.reason])).toEqual([
      ["AGENTS", true, "always applied"],
      ["packages/api/AGENTS", true, "always applied inside packages/api/, which contains the file"],
      ["packages/web/AGENTS", false, "limited to packages/web/, which does not contain the file"],
      ["packages/web/react", false, "limited to packages/web/, which does not contain the file"],
      ["packages/web/style", false, "limited to packages/web/, which does not contain the file"],
      ["packages/web/nested", false, "limited to packages/web/, which does not contain the file"],
    ]);
    const web = explainFile(scoped.all, "packages/web/src/App.tsx", "/repo");
    expect(web.map((d) => [d.rule.name, d.applies, d.how ?? null, d.scope ?? null])).toEqual([
      ["AGENTS", true, "always-apply", null],
      ["packages/api/AGENTS", false, null, "packages/api"],
      ["packages/web/AGENTS", true, "always-apply", "packages/web"],
      ["packages/web/react", true, "glob", "packages/web"],
      ["packages/web/style", true, "listed", "packages/web"],
      ["packages/web/nested", true, "glob", "packages/web"],
    ]);
    expect(web[4]?.reason).toBe("listed in the rulebook for files in packages/web/ (no globs)");
  });

  it("selectRulesForFiles selects scoped always-apply rules by the files inside their folder", () => {
    const selected = selectRulesForFiles(scoped.alwaysApply, ["/repo/packages/web/a.ts", "packages/api/b.ts"], "/repo");
    expect(selected.map((s) => [s.rule.name, s.file])).toEqual([
      ["AGENTS", "packages/web/a.ts"],
      ["packages/api/AGENTS", "packages/api/b.ts"],
      ["packages/web/AGENTS", "packages/web/a.ts"],
    ]);
    expect(selectRulesForFiles(scoped.alwaysApply, ["/elsewhere/a.ts"], "/repo")).toEqual([]);
  });
});

describe("globs that can never match", () => {
  it("names an escaped wildcard and a name ending in a dot, and nothing that can match", () => {
    expect(globNeverMatches("docs/\\*_/_.{md,mdx}")).toMatch(/literal \* or \?/);
    expect(globNeverMatches("/**/*.")).toMatch(/ending in "\."/);
    for (const fine of ["**/*.ts", "src/**", ".github/**", "!dist/**", "*.{md,mdx}", "docs/[ab].md"]) expect(globNeverMatches(fine)).toBeUndefined();
  });

  it("is a warning on the globs line of the file", () => {
    const { fields, diagnostics } = normalizeRuleFields(
      { description: "Docs", globs: "docs/\\*_/_.{md,mdx}, src/**" },
      { keyLines: { globs: 3 }, path: "/r/docs.md" },
    );
    expect(fields.globs).toEqual(["docs/\\*_/_.{md,mdx}", "src/**"]);
    expect(diagnostics.map((d) => [d.code, d.severity, d.line])).toEqual([["glob-never-matches", "warning", 3]]);
  });
});
