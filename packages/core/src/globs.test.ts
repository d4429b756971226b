import { describe, expect, it } from "vitest";
import { normalizeRuleFields } from "./fields.js";
import { explainFile, matchGlobs, selectRulesForFiles, toProjectPath } from "./globs.js";
import { partitionRules } from "./partition.js";
import type { Rule } from "./types.js";

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

  it("selects the rules whose globs match any of the files, once each", () => {
    const selected = selectRulesForFiles(partition.autoAttach, ["README.md", "src/ui/App.tsx", "src/ui/b.tsx"], "/repo");
    expect(selected).toEqual([{ rule: expect.objectContaining({ name: "tsx-attach" }), file: "src/ui/App.tsx", glob: "src/ui/**" }]);
  });
});
