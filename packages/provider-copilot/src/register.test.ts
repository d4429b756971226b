import { join } from "node:path";
import { getDefaultRegistry } from "@rulebook/core";
import { expect, it } from "vitest";
import { fixture } from "../test/helpers.js";

it("registers the GitHub Copilot provider into the default registry only when ./register is imported", async () => {
  await import("./index.js");
  expect(getDefaultRegistry().has("copilot")).toBe(false);

  await import("./register.js");
  const monorepo = fixture("repository");
  const result = await getDefaultRegistry().load({ cwd: join(monorepo, "proj"), home: join(monorepo, "home"), root: join(monorepo, "proj") });
  expect(result.providers.map((p) => p.id)).toEqual(["copilot"]);
  expect(result.rules.map((r) => r.name)).toContain("typescript");
});
