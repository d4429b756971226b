import { describe, expect, it } from "vitest";
import { type Provider, defineProvider } from "./provider.js";
import { createRegistry, getDefaultRegistry, registerDefaultProvider } from "./registry.js";
import type { Rule } from "../rule/types.js";

const where = { cwd: "/proj", home: "/home/u" };

function rule(name: string, provider: string, extra: Partial<Rule> = {}): Rule {
  return {
    name,
    path: `/${provider}/${name}.md`,
    content: `${name} from ${provider}`,
    source: { provider, providerName: provider, level: "project" },
    ...extra,
  };
}

function provider(id: string, priority: number, rules: Rule[] | (() => never)) {
  return defineProvider({
    id,
    displayName: id.toUpperCase(),
    priority,
    load: () => (typeof rules === "function" ? rules() : { rules, diagnostics: [] }),
  });
}

describe("createRegistry", () => {
  it("orders providers by priority, highest first, ties in registration order", () => {
    const registry = createRegistry([
      provider("cline", 40, []),
      provider("cursor", 50, []),
      provider("windsurf", 50, []),
      provider("native", 100, []),
    ]);
    expect(registry.providers.map((p) => p.id)).toEqual(["native", "cursor", "windsurf", "cline"]);
  });

  it("merges in precedence order, first name wins, losers reported with their winner", async () => {
    const registry = createRegistry([
      provider("cursor", 50, [rule("style", "cursor"), rule("tests", "cursor")]),
      provider("windsurf", 50, [rule("style", "windsurf"), rule("deploy", "windsurf")]),
      provider("native", 100, [rule("tests", "native")]),
    ]);
    const result = await registry.load(where);
    expect(result.rules.map((r) => `${r.source.provider}:${r.name}`)).toEqual(["native:tests", "cursor:style", "windsurf:deploy"]);
    expect(result.shadowed.map((s) => [`${s.rule.source.provider}:${s.rule.name}`, s.shadowedBy.source.provider])).toEqual([
      ["cursor:tests", "native"],
      ["windsurf:style", "cursor"],
    ]);
    expect(result.providers).toEqual([
      { id: "native", displayName: "NATIVE", priority: 100 },
      { id: "cursor", displayName: "CURSOR", priority: 50 },
      { id: "windsurf", displayName: "WINDSURF", priority: 50 },
    ]);
  });

  it("turns a throwing provider into one diagnostic while the others still load", async () => {
    const registry = createRegistry([
      provider("broken", 90, () => {
        throw new Error("disk on fire");
      }),
      provider("cursor", 50, [rule("style", "cursor")]),
    ]);
    const result = await registry.load(where);
    expect(result.rules.map((r) => r.name)).toEqual(["style"]);
    expect(result.diagnostics).toEqual([expect.objectContaining({ severity: "error", code: "provider-failed", provider: "broken" })]);
    expect(result.diagnostics[0]?.message).toContain("disk on fire");
  });

  it("drops empty rules before de-duplication so they hide nothing", async () => {
    const registry = createRegistry([
      provider("native", 100, [rule("style", "native", { content: "  \n " })]),
      provider("cursor", 50, [rule("style", "cursor")]),
    ]);
    const result = await registry.load(where);
    expect(result.rules.map((r) => r.source.provider)).toEqual(["cursor"]);
    expect(result.shadowed).toEqual([]);
    expect(result.diagnostics).toEqual([expect.objectContaining({ code: "rule-empty", provider: "native", path: "/native/style.md" })]);
  });

  it("removes hidden characters from rules of any provider", async () => {
    const registry = createRegistry([provider("p", 1, [rule("x", "p", { content: "a\u202Eb", description: "d\u200B" })])]);
    const [loaded] = (await registry.load(where)).rules;
    expect(loaded?.content).toBe("ab");
    expect(loaded?.description).toBe("d");
  });

  it("skips falsy entries and rejects duplicate ids and malformed providers, naming them", () => {
    expect(createRegistry([false, null, undefined, provider("a", 1, [])]).providers).toHaveLength(1);
    expect(() => createRegistry([provider("a", 1, []), provider("a", 2, [])])).toThrow(/provider "a" is already registered/);
    expect(() => defineProvider({ id: "x", displayName: "X", priority: Number.NaN, load: () => ({ rules: [], diagnostics: [] }) })).toThrow(
      /provider "x": priority/,
    );
    expect(() => createRegistry([{ id: "y" } as never])).toThrow(/provider "y": displayName/);
  });

  it("rejects with the signal's reason when the caller aborts", async () => {
    const controller = new AbortController();
    const registry = createRegistry([
      defineProvider({
        id: "slow",
        displayName: "Slow",
        priority: 1,
        load: () => {
          controller.abort(new Error("user gave up"));
          return { rules: [rule("x", "slow")], diagnostics: [] };
        },
      }),
    ]);
    await expect(registry.load({ ...where, signal: controller.signal })).rejects.toThrow("user gave up");
    await expect(registry.load({ ...where, signal: AbortSignal.abort(new Error("before")) })).rejects.toThrow("before");
  });

  it("requires absolute cwd and home", async () => {
    await expect(createRegistry().load({ cwd: "rel", home: "/h" })).rejects.toThrow(/cwd must be an absolute path/);
  });
});

describe("getDefaultRegistry", () => {
  it("is one registry per process, kept under a global symbol so two core copies share it", () => {
    const registry = getDefaultRegistry();
    expect(getDefaultRegistry()).toBe(registry);
    expect((globalThis as Record<symbol, unknown>)[Symbol.for("@rulebook/core/default-registry")]).toBe(registry);
    registerDefaultProvider(provider("only-once", 1, []));
    registerDefaultProvider(provider("only-once", 1, []));
    expect(registry.providers.filter((p) => p.id === "only-once")).toHaveLength(1);
  });
});

describe("registries shared with plugins (issue 19 item 21)", () => {
  it("hands out providers a caller cannot change: pushing into the list throws and registers nothing", () => {
    const registry = createRegistry([provider("a", 1, [])]);
    expect(() => (registry.providers as Provider[]).push(provider("sneaky", 99, []))).toThrow(TypeError);
    expect(registry.has("sneaky")).toBe(false);
    expect(registry.providers.map((p) => p.id)).toEqual(["a"]);
  });

  it("says which of two versions of one provider id won, on every load of the default registry", async () => {
    const first = provider("twice-installed", 1, [rule("x", "twice-installed")]);
    const second = defineProvider({ id: "twice-installed", displayName: "Newer copy", priority: 7, load: () => ({ rules: [], diagnostics: [] }) });
    registerDefaultProvider(first);
    registerDefaultProvider(second);
    registerDefaultProvider(second);
    const registry = getDefaultRegistry();
    expect(registry.providers.filter((p) => p.id === "twice-installed")).toEqual([first]);
    for (let load = 0; load < 2; load++) {
      const { diagnostics } = await registry.load(where);
      const conflicts = diagnostics.filter((d) => d.code === "provider-conflict" && d.provider === "twice-installed");
      expect(conflicts).toHaveLength(1);
      expect(conflicts[0]).toMatchObject({ severity: "warning", provider: "twice-installed" });
      expect(conflicts[0]?.message).toContain("the first one (TWICE-INSTALLED, priority 1) is used");
    }
  });
});
