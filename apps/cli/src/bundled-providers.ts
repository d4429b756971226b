import type { BundledProvider } from "@rulebook/config";

/**
 * The providers the app ships, by package name, in the order of docs/behaviour.md#providers
 * (it breaks ties of priority). Listing one of these names in a configuration uses this
 * copy, so it works without being installed in the project; with no configuration, all of
 * them run. They are one chunk (`bundled-provider-modules.ts`), loaded with the first project.
 */
export const BUNDLED_PROVIDERS: Readonly<Record<string, BundledProvider>> = Object.fromEntries(
  [
    "@rulebook/provider-native",
    "@rulebook/provider-agents",
    "@rulebook/provider-agents-md",
    "@rulebook/provider-cursor",
    "@rulebook/provider-windsurf",
    "@rulebook/provider-claude",
    "@rulebook/provider-cline",
    "@rulebook/provider-gemini",
    "@rulebook/provider-qwen",
    "@rulebook/provider-copilot",
    "@rulebook/provider-crush",
    "@rulebook/provider-goose",
    "@rulebook/provider-kiro",
    "@rulebook/provider-roo",
    "@rulebook/provider-continue",
    "@rulebook/provider-kilocode",
    "@rulebook/provider-amazonq",
    "@rulebook/provider-augment",
    "@rulebook/provider-junie",
    "@rulebook/provider-trae",
    "@rulebook/provider-zed",
  ].map((name) => [
    name,
    {
      module: async () => (await bundledModule(name)).module,
      manifest: async () => ({ default: { version: (await bundledModule(name)).version } }),
    },
  ]),
);

async function bundledModule(name: string): Promise<{ module: unknown; version: string }> {
  const { BUNDLED_PROVIDER_MODULES } = await import("./bundled-provider-modules.js");
  const found = BUNDLED_PROVIDER_MODULES[name];
  if (!found) throw new Error(`${name} is listed in BUNDLED_PROVIDERS but not bundled`);
  return found;
}
