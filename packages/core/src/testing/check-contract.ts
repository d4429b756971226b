import { type ContractCheck, type ProviderContractOptions, contractSetup, providerContractChecks } from "./contract-checks.js";
import type { Provider } from "../provider/provider.js";

/** The outcome of one contract check run outside vitest. */
export interface ContractCheckResult {
  name: string;
  status: "passed" | "failed" | "skipped";
  problems: string[];
}

/** Runs every contract check without a test runner and resolves to one result per check. */
export async function checkProviderContract(provider: Provider, options: ProviderContractOptions = {}): Promise<ContractCheckResult[]> {
  const results: ContractCheckResult[] = [];
  for (const check of providerContractChecks(provider, options)) results.push(await runCheck(check, Boolean(contractSetup(provider, options))));
  return results;
}

async function runCheck(check: ContractCheck, hasSetup: boolean): Promise<ContractCheckResult> {
  if (check.needsSetup && !hasSetup) return { name: check.name, status: "skipped", problems: [] };
  const problems = await check.run().catch((error: unknown) => [`the check itself failed: ${String(error)}`]);
  return { name: check.name, status: problems.length === 0 ? "passed" : "failed", problems };
}
