import type { Provider } from "@rulebook/core";
import { CliError, EXIT } from "./cli-error.js";

/**
 * The providers `--to` names, checked before anything is read (docs/behaviour.md#export): an
 * empty list or entry, a repeated id, an unknown id or a provider without a write side is a
 * usage error (exit 2) naming it.
 */
export function exportTargets(providers: readonly Provider[], ids: readonly string[]): Provider[] {
  if (ids.length === 0 || ids.every((id) => id === "")) throw usage("--to: no target given (e.g. --to cursor,copilot)");
  if (ids.includes("")) throw usage(`--to: an empty target in "${ids.join(",")}"`);
  const seen = new Set<string>();
  return ids.map((id) => {
    if (seen.has(id)) throw usage(`--to: ${id} is given twice`);
    seen.add(id);
    const target = findProvider(providers, id, "--to");
    if (typeof target.write !== "function") throw usage(`--to ${target.id}: ${target.displayName} has no write side`);
    return target;
  });
}

/** The provider of `id`, or a usage error listing the known ids. */
export function findProvider(providers: readonly Provider[], id: string, option: string): Provider {
  const provider = providers.find((p) => p.id === id);
  if (!provider) throw usage(`${option}: no provider "${id}" (known: ${providers.map((p) => p.id).join(", ")})`);
  return provider;
}

function usage(message: string): CliError {
  return new CliError("usage", message, EXIT.usage);
}
