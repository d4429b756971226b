import { getDefaultRegistry } from "@rulebook/core";
import { createTempProject } from "@rulebook/core/testing";
import { expect, it, onTestFinished } from "vitest";

it("registers the agents provider into the default registry only when ./register is imported", async () => {
  await import("./index.js");
  expect(getDefaultRegistry().has("agents")).toBe(false);

  await import("./register.js");
  await import("./register.js");
  const project = await createTempProject({ git: true });
  onTestFinished(() => project.cleanup());
  await project.write(".agents/rules/hello.md", "Hello from the default registry.");
  const result = await getDefaultRegistry().load({ cwd: project.cwd, home: project.home });
  expect(result.providers.map((p) => p.id)).toEqual(["agents"]);
  expect(result.rules.map((r) => r.name)).toEqual(["hello"]);
});
