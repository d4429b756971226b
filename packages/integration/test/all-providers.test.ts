import { readFile } from "node:fs/promises";
import { bundledProviders } from "@rulebook/all-providers";
import { expect, it } from "vitest";
import { BUNDLED_PROVIDERS } from "../../../apps/cli/src/bundled-providers.js";

// @rulebook/all-providers is the one list of bundled providers; the CLI re-exports its lazy loaders
// (bundledByPackage). This keeps the package's dependencies, its loaders and its exports the same list.

it("depends on exactly the CLI's bundled provider packages, in the CLI's order", async () => {
  const manifest = JSON.parse(await readFile(new URL("../../all-providers/package.json", import.meta.url), "utf8")) as {
    dependencies: Record<string, string>;
  };
  expect(Object.keys(manifest.dependencies)).toEqual(Object.keys(BUNDLED_PROVIDERS));
});

it("exports the same provider, in the same order, as the CLI loads from each bundled package", async () => {
  const fromCli = [];
  for (const bundled of Object.values(BUNDLED_PROVIDERS)) {
    const module = (await bundled.module()) as Record<string, unknown>;
    fromCli.push(Object.values(module).find((value) => bundledProviders.includes(value as never)) ?? module);
  }
  expect(fromCli).toEqual([...bundledProviders]);
  expect(bundledProviders.map((p) => p.id)).toEqual(fromCli.map((p) => (p as { id: string }).id));
});
