import { describe, expect, it } from "vitest";
import { type TriggerChecker, partitionRules } from "./partition.js";
import type { Rule } from "./types.js";

function rule(name: string, extra: Partial<Rule> = {}): Rule {
  return { name, path: `/r/${name}.md`, content: "c", source: { provider: "native", providerName: "Native", level: "project" }, ...extra };
}

describe("partitionRules", () => {
  const rules = [
    rule("trigger-and-always", { condition: ["console\\.log"], alwaysApply: true, description: "d" }),
    rule("always-and-described", { alwaysApply: true, description: "d" }),
    rule("bad-trigger", { condition: ["(unclosed"], description: "falls through" }),
    rule("described", { description: "d", globs: ["src/**"] }),
    rule("globs-only", { globs: ["**/*.ts"] }),
    rule("nothing"),
    rule("bad-trigger-only", { condition: ["[z-a]"] }),
  ];
  // A stand-in engine: a pattern is usable when it compiles as a JavaScript RegExp.
  const checkTrigger: TriggerChecker = (r) => {
    const diagnostics = (r.condition ?? []).flatMap((source) => {
      try {
        new RegExp(source.replace(/^\(\?i\)/, ""));
        return [];
      } catch {
        return [{ severity: "warning" as const, code: "condition-pattern-invalid", message: source, path: r.path }];
      }
    });
    return { accepted: diagnostics.length < (r.condition ?? []).length, diagnostics };
  };
  const partition = partitionRules(rules, { checkTrigger });

  it("puts each rule in exactly one category, checked in the order of docs/behaviour.md#categories", () => {
    expect(partition.all.map((c) => [c.rule.name, c.category])).toEqual([
      ["trigger-and-always", "ttsr"],
      ["always-and-described", "always-apply"],
      ["bad-trigger", "rulebook"],
      ["described", "auto-attach"],
      ["globs-only", "auto-attach"],
      ["nothing", "inactive"],
      ["bad-trigger-only", "inactive"],
    ]);
    expect(partition.ttsr.map((r) => r.name)).toEqual(["trigger-and-always"]);
    expect(partition.alwaysApply.map((r) => r.name)).toEqual(["always-and-described"]);
    expect(partition.rulebook.map((r) => r.name)).toEqual(["bad-trigger"]);
    expect(partition.autoAttach.map((r) => r.name)).toEqual(["described", "globs-only"]);
    expect(partition.inactive.map((r) => r.name)).toEqual(["nothing", "bad-trigger-only"]);
  });

  it("explains each category, and why inactive rules are unused", () => {
    const reason = (name: string) => partition.all.find((c) => c.rule.name === name)?.reason;
    expect(reason("nothing")).toMatch(/no alwaysApply, description, globs or usable condition/);
    expect(reason("bad-trigger")).toMatch(/no usable pattern/);
    expect(reason("globs-only")).toMatch(/globs without a description; attached when a file matches \*\*\/\*\.ts/);
    // A rule with globs and a description is told what it has (Cursor's "Apply to specific files").
    expect(reason("described")).toMatch(/^globs and a description; attached when a file matches src\/\*\*, otherwise listed in the rulebook/);
  });

  it("reports each pattern that does not compile, the rules that fall through, and unused rules", () => {
    expect(partition.diagnostics.map((d) => [d.code, d.severity, d.path])).toEqual([
      ["condition-pattern-invalid", "warning", "/r/bad-trigger.md"],
      ["condition-no-valid-pattern", "warning", "/r/bad-trigger.md"],
      ["rule-inactive", "info", "/r/nothing.md"],
      ["condition-pattern-invalid", "warning", "/r/bad-trigger-only.md"],
      ["condition-no-valid-pattern", "warning", "/r/bad-trigger-only.md"],
      ["rule-inactive", "info", "/r/bad-trigger-only.md"],
    ]);
  });

  it("lets the plugged-in engine decide, and never makes an unchecked condition a stream trigger", () => {
    expect(partitionRules([rule("ci", { condition: ["(?i)todo"] })], { checkTrigger }).ttsr).toHaveLength(1);
    const unchecked = partitionRules([rule("ci", { condition: ["(?=look)ahead"], description: "d" })]);
    expect(unchecked.all.map((c) => [c.category, c.why.code, c.why.notes?.[0]?.code])).toEqual([["rulebook", "description", "trigger-unchecked"]]);
    expect(unchecked.diagnostics.map((d) => d.code)).toEqual(["condition-unchecked"]);
    const refused = partitionRules([rule("x", { condition: ["ok"], description: "d" })], {
      checkTrigger: () => ({ accepted: false, diagnostics: [] }),
    });
    expect(refused.all[0]?.category).toBe("rulebook");
  });

  it("makes a rule limited to modes inactive unless the partition is for one of them", () => {
    const roo = rule("architect-notes", { alwaysApply: true, modes: ["architect"] });
    expect(partitionRules([roo]).all[0]).toMatchObject({ category: "inactive", reason: "only in mode architect (no mode chosen)" });
    expect(partitionRules([roo], { mode: "code" }).all[0]?.category).toBe("inactive");
    expect(partitionRules([roo], { mode: "architect" }).all[0]?.category).toBe("always-apply");
  });

  it("quotes at most 200 characters of a long pattern in the reason", () => {
    const long = `x${"a".repeat(8_000)}`;
    const [entry] = partitionRules([rule("long", { condition: [long] })], { checkTrigger: () => ({ accepted: true }) }).all;
    expect(entry?.reason.length).toBeLessThan(300);
    expect(entry?.reason).toContain("(8001 characters)");
  });
});

