import { describe, expect, it } from "vitest";
import { type Provider, assertProviderShape, checkProviderShape, defineProvider } from "./provider.js";
import { createRegistry } from "./registry.js";

const where = { cwd: "/proj", home: "/home/u" };

// What a third-party package can write with a type-only import of the core (issue 25).
const plain: Provider = {
  id: "plain",
  displayName: "Plain",
  priority: 10,
  load: () => ({
    rules: [{ name: "style", path: "/proj/PLAIN.md", content: "Use tabs.", source: { provider: "plain", providerName: "Plain", level: "project" } }],
    diagnostics: [],
  }),
};

describe("a provider written as a plain object", () => {
  it("is registered and loaded without defineProvider", async () => {
    const registry = createRegistry([plain]);
    expect(registry.has("plain")).toBe(true);
    const result = await registry.load(where);
    expect(result.rules.map((r) => [r.name, r.content])).toEqual([["style", "Use tabs."]]);
    expect(result.providers).toEqual([{ id: "plain", displayName: "Plain", priority: 10 }]);
  });

  it("passes the shape check, as defineProvider's result does", () => {
    expect(checkProviderShape(plain)).toEqual([]);
    expect(checkProviderShape(defineProvider(plain))).toEqual([]);
    expect(defineProvider(plain).specificationVersion).toBe("v2");
  });
});

describe("checkProviderShape", () => {
  it("returns every problem as data instead of throwing", () => {
    const problems = checkProviderShape({ id: "bad one", displayName: "", priority: Number.NaN, sources: "rules/" });
    expect(problems).toEqual([
      'id must be a non-empty word (letters, digits, . _ -), got "bad one"',
      "displayName must be a non-empty string",
      "priority must be a finite number, got NaN",
      "sources must be a function",
    ]);
  });

  it("says what a provider is missing and which versions this core supports", () => {
    expect(checkProviderShape({ id: "x", displayName: "X", priority: 1 })).toEqual([
      "needs sources (where its rule files are) or load (rules from elsewhere)",
    ]);
    expect(checkProviderShape({ ...plain, specificationVersion: "v9" })).toEqual([
      'specificationVersion "v9" is not supported by this @rulebook/core (supports v1, v2)',
    ]);
    expect(checkProviderShape(null)).toEqual(["expected an object, got null"]);
  });

  it("is what assertProviderShape and the registry throw, naming the provider", () => {
    const broken = { id: "broken", displayName: "Broken", priority: 1 };
    expect(() => assertProviderShape(broken)).toThrow('provider "broken": needs sources (where its rule files are) or load (rules from elsewhere)');
    expect(() => createRegistry([broken as unknown as Provider])).toThrow(TypeError);
  });
});
