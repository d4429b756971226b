import { describe, expect, it } from "vitest";
import { ruleAddress } from "./rule-address.js";
import { resolveRuleUrl, ruleUrlOf } from "./rule-url.js";
import type { Rule } from "./types.js";

const rule = (name: string): Rule => ({
  name,
  path: `/r/${encodeURIComponent(name)}.md`,
  content: `content of ${JSON.stringify(name)}`,
  source: { provider: "native", providerName: "Native", level: "project" },
  description: "d",
});

/** The rule the printed address reads, among `name` and some neighbours whose names could be mistaken for it. */
const readBack = (name: string, others: string[]) => {
  const rules = [...others, name].map(rule);
  return resolveRuleUrl(ruleAddress(name), rules).rule.name;
};

describe("ruleAddress: what is printed resolves to the rule", () => {
  it("prints ordinary names, % included, as they are", () => {
    for (const name of ["react", "packages/web/react", "100%-coverage", "%41", "my rule", "naïve"]) {
      expect(ruleAddress(name)).toBe(`rule://${name}`);
      expect(readBack(name, ["A"])).toBe(name);
    }
  });

  it("percent-encodes line breaks, controls and hidden characters, and then % too", () => {
    expect(ruleAddress("a\nb")).toBe("rule://a%0Ab");
    expect(ruleAddress("50%\u2028")).toBe("rule://50%25%E2%80%A8");
    expect(ruleAddress("secu\u200Brity")).toBe("rule://secu%E2%80%8Brity");
    expect(ruleAddress("de\u202Eploy")).toBe("rule://de%E2%80%AEploy");
    for (const name of ["a\nb", "50%\u2028", "secu\u200Brity", "de\u202Eploy", "x\u001b[31m"]) {
      expect(readBack(name, ["security", "deploy", "ab"])).toBe(name);
    }
    expect(() => ruleAddress("bad\uD800")).not.toThrow();
  });

  it("percent-encodes DEL and the C1 controls to the last, U+2029, and a lone surrogate as U+FFFD", () => {
    expect(ruleAddress("a\u007Fb")).toBe("rule://a%7Fb");
    expect(ruleAddress("a\u0085b")).toBe("rule://a%C2%85b");
    expect(ruleAddress("a\u009Fb")).toBe("rule://a%C2%9Fb");
    expect(ruleAddress("a\u00A0b")).toBe("rule://a\u00A0b");
    expect(ruleAddress("a\u2029b")).toBe("rule://a%E2%80%A9b");
    expect(ruleAddress("bad\uD800")).toBe("rule://bad%EF%BF%BD");
    expect(ruleAddress("bad\uDC00x")).toBe("rule://bad%EF%BF%BDx");
    expect(ruleAddress("\uD83D\uDE00 ok")).toBe("rule://\uD83D\uDE00 ok");
  });

  it("a bare name or a URL, as a model passes either to a reader, reaches the same rule", () => {
    const rules = ["review", "a\nb", "100%-coverage"].map(rule);
    for (const name of ["review", "a\nb", "100%-coverage"]) {
      expect(resolveRuleUrl(ruleUrlOf(name), rules).rule.name).toBe(name);
      expect(resolveRuleUrl(ruleUrlOf(ruleAddress(name)), rules).rule.name).toBe(name);
    }
  });
});
