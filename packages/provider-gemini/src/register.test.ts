import { join } from "node:path";
import { getDefaultRegistry } from "@rulebook/core";
import { expect, it } from "vitest";
import { fixture } from "../test/helpers.js";

it("registers the Gemini CLI provider into the default registry only when ./register is imported", async () => {
  await import("./index.js");
  expect(getDefaultRegistry().has("gemini")).toBe(false);

  await import("./register.js");
  const monorepo = fixture("workspace");
  const result = await getDefaultRegistry().load({ cwd: join(monorepo, "proj"), home: join(monorepo, "home"), root: join(monorepo, "proj") });
  expect(result.providers.map((p) => p.id)).toEqual(["gemini"]);
  expect(result.rules.map((r) => r.name)).toContain("packages/cli/GEMINI");
});
