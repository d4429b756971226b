import { describe, expect, it } from "vitest";
import { exampleArgs, runCli } from "../test/helpers.js";

describe("usage and exit codes", () => {
  it("exits 2 with a usage message for an unknown command", () => {
    const result = runCli(["frobnicate", ...exampleArgs]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("unknown command 'frobnicate'");
    expect(result.stderr).toContain("Usage: rulebook");
  });

  it("exits 2 for an unknown option, a missing argument or an extra argument", () => {
    for (const args of [["inspect", "--jsn"], ["explain"], ["inspect", "extra"], ["inspect", "--cwd"]]) {
      const result = runCli([...args, ...(args.includes("--cwd") ? [] : exampleArgs)]);
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.stderr).toContain("Usage:");
      expect(result.stdout).toBe("");
    }
  });

  it("exits 2 without a command, printing the help on stderr", () => {
    const result = runCli([]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("Commands:");
  });

  it("exits 0 for --help and --version, on stdout", () => {
    const help = runCli(["--help"]);
    expect(help.code).toBe(0);
    for (const command of ["inspect", "prompt", "read", "lint", "explain", "ttsr"]) expect(help.stdout).toContain(command);
    const sub = runCli(["prompt", "--help"]);
    expect(sub.code).toBe(0);
    expect(sub.stdout).toContain("--file <path>");
    expect(sub.stdout).toContain("--cwd <dir>");
    expect(runCli(["--version"]).stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });

  it("never colours piped output, even without NO_COLOR", () => {
    const result = runCli(["inspect", ...exampleArgs], { env: { NO_COLOR: undefined, FORCE_COLOR: "1" } });
    expect(result.stdout + result.stderr).not.toContain("\u001b[");
  });
});
