import { describe, expect, it } from "vitest";
import { fixtureArgs, runCli } from "../../test/helpers.js";

// Shaped like RooCodeInc/Roo-Code: rules for every mode, and a folder of rules per mode.
describe("Roo's mode rules, without and with --mode", () => {
  const args = fixtureArgs("roo-modes");

  it("lists the modes once, with counts, instead of every rule of every mode", () => {
    const out = runCli(["inspect", ...args]).stdout;
    expect(out).toContain(
      "Other modes\n  6 rules for other modes (no mode chosen; --mode NAME or the configuration's mode selects one): code 1, debug 1, issue-fixer 2, translate 2\n",
    );
    expect(out).not.toContain("rules-translate/instructions-de");
    expect(out).not.toContain("Inactive (never used)");
    const explain = runCli(["explain", "src/extension.ts", ...args]).stdout;
    expect(explain).toContain("  no        6 rules for other modes (no mode chosen;");
    // Two rules apply (two lines each), the modes are one line: short, whatever the number of modes.
    expect(explain.trimEnd().split("\n")).toHaveLength(8);
  });

  it("applies the rules of the mode asked for and still counts the others once", () => {
    const out = runCli(["inspect", "--mode", "translate", ...args]).stdout;
    expect(out).toMatch(/ {2}rules-translate\/instructions-de {2}roo\/project/);
    expect(out).toContain(
      "4 rules for other modes (mode is translate; --mode NAME or the configuration's mode selects one): code 1, debug 1, issue-fixer 2",
    );
  });
});