describe("partitionRules on rules a library host built by hand (issue 19 item 3)", () => {
  it("skips each malformed rule with a rule-malformed diagnostic and partitions the others", () => {
    const good = rule("good", { description: "d" });
    const malformed: unknown[] = [
      null,
      5,
      rule("cond-string", { condition: "rm -rf" as never }),
      rule("globs-number", { globs: 42 as never }),
      rule("cond-42", { condition: [42] as never }),
      { ...rule("no-source"), source: undefined },
      rule("sym", { description: Symbol("x") as never }),
      rule("   "),
      {
        get name() {
          throw new Error("getter");
        },
      },
      new Proxy(
        {},
        {
          get() {
            throw new Error("trap");
          },
        },
      ),
      Object.create(null),
    ];
    const checkTrigger: TriggerChecker = (r) => ({ accepted: r.condition?.every((c) => typeof c === "string") ?? false });
    for (const options of [{}, { checkTrigger }]) {
      const partition = partitionRules([...malformed, good] as Rule[], options);
      expect(partition.all.map((c) => [c.rule.name, c.category])).toEqual([["good", "rulebook"]]);
      const skipped = partition.diagnostics.filter((d) => d.code === "rule-malformed");
      expect(skipped).toHaveLength(malformed.length);
      expect(skipped.every((d) => d.severity === "error" && d.message.length < 200)).toBe(true);
      expect(skipped[2]?.message).toBe('rule 2 passed to partitionRules is malformed: its condition is "rm -rf", not a list of strings; skipped');
    }
  });

  it("skips a rule whose trigger checker throws, and partitions the others", () => {
    const partition = partitionRules([rule("boom", { condition: ["x"] }), rule("ok", { alwaysApply: true })], {
      checkTrigger: () => {
        throw new Error("engine broke");
      },
    });
    expect(partition.all.map((c) => c.rule.name)).toEqual(["ok"]);
    expect(partition.diagnostics.map((d) => d.message)).toEqual(["rule 0 passed to partitionRules could not be categorized (engine broke); skipped"]);
  });
});

