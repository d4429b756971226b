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

/**
 * Every provider the `rulebook` CLI bundles, in its order (docs/behaviour.md#providers: the
 * order breaks ties of priority).
 */
export const bundledProviders: readonly Provider[] = Object.freeze([
  nativeProvider,
  agentsProvider,
  agentsMdProvider,
  cursorProvider,
  windsurfProvider,
  claudeProvider,
  clineProvider,
  geminiProvider,
  qwenProvider,
  copilotProvider,
  crushProvider,
  gooseProvider,
  kiroProvider,
  rooProvider,
  continueProvider,
  kilocodeProvider,
  amazonQProvider,
  augmentProvider,
  junieProvider,
  traeProvider,
  zedProvider,
]);

/** A new registry holding every bundled provider, as the CLI runs them without a configuration. */
export function createBundledRegistry(): Registry {
  return createRegistry(bundledProviders);
}
