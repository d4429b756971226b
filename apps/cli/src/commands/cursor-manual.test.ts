import { describe, expect, it } from "vitest";
import { fixtureArgs, runCli } from "../../test/helpers.js";

// Cursor writes a "Manual" rule as empty description and globs with alwaysApply: false; a person
// attaches it with @rule. Shaped like real .cursor/rules folders where most rules are manual.
describe("Cursor's manual rules", () => {
  const args = fixtureArgs("cursor-manual");

  it("are listed by inspect as manual, used when a person names them, not as never used", () => {
    const out = runCli(["inspect", ...args]).stdout;
    expect(out).toContain("Manual (used when a person names them, e.g. @rule in Cursor; read via rule://): 2");
    expect(out).toMatch(/ {2}create-migration {2}cursor\/project \.cursor\/rules\/create-migration\.mdc/);
    expect(out).toContain(
      "manual: no alwaysApply, description, globs or usable condition; no agent applies it on its own, a person names it (@create-migration) and rule://create-migration reads it",
    );
    expect(out).not.toContain("Inactive (never used)");
  });

  it("are explained as manual and readable through rule://", () => {
    const explained = runCli(["explain", "rule://release-checklist", ...args]).stdout;
    expect(explained).toMatch(/category +inactive \(manual\)/);
    expect(explained).toMatch(/rule:\/\/ +readable with rulebook read/);
    expect(runCli(["explain", "src/app/page.tsx", ...args]).stdout).toMatch(/no +create-migration +\[manual\] +inactive: manual: /);
    expect(runCli(["read", "rule://create-migration", ...args]).stdout).toContain("pnpm drizzle-kit generate");
  });
});