describe("partitionRules with the load's diagnostics", () => {
  it("an inactive rule's reason names all its file's problems; other rules' reasons and other files' problems stay apart", () => {
    const idle = rule("idle", { path: "/p/.windsurf/rules/idle.md" });
    const quiet = rule("quiet", { path: "/p/.windsurf/rules/quiet.md" });
    const always = rule("always", { path: "/p/.cursor/rules/always.mdc", alwaysApply: true });
    const fileDiagnostics = [
      { code: "field-type", severity: "warning" as const, message: 'alwaysApply is the string "true", not true', path: idle.path, line: 2 },
      { code: "field-type", severity: "warning" as const, message: "globs is a number", path: always.path, line: 3 },
      { code: "globs-invalid", severity: "warning" as const, message: "glob src/[ does not compile", path: idle.path, line: 3 },
      { code: "config-file-skipped", severity: "warning" as const, message: "no path" },
    ];
    const without = partitionRules([idle, quiet, always]);
    const withProblems = partitionRules([idle, quiet, always], { fileDiagnostics });
    const reason = (p: typeof without, name: string) => p.all.find((e) => e.rule.name === name)?.reason;
    expect(reason(withProblems, "idle")).toBe(
      `${reason(without, "idle")}; field-type: alwaysApply is the string "true", not true; globs-invalid: glob src/[ does not compile`,
    );
    expect(reason(withProblems, "quiet")).toBe(reason(without, "quiet"));
    expect(reason(withProblems, "always")).toBe(reason(without, "always"));
  });
});

