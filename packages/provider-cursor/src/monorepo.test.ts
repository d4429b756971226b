import { join } from "node:path";
import { createRegistry, partitionRules } from "@rulebook/core";
import { loadProvider, fixturesAt } from "@rulebook/core/testing";
import { describe, expect, it } from "vitest";
import { cursorProvider } from "./index.js";

const fixture = fixturesAt(new URL("../test/fixtures/", import.meta.url));

const proj = join(fixture("monorepo"), "proj");
const monorepo = { cwd: proj, home: join(fixture("monorepo"), "home"), root: proj };

describe("cursorProvider in a monorepo", () => {
  it("finds .cursor/rules at any depth, each scoped to the folder that holds it, names prefixed with the scope", async () => {
    const { rules, diagnostics } = await loadProvider(cursorProvider, monorepo);
    expect(rules.map((r) => [r.name, r.scope, r.path])).toEqual([
      ["docs", undefined, join(proj, ".cursor/rules/docs.mdc")],
      ["general", undefined, join(proj, ".cursor/rules/general.mdc")],
      ["packages/api/db/migrations", "packages/api", join(proj, "packages/api/.cursor/rules/db/migrations.mdc")],
      ["packages/api/handlers", "packages/api", join(proj, "packages/api/.cursor/rules/handlers.mdc")],
      ["packages/cache/cache-package", "packages/cache", join(proj, "packages/cache/.cursor/rules/cache-package.md")],
      ["packages/web/react", "packages/web", join(proj, "packages/web/.cursor/rules/react.mdc")],
    ]);
    expect(diagnostics).toEqual([]);
  });

  it("keeps globs as written, whether root-relative (packages/web/src/**) or relative to the package", async () => {
    const { rules } = await loadProvider(cursorProvider, monorepo);
    const globs = Object.fromEntries(rules.map((r) => [r.name, r.globs]));
    expect(globs["packages/web/react"]).toEqual(["packages/web/src/**/*.tsx"]);
    expect(globs["packages/api/handlers"]).toEqual(["src/handlers/**/*.ts"]);
    expect(globs["packages/api/db/migrations"]).toEqual(["migrations/*.sql"]);
  });

  it("reads an empty globs: as no globs, silently", async () => {
    const { rules, diagnostics } = await loadProvider(cursorProvider, monorepo);
    expect(rules.find((r) => r.name === "general")).not.toHaveProperty("globs");
    expect(rules.find((r) => r.name === "docs")).toEqual(
      expect.objectContaining({
        description: "How we write documentation pages",
        content: "Every page starts with a one-sentence summary.",
      }),
    );
    expect(rules.find((r) => r.name === "docs")).not.toHaveProperty("globs");
    expect(diagnostics).toEqual([]);
  });

  it("reads a plain .md rule without frontmatter, which Cursor only applies when it is mentioned", async () => {
    const result = await createRegistry([cursorProvider]).load(monorepo);
    const categories = Object.fromEntries(partitionRules(result.rules).all.map((c) => [c.rule.name, c.category]));
    expect(categories).toEqual({
      docs: "rulebook",
      general: "always-apply",
      "packages/api/db/migrations": "auto-attach",
      "packages/api/handlers": "auto-attach",
      "packages/cache/cache-package": "inactive",
      "packages/web/react": "auto-attach",
    });
    expect(result.rules.find((r) => r.name === "packages/cache/cache-package")?.content).toMatch(/^# Cache package/);
  });

  it("reads only the rules below the project root when started inside a package", async () => {
    const web = join(proj, "packages/web");
    const { rules } = await loadProvider(cursorProvider, { ...monorepo, cwd: join(web, "src"), root: web });
    expect(rules.map((r) => [r.name, r.scope])).toEqual([["react", undefined]]);
  });
});
