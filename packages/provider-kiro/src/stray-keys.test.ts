import { join } from "node:path";
import { createRegistry, partitionRules } from "@rulebook/core";
import { fixturesAt } from "@rulebook/core/testing";
import { describe, expect, it } from "vitest";
import { kiroProvider } from "./index.js";

const fixture = fixturesAt(new URL("../test/fixtures/", import.meta.url));

const proj = join(fixture("stray-keys"), "proj");
const where = { cwd: proj, root: proj, home: join(fixture("stray-keys"), "home") };

// Steering files copied from Cursor keep its `globs`, `description` and `alwaysApply`; Kiro reads `inclusion` only.
describe("Kiro's inclusion beside other tools' keys", () => {
  it("gives each file the category its inclusion says (none: always)", async () => {
    const { rules } = await createRegistry([kiroProvider]).load(where);
    const { all } = partitionRules(rules);
    expect(all.map(({ rule, category }) => [rule.name, category, rule.globs])).toEqual([
      ["api", "rulebook", undefined],
      ["product", "always-apply", ["docs/**"]],
      ["security", "inactive", undefined],
      ["style", "always-apply", undefined],
      ["testing", "auto-attach", ["**/*.test.ts"]],
    ]);
  });

  it("says which keys Kiro ignores on a file without inclusion, at the key's line", async () => {
    const { diagnostics } = await createRegistry([kiroProvider]).load(where);
    const notes = diagnostics.filter((d) => d.code === "kiro-other-keys");
    expect(notes.map((d) => [d.severity, d.path?.slice(proj.length + 1), d.line])).toEqual([["info", ".kiro/steering/style.md", 3]]);
    expect(notes[0]?.message).toContain("`globs` and `alwaysApply` but no inclusion");
  });
});
