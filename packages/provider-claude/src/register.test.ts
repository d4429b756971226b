import { join } from "node:path";
import { getDefaultRegistry } from "@rulebook/core";
import { expect, it } from "vitest";
import { fixture } from "../test/helpers.js";

it("registers the Claude Code provider into the default registry only when ./register is imported", async () => {
  await import("./index.js");
  expect(getDefaultRegistry().has("claude")).toBe(false);

  await import("./register.js");
  const monorepo = fixture("monorepo");
  const result = await getDefaultRegistry().load({ cwd: join(monorepo, "proj"), home: join(monorepo, "home"), root: join(monorepo, "proj") });
  expect(result.providers.map((p) => p.id)).toEqual(["claude"]);
  expect(result.rules.map((r) => r.name)).toContain("packages/api/CLAUDE");
});