describe("partitionRules says why, as data (inspect --json, explain)", () => {
  const checkTrigger: TriggerChecker = (r) => {
    const diagnostics = (r.condition ?? []).flatMap((source) => {
      try {
        new RegExp(source);
        return [];
      } catch {
        return [{ severity: "warning" as const, code: "condition-pattern-invalid", message: `pattern ${source} does not compile`, path: r.path }];
      }
    });
    return { accepted: diagnostics.length < (r.condition ?? []).length, ...(diagnostics.length > 0 && { diagnostics }) };
  };
  const why = (rules: Rule[], options = {}) => partitionRules(rules, options).all.map(({ rule: r, ...entry }) => ({ name: r.name, ...entry }));

  it("gives each category its code and detail, with notes only when something fell through", () => {
    const partition = partitionRules(
      [
        rule("guard", { condition: ["console\\.log", "(unclosed"], description: "d" }),
        rule("clean", { condition: ["TODO"] }),
        rule("always", { alwaysApply: true }),
        rule("described", { description: "d", globs: ["src/**", "test/**"] }),
        rule("globbed", { globs: ["**/*.ts", "**/*.tsx"] }),
        rule("listed", { description: "How to test" }),
        rule("docs/old-notes"),
      ],
      { checkTrigger },
    );
    const refused = { severity: "warning", code: "condition-pattern-invalid", message: "pattern (unclosed does not compile", path: "/r/guard.md" };
    expect(partition.all.map(({ rule: r, ...entry }) => ({ name: r.name, ...entry }))).toStrictEqual([
      {
        name: "guard",
        category: "ttsr",
        reason: "stream trigger on /console\\.log/, /(unclosed/",
        why: { code: "trigger", detail: "stream trigger on /console\\.log/, /(unclosed/", diagnostics: [refused] },
      },
      {
        name: "clean",
        category: "ttsr",
        reason: "stream trigger on /TODO/",
        why: { code: "trigger", detail: "stream trigger on /TODO/", diagnostics: [] },
      },
      {
        name: "always",
        category: "always-apply",
        reason: "alwaysApply: true",
        why: { code: "always-apply", detail: "alwaysApply: true", diagnostics: [] },
      },
      {
        name: "described",
        category: "auto-attach",
        reason: "globs and a description; attached when a file matches src/**, test/**, otherwise listed in the rulebook (rule://described)",
        why: {
          code: "globs",
          detail: "globs and a description; attached when a file matches src/**, test/**, otherwise listed in the rulebook (rule://described)",
          diagnostics: [],
        },
      },
      {
        name: "globbed",
        category: "auto-attach",
        reason: "globs without a description; attached when a file matches **/*.ts, **/*.tsx",
        why: { code: "globs", detail: "globs without a description; attached when a file matches **/*.ts, **/*.tsx", diagnostics: [] },
      },
      {
        name: "listed",
        category: "rulebook",
        reason: "has a description; read on demand via rule://listed",
        why: { code: "description", detail: "has a description; read on demand via rule://listed", diagnostics: [] },
      },
      {
        name: "docs/old-notes",
        category: "inactive",
        reason:
          "manual: no alwaysApply, description, globs or usable condition; no agent applies it on its own, a person names it (@old-notes) and rule://docs/old-notes reads it",
        why: {
          code: "manual",
          detail:
            "manual: no alwaysApply, description, globs or usable condition; no agent applies it on its own, a person names it (@old-notes) and rule://docs/old-notes reads it",
          diagnostics: [],
        },
      },
    ]);
    expect(partition.diagnostics).toStrictEqual([
      refused,
      {
        severity: "info",
        code: "rule-inactive",
        message:
          'rule "docs/old-notes" is manual: no alwaysApply, description, globs or usable condition; no agent applies it on its own, a person names it (@old-notes) and rule://docs/old-notes reads it',
        provider: "native",
        path: "/r/docs/old-notes.md",
      },
    ]);
  });

  it("adds what fell through to the reason: a condition no engine checked, or one whose every pattern was refused", () => {
    const unchecked = {
      severity: "warning",
      code: "condition-unchecked",
      message: 'rule "ci" has a stream trigger, but no trigger engine checked it, so it is not used as one',
      provider: "native",
      path: "/r/ci.md",
    };
    expect(why([rule("ci", { condition: ["todo"], description: "d" })])).toStrictEqual([
      {
        name: "ci",
        category: "rulebook",
        reason: "has a description; read on demand via rule://ci; its trigger was not checked by an engine",
        why: {
          code: "description",
          detail: "has a description; read on demand via rule://ci",
          diagnostics: [],
          notes: [{ code: "trigger-unchecked", detail: "its trigger was not checked by an engine", diagnostics: [unchecked] }],
        },
      },
    ]);
    const invalid = { severity: "warning", code: "condition-pattern-invalid", message: "pattern [z-a] does not compile", path: "/r/broken.md" };
    const none = {
      severity: "warning",
      code: "condition-no-valid-pattern",
      message: 'rule "broken": no condition pattern compiles, so it is not a stream trigger',
      provider: "native",
      path: "/r/broken.md",
    };
    const [broken] = why([rule("broken", { condition: ["[z-a]"], alwaysApply: true })], { checkTrigger });
    expect(broken).toStrictEqual({
      name: "broken",
      category: "always-apply",
      reason: "alwaysApply: true; its condition has no usable pattern",
      why: {
        code: "always-apply",
        detail: "alwaysApply: true",
        diagnostics: [],
        notes: [{ code: "trigger-refused", detail: "its condition has no usable pattern", diagnostics: [invalid, none] }],
      },
    });
  });

  it("reads an empty condition list as no condition", () => {
    const partition = partitionRules([rule("empty", { condition: [], alwaysApply: true })]);
    expect(partition.all.map((c) => [c.category, c.reason])).toEqual([["always-apply", "alwaysApply: true"]]);
    expect(partition.diagnostics).toEqual([]);
  });

  it("names the modes a rule is limited to, and the mode chosen", () => {
    const review = rule("review", { alwaysApply: true, modes: ["architect", "review"] });
    const entry = { name: "review", category: "inactive", why: { code: "other-mode", diagnostics: [] } };
    expect(why([review], { mode: "code" })).toStrictEqual([
      {
        ...entry,
        reason: "only in mode architect, review (mode is code)",
        why: { ...entry.why, detail: "only in mode architect, review (mode is code)" },
      },
    ]);
    expect(why([review])).toStrictEqual([
      {
        ...entry,
        reason: "only in mode architect, review (no mode chosen)",
        why: { ...entry.why, detail: "only in mode architect, review (no mode chosen)" },
      },
    ]);
    expect(partitionRules([review], { mode: "review" }).alwaysApply).toEqual([review]);
  });
});
