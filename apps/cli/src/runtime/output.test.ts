import { spawnSync } from "node:child_process";
import { closeSync, existsSync, openSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CLI, EXAMPLE, exampleArgs, runCli, writeTree } from "../../test/helpers.js";
import { runInProcess } from "../../test/memory-io.js";

const ESC = "\u001b";
const HOSTILE = `Be nice.${ESC}]0;pwned${String.fromCharCode(7)}${ESC}[2J\u009b31m\u0008\u0001done\ttab`;

describe("--json failures", () => {
  const error = (stdout: string) => (JSON.parse(stdout) as { error: { code: string; message: string } }).error;

  it("prints usage errors as JSON on stdout, exit 2, nothing on stderr", async () => {
    for (const args of [
      ["inspect", "--json", "--jsn"],
      ["read", "--json", "not-a-url"],
      ["frobnicate", "--json"],
    ]) {
      const result = await runInProcess([...args, ...exampleArgs]);
      expect(result.code, args.join(" ")).toBe(2);
      expect(error(result.stdout).code).toBe("usage");
      expect(error(result.stdout).message.length).toBeGreaterThan(0);
      expect(result.stderr).toBe("");
    }
  });

  it("prints failures the user caused as JSON on stdout, exit 1", async () => {
    const unknown = await runInProcess(["read", "rule://nope", "--json", ...exampleArgs]);
    expect(unknown.code).toBe(1);
    expect(error(unknown.stdout)).toMatchObject({ code: "unknown-rule" });
    expect(error(unknown.stdout).message).toContain('unknown rule "nope"');
    const explain = await runInProcess(["explain", "rule://nope", "--json", ...exampleArgs]);
    expect([explain.code, error(explain.stdout).code]).toEqual([1, "unknown-rule"]);
    const where = await runInProcess(["inspect", "--json", "--cwd", "/does/not/exist"]);
    expect([where.code, error(where.stdout).code]).toEqual([1, "location"]);
    const stream = await runInProcess(["ttsr", "--json", "--input", "/does/not/exist", ...exampleArgs]);
    expect([stream.code, error(stream.stdout).code]).toEqual([1, "bad-input"]);
  });
});

describe("--json data", () => {
  it("read gives name, path, content and the diagnostics of that rule only", async () => {
    const result = await runInProcess(["read", "rule://release-notes", "--json", ...exampleArgs]);
    const report = JSON.parse(result.stdout) as { name: string; path: string; content: string; diagnostics: Array<{ code: string; path: string }> };
    expect(report.name).toBe("release-notes");
    expect(report.path).toBe(join(EXAMPLE, "proj/.cursor/rules/release-notes.mdc"));
    expect(report.content).toContain("Release notes");
    expect(report.diagnostics.map((d) => d.code)).toEqual(["always-apply-not-boolean"]);
  });

  it("prompt gives the text, its tokens, what it includes and what the budget left out", async () => {
    const result = await runInProcess(["prompt", "--json", "--file", "src/ui/App.tsx", ...exampleArgs]);
    type Entry = { name: string; section: string; tokens: number };
    const report = JSON.parse(result.stdout) as { text: string; tokens: number; included: Entry[]; omitted: Entry[] };
    expect(report.text).toContain("# Rules");
    expect(report.tokens).toBeGreaterThan(100);
    expect(report.included).toContainEqual(expect.objectContaining({ name: "ui-styling", section: "attached" }));
    expect(report.included).toContainEqual(expect.objectContaining({ name: "project-overview", section: "always" }));
    expect(report.omitted).toEqual([]);
    expect(result.stderr).toBe("");

    const tight = JSON.parse((await runInProcess(["prompt", "--json", "--max-tokens", "400", ...exampleArgs])).stdout) as typeof report;
    expect(tight.omitted.length).toBeGreaterThan(0);
    expect(tight.text).toContain(tight.omitted[0]?.name);
    const human = await runInProcess(["prompt", "--max-tokens", "400", ...exampleArgs]);
    expect(human.stderr).toMatch(/always-apply rules? left out to fit 400 tokens: /);
  });

  it("prompt takes its budget from the configuration", async () => {
    const tree = writeTree({
      "proj/.rulebookrc": "maxTokens: 30\n",
      "proj/.xcsh/rules/a.md": `---\nalwaysApply: true\n---\n${"Always do the first thing. ".repeat(10)}\n`,
      "proj/.xcsh/rules/b.md": `---\nalwaysApply: true\n---\n${"Always do the second thing. ".repeat(10)}\n`,
    });
    const report = JSON.parse((await runInProcess(["prompt", "--json", ...tree.args])).stdout) as { omitted: Array<{ name: string }> };
    expect(report.omitted.map((o) => o.name)).toContain("b");
  });

  it("ttsr gives the firings", async () => {
    const result = await runInProcess(["ttsr", "--json", "--input", join(EXAMPLE, "stream.txt"), ...exampleArgs]);
    const { firings } = JSON.parse(result.stdout) as { firings: Array<{ rule: string; offset: number; match: string }> };
    expect(firings.map((f) => f.rule).sort()).toEqual(["no-console-log", "no-leftover-todos"]);
  });
});

