import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { EXAMPLE, exampleArgs, runCli, writeTree } from "../../test/helpers.js";

const STREAM = join(EXAMPLE, "stream.txt");
const text = readFileSync(STREAM, "utf8");

interface Firing {
  rule: string;
  offset: number;
  match: string;
}

function firings(stdout: string): Firing[] {
  const lines: Firing[] = [];
  for (const line of stdout.split("\n")) {
    if (!line.startsWith("{")) break;
    lines.push(JSON.parse(line));
  }
  return lines;
}

describe("rulebook ttsr", () => {
  const expected = [
    { rule: "no-console-log", offset: text.indexOf("console.log("), match: "console.log(" },
    { rule: "no-leftover-todos", offset: text.indexOf("TODO: remove"), match: "TODO: remove" },
  ];

  it("prints one JSON line per firing with the offset where the match starts", () => {
    const result = runCli(["ttsr", "--input", STREAM, ...exampleArgs]);
    expect(result.code).toBe(0);
    expect(firings(result.stdout)).toEqual(expected);
  });

  it("gives the same firings and offsets whatever the delta size, from stdin too", () => {
    for (const chunk of ["1", "3", "7", "64", "100000"]) {
      expect(firings(runCli(["ttsr", "--chunk", chunk, "--input", STREAM, ...exampleArgs]).stdout)).toEqual(expected);
    }
    expect(firings(runCli(["ttsr", ...exampleArgs], { input: text }).stdout)).toEqual(expected);
    expect(firings(runCli(["ttsr", "--input", "-", ...exampleArgs], { input: text }).stdout)).toEqual(expected);
  });

  it("shows the stream cut before the first match and the injected reminder", () => {
    const { stdout } = runCli(["ttsr", "--chunk", "16", "--input", STREAM, ...exampleArgs]);
    const cut = text.indexOf("console.log(");
    const streamed = Math.ceil((cut + "console.log(".length) / 16) * 16;
    expect(stdout).toContain(`after ${streamed} of ${text.length} characters`);
    expect(stdout).toContain(`rewinds to offset ${cut}`);
    const kept = stdout.slice(stdout.indexOf("--- kept output"), stdout.indexOf("--- injected"));
    expect(kept).toContain(text.slice(0, cut));
    expect(kept).not.toContain("console.log(");
    const injected = stdout.slice(stdout.indexOf("--- injected"));
    expect(injected).toContain("no-console-log");
    expect(injected).toContain("Use the logger instead");
    expect(injected).not.toContain("TODO: remove");
  });

  it("reports when nothing fires", () => {
    const result = runCli(["ttsr", ...exampleArgs], { input: "A clean answer with no logging." });
    expect(result.code).toBe(0);
    expect(firings(result.stdout)).toEqual([]);
    expect(result.stdout).toContain("No stream trigger fired");
  });

  it("matches across deltas and reports offsets in a stream with a multi-byte prefix", () => {
    const tree = writeTree({ "proj/.xcsh/rules/secret.md": "---\ncondition: '(?i)api[_-]key'\n---\nNever print secrets.\n" });
    const stream = "Ünïcödé 🎉 then the API_KEY shows";
    for (const chunk of ["1", "2", "5"]) {
      expect(firings(runCli(["ttsr", "--chunk", chunk, ...tree.args], { input: stream }).stdout)).toEqual([
        { rule: "secret", offset: stream.indexOf("API_KEY"), match: "API_KEY" },
      ]);
    }
  });

  it("watches the usable patterns of a rule and reports a refused one once", () => {
    const tree = writeTree({ "proj/.xcsh/rules/mixed.md": "---\ncondition: ['(broken', 'rm -rf']\n---\nNo destructive commands.\n" });
    const result = runCli(["ttsr", ...tree.args], { input: "then run rm -rf / to clean" });
    expect(firings(result.stdout)).toEqual([{ rule: "mixed", offset: 9, match: "rm -rf" }]);
    expect(result.stderr.match(/condition-pattern-invalid/g)).toHaveLength(1);
  });

  it("exits 2 for a bad --chunk", () => {
    for (const chunk of ["0", "-3", "abc", "1.5", ""]) {
      const result = runCli(["ttsr", "--chunk", chunk, "--input", STREAM, ...exampleArgs]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain("--chunk");
    }
  });

  it("exits 1 when the input file cannot be read", () => {
    const result = runCli(["ttsr", "--input", join(EXAMPLE, "missing.txt"), ...exampleArgs]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("cannot read the stream");
  });
});
