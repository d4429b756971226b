import { join } from "node:path";
import { getDefaultRegistry } from "@rulebook/core";
import { expect, it } from "vitest";
import { fixture } from "../test/helpers.js";

it("registers the Cline provider into the default registry only when ./register is imported", async () => {
  await import("./index.js");
  expect(getDefaultRegistry().has("cline")).toBe(false);

  await import("./register.js");
  const folder = fixture("folder");
  const result = await getDefaultRegistry().load({ cwd: join(folder, "proj"), home: join(folder, "home") });
  expect(result.providers.map((p) => p.id)).toEqual(["cline"]);
  expect(result.rules.map((r) => r.name)).toContain("typescript");
});
