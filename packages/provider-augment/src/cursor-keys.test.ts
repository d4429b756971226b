import { join } from "node:path";
import { createRegistry, partitionRules } from "@rulebook/core";
import { describe, expect, it } from "vitest";
import { fixturesAt } from "@rulebook/core/testing";
import { augmentProvider } from "./index.js";

const fixture = fixturesAt(new URL("../test/fixtures/", import.meta.url));

const proj = join(fixture("cursor-keys"), "proj");
const where = { cwd: proj, root: proj, home: join(fixture("cursor-keys"), "home") };

// Real .augment/rules folders copied from Cursor keep Cursor's keys and no `type`.
describe("Augment rules written with Cursor's keys", () => {
  it("always apply without a type, as Augment reads only type", async () => {
    const result = await createRegistry([augmentProvider]).load(where);
    const { all } = partitionRules(result.rules);
    expect(all.map((entry) => [entry.rule.name, entry.category, entry.rule.globs])).toEqual([
      ["00-overview", "always-apply", undefined],
      ["10-go-style", "always-apply", undefined],
      ["20-frontend", "always-apply", undefined],
      ["30-release", "rulebook", undefined],
    ]);
  });

  it("says which keys Augment ignores, once per file, at the key's line", async () => {
    const result = await createRegistry([augmentProvider]).load(where);
    const notes = result.diagnostics.filter((d) => d.code === "augment-cursor-keys");
    expect(notes.map((d) => [d.severity, d.path?.slice(proj.length + 1), d.line, d.message.includes("`globs`")])).toEqual([
      ["info", ".augment/rules/00-overview.md", 3, false],
      ["info", ".augment/rules/10-go-style.md", 3, true],
      ["info", ".augment/rules/20-frontend.md", 3, true],
    ]);
  });
});