describe("locations", () => {
  it("--root alone, run from outside that root, means that project", async () => {
    const [, proj, , , , home] = exampleArgs as [string, string, string, string, string, string];
    const result = await runInProcess(["inspect", "--json", "--root", proj, "--home", home], { cwd: "/" });
    const report = JSON.parse(result.stdout) as { cwd: string; root: string; rules: unknown[] };
    expect([report.cwd, report.root]).toEqual([proj, proj]);
    expect(report.rules.length).toBeGreaterThan(5);
  });
});

describe("human output", () => {
  it("read prints only the diagnostics of the rule it reads", async () => {
    const warned = await runInProcess(["read", "rule://release-notes", ...exampleArgs]);
    expect(warned.stderr).toContain("always-apply-not-boolean");
    expect(warned.stderr).toMatch(/1 problem \(0 errors, 1 warning, 0 info\)/);
    const clean = await runInProcess(["read", "rule://react-components", ...exampleArgs]);
    expect(clean.stderr).toBe("");
  });

  it("explain . describes the project root", async () => {
    const result = await runInProcess(["explain", ".", ...exampleArgs]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Rules for the project root$/m);
    expect(result.stdout).not.toContain("outside the project root");
    expect(result.stdout).toMatch(/applies +project-overview/);
    const json = JSON.parse((await runInProcess(["explain", ".", "--json", ...exampleArgs])).stdout) as { projectPath: string };
    expect(json.projectPath).toBe(".");
  });
});

describe("terminal control sequences from rule files", () => {
  const tree = writeTree({
    "proj/.xcsh/rules/always.md": `---\nalwaysApply: true\n---\n${HOSTILE}\n`,
    "proj/.xcsh/rules/trap.md": `---\ncondition: 'forbidden'\n---\nWhen tempted: ${HOSTILE}\n`,
  });

  for (const [command, args] of [
    ["read", ["read", "rule://always"]],
    ["prompt", ["prompt"]],
    ["ttsr", ["ttsr", "--input", "-"]],
  ] as const) {
    it(`${command}: neutralised on a terminal, byte for byte into a pipe`, async () => {
      const tty = await runInProcess([...args, ...tree.args], { isTTY: true, stdin: `say forbidden ${ESC}[2J now` });
      expect(tty.code).toBe(0);
      // Control characters other than tab and line feed: none reaches the terminal.
      expect([...tty.stdout].filter((c) => c !== "\t" && c !== "\n" && /\p{Cc}/u.test(c))).toEqual([]);
      expect(tty.stdout).toContain("\\u{1B}]0;pwned\\u{7}\\u{1B}[2J\\u{9B}31m\\u{8}\\u{1}done\ttab");
      const piped = await runInProcess([...args, ...tree.args], { isTTY: false, stdin: `say forbidden ${ESC}[2J now` });
      expect(piped.stdout).toContain(HOSTILE);
    });
  }
});

describe("output that cannot be written", () => {
  it.skipIf(!existsSync("/dev/full"))("inspect > /dev/full exits 1 with one line on stderr, no stack trace", () => {
    const full = openSync("/dev/full", "w");
    try {
      const result = spawnSync(process.execPath, [CLI, "inspect", ...exampleArgs], { stdio: ["ignore", full, "pipe"], encoding: "utf8" });
      expect(result.status).toBe(1);
      expect(
        result.stderr
          .trim()
          .split("\n")
          .filter((l) => l.startsWith("rulebook:")),
      ).toEqual(["rulebook: cannot write the output: ENOSPC"]);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    } finally {
      closeSync(full);
    }
  });

  it("a reader that goes away early is no error", () => {
    const result = spawnSync(
      "sh",
      ["-c", `"${process.execPath}" "${CLI}" inspect --json ${exampleArgs.map((a) => `"${a}"`).join(" ")} | head -c 10 >/dev/null`],
      {
        encoding: "utf8",
      },
    );
    expect(result.stderr).toBe("");
  });
});

describe("colours", () => {
  it("stay off in a pipe", () => {
    expect(runCli(["providers", ...exampleArgs], { env: { NO_COLOR: undefined, FORCE_COLOR: "1" } }).stdout).not.toContain(ESC);
  });
});
