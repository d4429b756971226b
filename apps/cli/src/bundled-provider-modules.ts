/**
 * Every provider the app bundles, in one module: the app loads them together, as one chunk,
 * when the first project loads (loading 21 modules and 21 manifests one by one cost more).
 */
import * as native from "@rulebook/provider-native";
import nativeManifest from "@rulebook/provider-native/package.json" with { type: "json" };
import * as agents from "@rulebook/provider-agents";
import agentsManifest from "@rulebook/provider-agents/package.json" with { type: "json" };
import * as agentsMd from "@rulebook/provider-agents-md";
import agentsMdManifest from "@rulebook/provider-agents-md/package.json" with { type: "json" };
import * as cursor from "@rulebook/provider-cursor";
import cursorManifest from "@rulebook/provider-cursor/package.json" with { type: "json" };
import * as windsurf from "@rulebook/provider-windsurf";
import windsurfManifest from "@rulebook/provider-windsurf/package.json" with { type: "json" };
import * as claude from "@rulebook/provider-claude";
import claudeManifest from "@rulebook/provider-claude/package.json" with { type: "json" };
import * as cline from "@rulebook/provider-cline";
import clineManifest from "@rulebook/provider-cline/package.json" with { type: "json" };
import * as gemini from "@rulebook/provider-gemini";
import geminiManifest from "@rulebook/provider-gemini/package.json" with { type: "json" };
import * as qwen from "@rulebook/provider-qwen";
import qwenManifest from "@rulebook/provider-qwen/package.json" with { type: "json" };
import * as copilot from "@rulebook/provider-copilot";
import copilotManifest from "@rulebook/provider-copilot/package.json" with { type: "json" };
import * as crush from "@rulebook/provider-crush";
import crushManifest from "@rulebook/provider-crush/package.json" with { type: "json" };
import * as goose from "@rulebook/provider-goose";
import gooseManifest from "@rulebook/provider-goose/package.json" with { type: "json" };
import * as kiro from "@rulebook/provider-kiro";
import kiroManifest from "@rulebook/provider-kiro/package.json" with { type: "json" };
import * as roo from "@rulebook/provider-roo";
import rooManifest from "@rulebook/provider-roo/package.json" with { type: "json" };
import * as continueProvider from "@rulebook/provider-continue";
import continueManifest from "@rulebook/provider-continue/package.json" with { type: "json" };
import * as kilocode from "@rulebook/provider-kilocode";
import kilocodeManifest from "@rulebook/provider-kilocode/package.json" with { type: "json" };
import * as amazonq from "@rulebook/provider-amazonq";
import amazonqManifest from "@rulebook/provider-amazonq/package.json" with { type: "json" };
import * as augment from "@rulebook/provider-augment";
import augmentManifest from "@rulebook/provider-augment/package.json" with { type: "json" };
import * as junie from "@rulebook/provider-junie";
import junieManifest from "@rulebook/provider-junie/package.json" with { type: "json" };
import * as trae from "@rulebook/provider-trae";
import traeManifest from "@rulebook/provider-trae/package.json" with { type: "json" };
import * as zed from "@rulebook/provider-zed";
import zedManifest from "@rulebook/provider-zed/package.json" with { type: "json" };

/** Each bundled provider package's module and version, by package name. */
export const BUNDLED_PROVIDER_MODULES: Readonly<Record<string, { module: unknown; version: string }>> = {
  "@rulebook/provider-native": { module: native, version: nativeManifest.version },
  "@rulebook/provider-agents": { module: agents, version: agentsManifest.version },
  "@rulebook/provider-agents-md": { module: agentsMd, version: agentsMdManifest.version },
  "@rulebook/provider-cursor": { module: cursor, version: cursorManifest.version },
  "@rulebook/provider-windsurf": { module: windsurf, version: windsurfManifest.version },
  "@rulebook/provider-claude": { module: claude, version: claudeManifest.version },
  "@rulebook/provider-cline": { module: cline, version: clineManifest.version },
  "@rulebook/provider-gemini": { module: gemini, version: geminiManifest.version },
  "@rulebook/provider-qwen": { module: qwen, version: qwenManifest.version },
  "@rulebook/provider-copilot": { module: copilot, version: copilotManifest.version },
  "@rulebook/provider-crush": { module: crush, version: crushManifest.version },
  "@rulebook/provider-goose": { module: goose, version: gooseManifest.version },
  "@rulebook/provider-kiro": { module: kiro, version: kiroManifest.version },
  "@rulebook/provider-roo": { module: roo, version: rooManifest.version },
  "@rulebook/provider-continue": { module: continueProvider, version: continueManifest.version },
  "@rulebook/provider-kilocode": { module: kilocode, version: kilocodeManifest.version },
  "@rulebook/provider-amazonq": { module: amazonq, version: amazonqManifest.version },
  "@rulebook/provider-augment": { module: augment, version: augmentManifest.version },
  "@rulebook/provider-junie": { module: junie, version: junieManifest.version },
  "@rulebook/provider-trae": { module: trae, version: traeManifest.version },
  "@rulebook/provider-zed": { module: zed, version: zedManifest.version },
};
