import { describe, expect, it } from "vitest";
import type { Provider } from "../provider/provider.js";
import { type ProviderContractOptions, contractSetup, providerContractChecks } from "./contract-checks.js";

/**
 * Registers the provider contract as vitest tests, in a `describe` block named after the
 * provider: shape, priority, id, empty and missing folders, hostile files, paths in
 * diagnostics, levels, stable order, and reading through `ctx.fs`.
 */
export function runProviderContract(provider: Provider, options: ProviderContractOptions = {}): void {
  const checks = providerContractChecks(provider, options);
  describe(`provider contract: ${String(provider?.id)}`, () => {
    for (const check of checks) {
      if (check.needsSetup && !contractSetup(provider, options)) {
        it.skip(`${check.name} (needs options.setup)`, () => undefined);
        continue;
      }
      it(check.name, async () => {
        const problems = await check.run();
        expect(problems, problems.join("\n")).toEqual([]);
      });
    }
  });
}
