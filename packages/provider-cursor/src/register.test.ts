import { join } from "node:path";
import { getDefaultRegistry } from "@rulebook/core";
import { expect, it } from "vitest";
import { fixture } from "../test/helpers.js";

it("registers the Cursor provider into the default registry only when ./register is imported", async () => {
  await import("./index.js");
  expect(getDefaultRegistry().has("cursor")).toBe(false);

  await import("./register.js");
  const realistic = fixture("realistic");
  const result = await getDefaultRegistry().load({
    cwd: join(realistic, "proj"),
    home: join(realistic, "home"),
  });
  expect(result.providers.map((p) => p.id)).toEqual(["cursor"]);
  expect(result.rules.map((r) => r.name)).toContain("python");
  expect(result.rules.every((r) => r.source.provider === "cursor")).toBe(true);
});
