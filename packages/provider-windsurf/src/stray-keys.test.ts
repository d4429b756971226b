import { join } from "node:path";
import { createRegistry, partitionRules } from "@rulebook/core";
import { fixturesAt } from "@rulebook/core/testing";
import { describe, expect, it } from "vitest";
import { windsurfProvider } from "./index.js";

const fixture = fixturesAt(new URL("../test/fixtures/", import.meta.url));

const proj = join(fixture("stray-keys"), "proj");
const where = { cwd: proj, root: proj, home: join(fixture("stray-keys"), "home") };

// Rules copied from Cursor keep its keys next to the `trigger` Windsurf writes; the trigger decides.
describe("Windsurf's trigger beside other tools' keys", () => {
  it("gives each rule the category its trigger says, whatever globs or alwaysApply it also carries", async () => {
    const { rules } = await createRegistry([windsurfProvider]).load(where);
    const { all } = partitionRules(rules);
    expect(all.map(({ rule, category }) => [rule.name, category, rule.globs, rule.description])).toEqual([
      ["api-review", "rulebook", undefined, "How to review changes to the public HTTP API"],
      ["migrations", "auto-attach", ["db/migrations/*.sql"], undefined],
      ["release", "inactive", undefined, undefined],
      ["style", "always-apply", ["**/*.ts"], undefined],
    ]);
  });
});
