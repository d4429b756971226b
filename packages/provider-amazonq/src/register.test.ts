import { join } from "node:path";
import { getDefaultRegistry } from "@rulebook/core";
import { expect, it } from "vitest";
import { fixture } from "../test/helpers.js";

it("registers the Amazon Q provider into the default registry only when ./register is imported", async () => {
  await import("./index.js");
  expect(getDefaultRegistry().has("amazonq")).toBe(false);

  await import("./register.js");
  const proj = join(fixture("realistic"), "proj");
  const result = await getDefaultRegistry().load({ cwd: proj, root: proj, home: join(fixture("realistic"), "home") });
  expect(result.providers.map((p) => p.id)).toEqual(["amazonq"]);
  expect(result.rules.map((r) => r.name)).toContain("project-rules");
});
