import { type Provider, getDefaultRegistry } from "@rulebook/core";
import { describe, expect, it } from "vitest";

// Every bundled provider package, in the order the CLI registers them.
const PACKAGES = [
  "native",
  "agents",
  "agents-md",
  "cursor",
  "windsurf",
  "claude",
  "cline",
  "gemini",
  "qwen",
  "copilot",
  "crush",
  "goose",
  "kiro",
  "roo",
  "continue",
  "kilocode",
  "amazonq",
  "augment",
  "junie",
  "trae",
  "zed",
  "opencode",
].map((id) => `@rulebook/provider-${id}`);

/** The provider a package's main entry exports as its default value (`cursorProvider`…). */
async function exportedProvider(pkg: string): Promise<Provider> {
  const module = (await import(pkg)) as Record<string, unknown>;
  const providers = Object.entries(module).filter(([name, value]) => name.endsWith("Provider") && typeof value === "object");
  expect(providers, `${pkg} exports one provider value`).toHaveLength(1);
  return providers[0]?.[1] as Provider;
}

describe("self-registration of every provider package", () => {
  it("registers nothing when only the main entries are imported", async () => {
    for (const pkg of PACKAGES) await exportedProvider(pkg);
    expect(getDefaultRegistry().providers).toEqual([]);
  });

  it.each(PACKAGES)("%s/register adds its own provider to the shared registry, once", async (pkg) => {
    const provider = await exportedProvider(pkg);
    await import(`${pkg}/register`);
    await import(`${pkg}/register`);
    expect(getDefaultRegistry().providers.filter((p) => p.id === provider.id)).toEqual([provider]);
  });

  it("orders the registered providers by priority, ties in registration order, and loads with all of them", async () => {
    const providers = getDefaultRegistry().providers;
    expect(providers).toHaveLength(PACKAGES.length);
    for (let i = 1; i < providers.length; i++) expect(providers[i - 1]?.priority).toBeGreaterThanOrEqual(providers[i]?.priority ?? 0);
    const result = await getDefaultRegistry().load({ cwd: "/nonexistent-project", home: "/nonexistent-home" });
    expect(result.providers.map((p) => p.id)).toEqual(providers.map((p) => p.id));
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });
});
