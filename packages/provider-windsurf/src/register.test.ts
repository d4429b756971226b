import { join } from "node:path";
import { getDefaultRegistry } from "@rulebook/core";
import { expect, it } from "vitest";
import { fixture } from "../test/helpers.js";

it("registers the Windsurf provider into the default registry only when ./register is imported", async () => {
  await import("./index.js");
  expect(getDefaultRegistry().has("windsurf")).toBe(false);

  await import("./register.js");
  const realistic = fixture("realistic");
  const result = await getDefaultRegistry().load({ cwd: join(realistic, "proj"), home: join(realistic, "home") });
  expect(result.providers.map((p) => p.id)).toEqual(["windsurf"]);
  expect(result.rules.map((r) => r.name)).toContain("windsurfrules");
});
