import type { BundledProvider } from "@rulebook/config";

/**
 * The providers the app ships, by package name, one line each, in the order of docs/behaviour.md#providers
 * (it breaks ties of priority). Listing one of these names in a configuration uses this
 * copy, so it works without being installed in the project; with no configuration, all of
 * them run. Each is a separate chunk, loaded only when it runs.
 */
export const BUNDLED_PROVIDERS: Readonly<Record<string, BundledProvider>> = {
  "@rulebook/provider-native": { module: () => import("@rulebook/provider-native"), manifest: () => import("@rulebook/provider-native/package.json", { with: { type: "json" } }) },
  "@rulebook/provider-agents": { module: () => import("@rulebook/provider-agents"), manifest: () => import("@rulebook/provider-agents/package.json", { with: { type: "json" } }) },
  "@rulebook/provider-agents-md": { module: () => import("@rulebook/provider-agents-md"), manifest: () => import("@rulebook/provider-agents-md/package.json", { with: { type: "json" } }) },
  "@rulebook/provider-cursor": { module: () => import("@rulebook/provider-cursor"), manifest: () => import("@rulebook/provider-cursor/package.json", { with: { type: "json" } }) },
  "@rulebook/provider-windsurf": { module: () => import("@rulebook/provider-windsurf"), manifest: () => import("@rulebook/provider-windsurf/package.json", { with: { type: "json" } }) },
  "@rulebook/provider-claude": { module: () => import("@rulebook/provider-claude"), manifest: () => import("@rulebook/provider-claude/package.json", { with: { type: "json" } }) },
  "@rulebook/provider-cline": { module: () => import("@rulebook/provider-cline"), manifest: () => import("@rulebook/provider-cline/package.json", { with: { type: "json" } }) },
  "@rulebook/provider-gemini": { module: () => import("@rulebook/provider-gemini"), manifest: () => import("@rulebook/provider-gemini/package.json", { with: { type: "json" } }) },
  "@rulebook/provider-qwen": { module: () => import("@rulebook/provider-qwen"), manifest: () => import("@rulebook/provider-qwen/package.json", { with: { type: "json" } }) },
  "@rulebook/provider-copilot": { module: () => import("@rulebook/provider-copilot"), manifest: () => import("@rulebook/provider-copilot/package.json", { with: { type: "json" } }) },
  "@rulebook/provider-crush": { module: () => import("@rulebook/provider-crush"), manifest: () => import("@rulebook/provider-crush/package.json", { with: { type: "json" } }) },
  "@rulebook/provider-goose": { module: () => import("@rulebook/provider-goose"), manifest: () => import("@rulebook/provider-goose/package.json", { with: { type: "json" } }) },
  "@rulebook/provider-kiro": { module: () => import("@rulebook/provider-kiro"), manifest: () => import("@rulebook/provider-kiro/package.json", { with: { type: "json" } }) },
  "@rulebook/provider-roo": { module: () => import("@rulebook/provider-roo"), manifest: () => import("@rulebook/provider-roo/package.json", { with: { type: "json" } }) },
  "@rulebook/provider-continue": { module: () => import("@rulebook/provider-continue"), manifest: () => import("@rulebook/provider-continue/package.json", { with: { type: "json" } }) },
  "@rulebook/provider-kilocode": { module: () => import("@rulebook/provider-kilocode"), manifest: () => import("@rulebook/provider-kilocode/package.json", { with: { type: "json" } }) },
  "@rulebook/provider-amazonq": { module: () => import("@rulebook/provider-amazonq"), manifest: () => import("@rulebook/provider-amazonq/package.json", { with: { type: "json" } }) },
  "@rulebook/provider-augment": { module: () => import("@rulebook/provider-augment"), manifest: () => import("@rulebook/provider-augment/package.json", { with: { type: "json" } }) },
  "@rulebook/provider-junie": { module: () => import("@rulebook/provider-junie"), manifest: () => import("@rulebook/provider-junie/package.json", { with: { type: "json" } }) },
  "@rulebook/provider-trae": { module: () => import("@rulebook/provider-trae"), manifest: () => import("@rulebook/provider-trae/package.json", { with: { type: "json" } }) },
  "@rulebook/provider-zed": { module: () => import("@rulebook/provider-zed"), manifest: () => import("@rulebook/provider-zed/package.json", { with: { type: "json" } }) },
};
