import { type Provider, type Registry, createRegistry } from "@rulebook/core";
import { nativeProvider } from "@rulebook/provider-native";
import { agentsProvider } from "@rulebook/provider-agents";
import { agentsMdProvider } from "@rulebook/provider-agents-md";
import { cursorProvider } from "@rulebook/provider-cursor";
import { windsurfProvider } from "@rulebook/provider-windsurf";
import { claudeProvider } from "@rulebook/provider-claude";
import { clineProvider } from "@rulebook/provider-cline";
import { geminiProvider } from "@rulebook/provider-gemini";
import { qwenProvider } from "@rulebook/provider-qwen";
import { copilotProvider } from "@rulebook/provider-copilot";
import { crushProvider } from "@rulebook/provider-crush";
import { gooseProvider } from "@rulebook/provider-goose";
import { kiroProvider } from "@rulebook/provider-kiro";
import { rooProvider } from "@rulebook/provider-roo";
import { continueProvider } from "@rulebook/provider-continue";
import { kilocodeProvider } from "@rulebook/provider-kilocode";
import { amazonQProvider } from "@rulebook/provider-amazonq";
import { augmentProvider } from "@rulebook/provider-augment";
import { junieProvider } from "@rulebook/provider-junie";
import { traeProvider } from "@rulebook/provider-trae";
import { zedProvider } from "@rulebook/provider-zed";

/** Every provider the `rulebook` CLI bundles, with its package name, in the CLI's order. */
const byPackage: ReadonlyArray<readonly [string, Provider]> = [
  ["@rulebook/provider-native", nativeProvider],
  ["@rulebook/provider-agents", agentsProvider],
  ["@rulebook/provider-agents-md", agentsMdProvider],
  ["@rulebook/provider-cursor", cursorProvider],
  ["@rulebook/provider-windsurf", windsurfProvider],
  ["@rulebook/provider-claude", claudeProvider],
  ["@rulebook/provider-cline", clineProvider],
  ["@rulebook/provider-gemini", geminiProvider],
  ["@rulebook/provider-qwen", qwenProvider],
  ["@rulebook/provider-copilot", copilotProvider],
  ["@rulebook/provider-crush", crushProvider],
  ["@rulebook/provider-goose", gooseProvider],
  ["@rulebook/provider-kiro", kiroProvider],
  ["@rulebook/provider-roo", rooProvider],
  ["@rulebook/provider-continue", continueProvider],
  ["@rulebook/provider-kilocode", kilocodeProvider],
  ["@rulebook/provider-amazonq", amazonQProvider],
  ["@rulebook/provider-augment", augmentProvider],
  ["@rulebook/provider-junie", junieProvider],
  ["@rulebook/provider-trae", traeProvider],
  ["@rulebook/provider-zed", zedProvider],
];

/**
 * Every provider the `rulebook` CLI bundles, in its order (docs/behaviour.md#providers: the
 * order breaks ties of priority).
 */
export const bundledProviders: readonly Provider[] = Object.freeze(byPackage.map(([, provider]) => provider));

/**
 * The same providers keyed by package name, in the shape `@rulebook/config`'s
 * `loadProject(root, { bundled })` takes: the project's configuration picks from them by the
 * names it lists (all of them run when it has none), exactly as the CLI does.
 */
export const bundledByPackage: Readonly<Record<string, { module: () => Promise<{ default: Provider }> }>> = Object.freeze(
  Object.fromEntries(byPackage.map(([name, provider]) => [name, { module: async () => ({ default: provider }) }])),
);

/** A new registry holding every bundled provider, as the CLI runs them without a configuration. */
export function createBundledRegistry(): Registry {
  return createRegistry(bundledProviders);
}
