/** A provider package bundled into the app: its `./register` entry and its package.json, loaded on demand. */
export interface BundledProvider {
  register: () => Promise<unknown>;
  manifest: () => Promise<{ default: { version: string } }>;
}

/**
 * The providers the app ships, by package name, one line each, in the order of docs/behaviour.md#providers
 * (it breaks ties of priority). Listing one of these names in a configuration uses this
 * copy, so it works without being installed in the project; with no configuration, all of
 * them run. Each is a separate chunk, loaded only when it runs.
 */
export const BUNDLED_PROVIDERS: Readonly<Record<string, BundledProvider>> = {
  "@rulebook/provider-native": { register: () => import("@rulebook/provider-native/register"), manifest: () => import("@rulebook/provider-native/package.json", { with: { type: "json" } }) },
  "@rulebook/provider-agents": { register: () => import("@rulebook/provider-agents/register"), manifest: () => import("@rulebook/provider-agents/package.json", { with: { type: "json" } }) },
  "@rulebook/provider-agents-md": { register: () => import("@rulebook/provider-agents-md/register"), manifest: () => import("@rulebook/provider-agents-md/package.json", { with: { type: "json" } }) },
  "@rulebook/provider-cursor": { register: () => import("@rulebook/provider-cursor/register"), manifest: () => import("@rulebook/provider-cursor/package.json", { with: { type: "json" } }) },
  "@rulebook/provider-windsurf": { register: () => import("@rulebook/provider-windsurf/register"), manifest: () => import("@rulebook/provider-windsurf/package.json", { with: { type: "json" } }) },
  "@rulebook/provider-claude": { register: () => import("@rulebook/provider-claude/register"), manifest: () => import("@rulebook/provider-claude/package.json", { with: { type: "json" } }) },
  "@rulebook/provider-cline": { register: () => import("@rulebook/provider-cline/register"), manifest: () => import("@rulebook/provider-cline/package.json", { with: { type: "json" } }) },
  "@rulebook/provider-gemini": { register: () => import("@rulebook/provider-gemini/register"), manifest: () => import("@rulebook/provider-gemini/package.json", { with: { type: "json" } }) },
  "@rulebook/provider-qwen": { register: () => import("@rulebook/provider-qwen/register"), manifest: () => import("@rulebook/provider-qwen/package.json", { with: { type: "json" } }) },
  "@rulebook/provider-copilot": { register: () => import("@rulebook/provider-copilot/register"), manifest: () => import("@rulebook/provider-copilot/package.json", { with: { type: "json" } }) },
  "@rulebook/provider-crush": { register: () => import("@rulebook/provider-crush/register"), manifest: () => import("@rulebook/provider-crush/package.json", { with: { type: "json" } }) },
  "@rulebook/provider-goose": { register: () => import("@rulebook/provider-goose/register"), manifest: () => import("@rulebook/provider-goose/package.json", { with: { type: "json" } }) },
  "@rulebook/provider-kiro": { register: () => import("@rulebook/provider-kiro/register"), manifest: () => import("@rulebook/provider-kiro/package.json", { with: { type: "json" } }) },
  "@rulebook/provider-roo": { register: () => import("@rulebook/provider-roo/register"), manifest: () => import("@rulebook/provider-roo/package.json", { with: { type: "json" } }) },
  "@rulebook/provider-continue": { register: () => import("@rulebook/provider-continue/register"), manifest: () => import("@rulebook/provider-continue/package.json", { with: { type: "json" } }) },
  "@rulebook/provider-kilocode": { register: () => import("@rulebook/provider-kilocode/register"), manifest: () => import("@rulebook/provider-kilocode/package.json", { with: { type: "json" } }) },
  "@rulebook/provider-amazonq": { register: () => import("@rulebook/provider-amazonq/register"), manifest: () => import("@rulebook/provider-amazonq/package.json", { with: { type: "json" } }) },
  "@rulebook/provider-augment": { register: () => import("@rulebook/provider-augment/register"), manifest: () => import("@rulebook/provider-augment/package.json", { with: { type: "json" } }) },
  "@rulebook/provider-junie": { register: () => import("@rulebook/provider-junie/register"), manifest: () => import("@rulebook/provider-junie/package.json", { with: { type: "json" } }) },
  "@rulebook/provider-trae": { register: () => import("@rulebook/provider-trae/register"), manifest: () => import("@rulebook/provider-trae/package.json", { with: { type: "json" } }) },
  "@rulebook/provider-zed": { register: () => import("@rulebook/provider-zed/register"), manifest: () => import("@rulebook/provider-zed/package.json", { with: { type: "json" } }) },
};
