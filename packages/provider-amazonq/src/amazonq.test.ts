import { join } from "node:path";
import { createRegistry, partitionRules } from "@rulebook/core";
import { loadProvider, tempTree, fixturesAt } from "@rulebook/core/testing";
import { describe, expect, it } from "vitest";
import { amazonQProvider, createAmazonQProvider } from "./index.js";

const fixture = fixturesAt(new URL("../test/fixtures/", import.meta.url));

const proj = join(fixture("realistic"), "proj");
const realistic = { cwd: join(proj, "src"), root: proj, home: join(fixture("realistic"), "home") };

describe("amazonQProvider", () => {
  it("is the Amazon Q provider with priority 20", () => {
    expect(amazonQProvider).toMatchObject({ id: "amazonq", displayName: "Amazon Q", priority: 20 });
    expect(createAmazonQProvider({ priority: 5 }).priority).toBe(5);
  });

  it("reads every Markdown file under .amazonq/rules at the project root, subfolders included", async () => {
    const { rules, diagnostics } = await loadProvider(amazonQProvider, realistic);
    expect(rules.map((r) => [r.name, r.path, r.source.level])).toEqual([
      ["project-rules", join(proj, ".amazonq/rules/project-rules.md"), "project"],
      ["python/testing", join(proj, ".amazonq/rules/python/testing.md"), "project"],
      ["security", join(proj, ".amazonq/rules/security.md"), "project"],
    ]);
    expect(diagnostics).toEqual([]);
  });

  it("applies every plain rule always, as Amazon Q adds all of them to its context", async () => {
    const { rules } = await createRegistry([amazonQProvider]).load(realistic);
    const categories = Object.fromEntries(partitionRules(rules).all.map((c) => [c.rule.name, c.category]));
    expect(categories).toEqual({
      "project-rules": "always-apply",
      "python/testing": "always-apply",
      // Amazon Q ignores frontmatter; Rulebook honours keys a file sets on purpose (docs/behaviour.md#fields-and-activation).
      security: "auto-attach",
    });
  });

  it("never reads a user-level folder (Amazon Q has none)", async () => {
    const { rules } = await loadProvider(amazonQProvider, realistic);
    expect(rules.some((r) => r.path.startsWith(realistic.home))).toBe(false);
  });

  it("reports a .amazonq/rules that is a file instead of crashing", async () => {
    const root = join(fixture("rules-file"), "proj");
    const { rules, diagnostics } = await loadProvider(amazonQProvider, { cwd: root, root, home: join(root, "no-home") });
    expect(rules).toEqual([]);
    expect(diagnostics).toEqual([expect.objectContaining({ code: "not-a-folder", provider: "amazonq", path: join(root, ".amazonq/rules") })]);
  });

  it("does not look in nested packages: Amazon Q reads the workspace root only", async () => {
    const root = await tempTree({
      "proj/.amazonq/rules/root.md": "Root rule.",
      "proj/packages/api/.amazonq/rules/api.md": "Nested rule.",
    });
    const { rules } = await loadProvider(amazonQProvider, {
      cwd: join(root, "proj/packages/api"),
      root: join(root, "proj"),
      home: join(root, "home"),
    });
    expect(rules.map((r) => r.name)).toEqual(["root"]);
  });
});
