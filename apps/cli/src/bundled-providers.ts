import agentsPackage from "@rulebook/provider-agents/package.json" with { type: "json" };
import clinePackage from "@rulebook/provider-cline/package.json" with { type: "json" };
import cursorPackage from "@rulebook/provider-cursor/package.json" with { type: "json" };
import nativePackage from "@rulebook/provider-native/package.json" with { type: "json" };
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
  "@rulebook/provider-cursor": { version: cursorPackage.version, register: () => import("@rulebook/provider-cursor/register") },
  "@rulebook/provider-windsurf": { version: windsurfPackage.version, register: () => import("@rulebook/provider-windsurf/register") },
  "@rulebook/provider-cline": { version: clinePackage.version, register: () => import("@rulebook/provider-cline/register") },
};
