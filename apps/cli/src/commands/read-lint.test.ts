import { describe, expect, it } from "vitest";
import { exampleArgs, fixtureArgs, runCli, writeTree } from "../../test/helpers.js";

describe("rulebook read", () => {
  it("prints the raw content of a rulebook rule, without frontmatter", () => {
    const result = runCli(["read", "rule://react-components", ...exampleArgs]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      "- Function components only, one exported component per file, named like the file.\n" +
        "- Props are a named `interface XProps`; no `React.FC`.\n" +
        "- Keep state local; lift it only when two siblings need it.\n" +
        "- Side effects live in hooks (`useTasks`), not in components.\n",
    );
  });

  it("reads always-apply and auto-attach rules, and the winner of a shadowed name", () => {
    expect(runCli(["read", "rule://cursorrules", ...exampleArgs]).stdout).toContain("careful senior engineer");
    expect(runCli(["read", "rule://ui-styling", ...exampleArgs]).stdout).toContain("CSS modules");
    const typescript = runCli([...exampleArgs, "read", "rule://typescript"]);
    expect(typescript.stdout).toContain("Prefer `type` unions over enums.");
    expect(typescript.stdout).not.toContain("Cline copy");
  });

  it("decodes percent-encoding", () => {
    expect(runCli(["read", "rule://react%2Dcomponents", ...exampleArgs]).stdout).toContain("Function components only");
  });

  it("reads ttsr and inactive rules too, as tools let users invoke them by name", () => {
    expect(runCli(["read", "rule://changelog", ...exampleArgs]).code).toBe(0);
    const ttsr = runCli(["read", "rule://no-console-log", ...exampleArgs]);
    expect(ttsr.code).toBe(0);
    expect(ttsr.stdout).toContain("console.log");
  });

  it("exits 1 with the resolver's error for an unknown name (names are case-sensitive)", () => {
    for (const name of ["nope", "React-Components"]) {
      const result = runCli(["read", `rule://${name}`, ...exampleArgs]);
      expect(result.code).toBe(1);
      expect(result.stdout).toBe("");
      expect(result.stderr).toMatch(new RegExp(`unknown rule "${name}"; (available|did you mean): `));
      expect(result.stderr).toContain("react-components");
    }
  });

  it("exits 2 when the argument is not a rule:// URL or is missing", () => {
    for (const args of [["read", "react-components"], ["read"]]) {
      const result = runCli([...args, ...exampleArgs]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain("Usage: rulebook read");
    }
  });
});

describe("rulebook lint", () => {
  it("says there are no problems on a clean project, and exits 0", () => {
    const result = runCli(["lint", ...fixtureArgs("clean")]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^\d+ rule files?: no problems\n$/);
    expect(result.stderr).toBe("");
  });

  it("prints the problems grouped by file (line:col severity code message) and exits 1 on a hidden U+202E character", () => {
    const tree = writeTree({ "proj/.cursor/rules/evil.mdc": "---\ndescription: looks fine\n---\nBe helpful.\nNever \u202Eesrever ni txet\n" });
    const result = runCli(["lint", ...tree.args]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^\.cursor\/rules\/evil\.mdc\n {2}5:7 {2}error +hidden-character {2}\S/);
    expect(result.stdout).toContain("U+202E");
    expect(result.stdout).not.toContain("\u202E");
    expect(result.stdout).toMatch(/\n1 problem \(1 error, 0 warnings, 0 info\)\n$/);
  });

  it("exits 0 when the only problems are warnings, listing them", () => {
    const result = runCli(["lint", ...exampleArgs]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/release-notes\.mdc\n {2}3(:\d+)? +warning +always-apply-not-boolean {2}/);
  });

  it("prints { diagnostics } with --json", () => {
    const tree = writeTree({ "proj/.xcsh/rules/zw.md": "zero\u200B\u200Bwidth\n" });
    const result = runCli(["lint", "--json", ...tree.args]);
    expect(result.code).toBe(1);
    const json = JSON.parse(result.stdout) as { diagnostics: Array<Record<string, unknown>> };
    expect(Object.keys(json)).toEqual(["diagnostics"]);
    expect(json.diagnostics).toContainEqual(
      expect.objectContaining({ severity: "error", code: "hidden-character", path: `${tree.proj}/.xcsh/rules/zw.md`, line: 1, column: 5 }),
    );
    const clean = runCli(["lint", "--json", ...fixtureArgs("clean")]);
    expect(clean.code).toBe(0);
    expect(JSON.parse(clean.stdout)).toEqual({ diagnostics: [] });
  });

  it("warns when the always-apply rules of the project root pass 8,000 tokens, naming the three largest", () => {
    const lines = (n: number, what: string) =>
      Array.from({ length: n }, (_, i) => `- ${what} ${i}: keep module ${i} small, typed and tested before merging.`).join("\n");
    const tree = writeTree({
      "proj/.git/HEAD": "ref: refs/heads/main\n",
      "proj/AGENTS.md": `# Guidelines\n\n${lines(400, "Guideline")}\n`,
      "proj/CLAUDE.md": `# Claude\n\n${lines(250, "Claude note")}\n`,
      "proj/GEMINI.md": `# Gemini\n\n${lines(60, "Gemini note")}\n`,
      "proj/.clinerules/style.md": "Use tabs.\n",
      // A nested file costs only where it applies: not counted.
      "proj/packages/api/AGENTS.md": `${lines(400, "API")}\n`,
    });
    const result = runCli(["lint", "--json", ...tree.args]);
    expect(result.code).toBe(0);
    const warnings = (
      JSON.parse(result.stdout) as { diagnostics: Array<{ code: string; severity: string; message: string; path?: string }> }
    ).diagnostics.filter((d) => d.code === "always-apply-too-large");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ severity: "warning", path: `${tree.proj}/AGENTS.md` });
    expect(warnings[0]?.message).toMatch(/over 8,000; the largest: AGENTS \([\d,]+\), CLAUDE \([\d,]+\), GEMINI \([\d,]+\)\./);
    expect(warnings[0]?.message).not.toContain("packages/api");
  });

  it("counts text of few characters and many tokens: 5,000 CJK characters are 10,000 tokens", () => {
    // Four characters a token would call this 1,250 tokens; o200k splits each of these characters in two.
    const tree = writeTree({ "proj/.git/HEAD": "ref: refs/heads/main\n", "proj/AGENTS.md": `# 規則\n\n${"鬱".repeat(5_000)}\n` });
    const result = runCli(["lint", "--json", ...tree.args]);
    const codes = (JSON.parse(result.stdout) as { diagnostics: Array<{ code: string; message: string }> }).diagnostics.filter(
      (d) => d.code === "always-apply-too-large",
    );
    expect(codes).toHaveLength(1);
    expect(codes[0]?.message).toMatch(/come to 10,0\d\d tokens in every prompt, over 8,000; the largest: AGENTS \(10,0\d\d\)/);
  });

  it("says nothing about size below the threshold", () => {
    const tree = writeTree({ "proj/.git/HEAD": "ref: refs/heads/main\n", "proj/AGENTS.md": `${"Keep functions small and typed. ".repeat(800)}\n` });
    const result = runCli(["lint", ...tree.args]);
    expect(result.stdout).not.toContain("always-apply-too-large");
  });
});

describe("rulebook lint on a glob that cannot be compiled", () => {
  it("warns on the glob's line, naming the glob, so the author learns why the rule never comes in", () => {
    const tree = writeTree({
      "proj/.git/HEAD": "ref: refs/heads/main\n",
      "proj/.cursor/rules/components.mdc":
        '---\ndescription: Component conventions\nglobs: "[unclosed"\nalwaysApply: false\n---\nOne component per file.\n',
    });
    const result = runCli(["lint", ...tree.args]);
    expect(result.stdout).toMatch(
      /\.cursor\/rules\/components\.mdc\n {2}3 +warning +globs-invalid +glob "\[unclosed" cannot be used: its "\[" is never closed/,
    );
  });
});
