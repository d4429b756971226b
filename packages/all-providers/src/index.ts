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
import { opencodeProvider } from "@rulebook/provider-opencode";
import nativeManifest from "@rulebook/provider-native/package.json" with { type: "json" };
import agentsManifest from "@rulebook/provider-agents/package.json" with { type: "json" };
import agentsMdManifest from "@rulebook/provider-agents-md/package.json" with { type: "json" };
import cursorManifest from "@rulebook/provider-cursor/package.json" with { type: "json" };
import windsurfManifest from "@rulebook/provider-windsurf/package.json" with { type: "json" };
import claudeManifest from "@rulebook/provider-claude/package.json" with { type: "json" };
import clineManifest from "@rulebook/provider-cline/package.json" with { type: "json" };
import geminiManifest from "@rulebook/provider-gemini/package.json" with { type: "json" };
import qwenManifest from "@rulebook/provider-qwen/package.json" with { type: "json" };
import copilotManifest from "@rulebook/provider-copilot/package.json" with { type: "json" };
import crushManifest from "@rulebook/provider-crush/package.json" with { type: "json" };
import gooseManifest from "@rulebook/provider-goose/package.json" with { type: "json" };
import kiroManifest from "@rulebook/provider-kiro/package.json" with { type: "json" };
import rooManifest from "@rulebook/provider-roo/package.json" with { type: "json" };
import continueManifest from "@rulebook/provider-continue/package.json" with { type: "json" };
import kilocodeManifest from "@rulebook/provider-kilocode/package.json" with { type: "json" };
import amazonQManifest from "@rulebook/provider-amazonq/package.json" with { type: "json" };
import augmentManifest from "@rulebook/provider-augment/package.json" with { type: "json" };
import junieManifest from "@rulebook/provider-junie/package.json" with { type: "json" };
import traeManifest from "@rulebook/provider-trae/package.json" with { type: "json" };
import zedManifest from "@rulebook/provider-zed/package.json" with { type: "json" };
import opencodeManifest from "@rulebook/provider-opencode/package.json" with { type: "json" };

/** Every provider the `rulebook` CLI bundles, with its package name and version, in the CLI's order: the one list. */
const byPackage: ReadonlyArray<readonly [string, Provider, string]> = [
  ["@rulebook/provider-native", nativeProvider, nativeManifest.version],
  ["@rulebook/provider-agents", agentsProvider, agentsManifest.version],
  ["@rulebook/provider-agents-md", agentsMdProvider, agentsMdManifest.version],
  ["@rulebook/provider-cursor", cursorProvider, cursorManifest.version],
  ["@rulebook/provider-windsurf", windsurfProvider, windsurfManifest.version],
  ["@rulebook/provider-claude", claudeProvider, claudeManifest.version],
  ["@rulebook/provider-cline", clineProvider, clineManifest.version],
  ["@rulebook/provider-gemini", geminiProvider, geminiManifest.version],
  ["@rulebook/provider-qwen", qwenProvider, qwenManifest.version],
  ["@rulebook/provider-copilot", copilotProvider, copilotManifest.version],
  ["@rulebook/provider-crush", crushProvider, crushManifest.version],
  ["@rulebook/provider-goose", gooseProvider, gooseManifest.version],
  ["@rulebook/provider-kiro", kiroProvider, kiroManifest.version],
  ["@rulebook/provider-roo", rooProvider, rooManifest.version],
  ["@rulebook/provider-continue", continueProvider, continueManifest.version],
  ["@rulebook/provider-kilocode", kilocodeProvider, kilocodeManifest.version],
  ["@rulebook/provider-amazonq", amazonQProvider, amazonQManifest.version],
  ["@rulebook/provider-augment", augmentProvider, augmentManifest.version],
  ["@rulebook/provider-junie", junieProvider, junieManifest.version],
  ["@rulebook/provider-trae", traeProvider, traeManifest.version],
  ["@rulebook/provider-zed", zedProvider, zedManifest.version],
  ["@rulebook/provider-opencode", opencodeProvider, opencodeManifest.version],
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
export const bundledByPackage: Readonly<Record<string, BundledPackage>> = Object.freeze(
  Object.fromEntries(
    byPackage.map(([name, provider, version]) => [
      name,
      { module: async () => ({ default: provider }), manifest: async () => ({ default: { version } }) },
    ]),
  ),
);

/** A bundled provider package as `@rulebook/config` takes it: its module and its package.json's version. */
export interface BundledPackage {
  module: () => Promise<{ default: Provider }>;
  manifest: () => Promise<{ default: { version: string } }>;
}

/** A new registry holding every bundled provider, as the CLI runs them without a configuration. */
export function createBundledRegistry(): Registry {
  return createRegistry(bundledProviders);
}
