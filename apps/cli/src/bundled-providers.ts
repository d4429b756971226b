import agentsPackage from "@rulebook/provider-agents/package.json" with { type: "json" };
import agentsMdPackage from "@rulebook/provider-agents-md/package.json" with { type: "json" };
import amazonqPackage from "@rulebook/provider-amazonq/package.json" with { type: "json" };
import augmentPackage from "@rulebook/provider-augment/package.json" with { type: "json" };
import claudePackage from "@rulebook/provider-claude/package.json" with { type: "json" };
import clinePackage from "@rulebook/provider-cline/package.json" with { type: "json" };
import continuePackage from "@rulebook/provider-continue/package.json" with { type: "json" };
import copilotPackage from "@rulebook/provider-copilot/package.json" with { type: "json" };
import cursorPackage from "@rulebook/provider-cursor/package.json" with { type: "json" };
import geminiPackage from "@rulebook/provider-gemini/package.json" with { type: "json" };
import juniePackage from "@rulebook/provider-junie/package.json" with { type: "json" };
import kiroPackage from "@rulebook/provider-kiro/package.json" with { type: "json" };
import nativePackage from "@rulebook/provider-native/package.json" with { type: "json" };
import rooPackage from "@rulebook/provider-roo/package.json" with { type: "json" };
import windsurfPackage from "@rulebook/provider-windsurf/package.json" with { type: "json" };

/** A provider package bundled into the app: its version and its `./register` entry. */
export interface BundledProvider {
  version: string;
  register: () => Promise<unknown>;
}

/**
 * The providers the app ships, by package name. Listing one of these names in a
 * configuration uses this copy, so it works without being installed in the project.
 */
export const BUNDLED_PROVIDERS: Readonly<Record<string, BundledProvider>> = {
  "@rulebook/provider-native": { version: nativePackage.version, register: () => import("@rulebook/provider-native/register") },
  "@rulebook/provider-agents": { version: agentsPackage.version, register: () => import("@rulebook/provider-agents/register") },
  "@rulebook/provider-agents-md": { version: agentsMdPackage.version, register: () => import("@rulebook/provider-agents-md/register") },
  "@rulebook/provider-cursor": { version: cursorPackage.version, register: () => import("@rulebook/provider-cursor/register") },
  "@rulebook/provider-windsurf": { version: windsurfPackage.version, register: () => import("@rulebook/provider-windsurf/register") },
  "@rulebook/provider-claude": { version: claudePackage.version, register: () => import("@rulebook/provider-claude/register") },
  "@rulebook/provider-cline": { version: clinePackage.version, register: () => import("@rulebook/provider-cline/register") },
  "@rulebook/provider-gemini": { version: geminiPackage.version, register: () => import("@rulebook/provider-gemini/register") },
  "@rulebook/provider-copilot": { version: copilotPackage.version, register: () => import("@rulebook/provider-copilot/register") },
  "@rulebook/provider-kiro": { version: kiroPackage.version, register: () => import("@rulebook/provider-kiro/register") },
  "@rulebook/provider-roo": { version: rooPackage.version, register: () => import("@rulebook/provider-roo/register") },
  "@rulebook/provider-continue": { version: continuePackage.version, register: () => import("@rulebook/provider-continue/register") },
  "@rulebook/provider-amazonq": { version: amazonqPackage.version, register: () => import("@rulebook/provider-amazonq/register") },
  "@rulebook/provider-augment": { version: augmentPackage.version, register: () => import("@rulebook/provider-augment/register") },
  "@rulebook/provider-junie": { version: juniePackage.version, register: () => import("@rulebook/provider-junie/register") },
};
