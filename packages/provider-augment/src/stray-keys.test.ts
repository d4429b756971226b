import { join } from "node:path";
import { createRegistry, partitionRules } from "@rulebook/core";
import { fixturesAt } from "@rulebook/core/testing";
import { describe, expect, it } from "vitest";
import { augmentProvider } from "./index.js";

const fixture = fixturesAt(new URL("../test/fixtures/", import.meta.url));

const proj = join(fixture("stray-keys"), "proj");
const where = { cwd: proj, root: proj, home: join(fixture("stray-keys"), "home") };

// A `type` Augment wrote next to keys copied from Cursor: the type decides.
describe("Augment's type beside other tools' keys", () => {
  it("gives each rule the category its type says", async () => {
    const { rules } = await createRegistry([augmentProvider]).load(where);
    const { all } = partitionRules(rules);
    expect(all.map(({ rule, category, reason }) => [rule.name, category, rule.globs, reason.split(";")[0]])).toEqual([
      ["api", "rulebook", undefined, "has a description"],
      ["overview", "always-apply", ["**/*.go"], "alwaysApply: true"],
      ["release", "inactive", undefined, expect.any(String)],
    ]);
  });
});
