import { describe, expect, it } from "vitest";
import { partitionRules } from "./partition.js";
import { RuleUrlError, resolveRuleUrl } from "./rule-url.js";
import type { Rule } from "./types.js";

const rule = (name: string, extra: Partial<Rule>): Rule => ({
  name,
  path: `/r/${name}.md`,
  content: `content of ${name}`,
  source: { provider: "native", providerName: "Native", level: "project" },
  ...extra,
});

const partition = partitionRules([
  rule("always", { alwaysApply: true }),
  rule("book", { description: "d" }),
  rule("my rule", { description: "spaces" }),
  rule("attach", { globs: ["*.ts"] }),
  rule("trigger", { condition: ["x"], description: "d" }),
  rule("idle", {}),
]);

describe("resolveRuleUrl", () => {
  it("resolves always-apply, rulebook and auto-attach rules to their raw markdown content", () => {
    for (const name of ["always", "book", "attach"]) {
      expect(resolveRuleUrl(`rule://${name}`, partition)).toMatchObject({ content: `content of ${name}`, contentType: "text/markdown" });
    }
  });

  it("decodes percent-encoding and matches names exactly", () => {
    expect(resolveRuleUrl("rule://my%20rule", partition).rule.name).toBe("my rule");
    expect(() => resolveRuleUrl("rule://Book", partition)).toThrow(RuleUrlError);
  });

  it("reaches stream-trigger and inactive rules too (manual rules are read by name), rendered as asked", () => {
    expect(resolveRuleUrl("rule://idle", partition).content).toBe("content of idle");
    expect(resolveRuleUrl("rule://trigger", partition, { render: (r) => `reminder: ${r.content}` }).content).toBe("reminder: content of trigger");
  });

  it("names an unknown rule and lists the available names", () => {
    try {
      resolveRuleUrl("rule://nope", partition);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(RuleUrlError);
      expect((error as Error).message).toBe('unknown rule "nope"; available: always, book, my rule, attach, trigger, idle');
    }
  });

  it("resolves a literal name before percent-decoding (one rule, one way)", () => {
    const odd = partitionRules([rule("100%-coverage", {}), rule("%41", {}), rule("A", {})]);
    expect(resolveRuleUrl("rule://100%-coverage", odd).rule.name).toBe("100%-coverage");
    expect(resolveRuleUrl("rule://%41", odd).rule.name).toBe("%41");
    expect(resolveRuleUrl("rule://A", odd).rule.name).toBe("A");
  });

  it("keeps the error short for huge projects and answers from an index", () => {
    const many = partitionRules(Array.from({ length: 100_000 }, (_, i) => rule(`r${i}`, {})));
    expect(resolveRuleUrl("rule://r99999", many).rule.name).toBe("r99999");
    const message = (() => {
      try {
        resolveRuleUrl("rule://r100000x", many);
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(message?.length).toBeLessThan(2_000);
    expect(message).toMatch(/and \d+ more$/);
  });

  it("rejects URLs of another scheme", () => {
    expect(() => resolveRuleUrl("file://x", partition)).toThrow(/not a rule:\/\/ URL/);
    expect(() => resolveRuleUrl("rule://%E0%A4%A", partition)).toThrow(/unknown rule "%E0%A4%A"/);
  });
});
