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

  it("does not reach ttsr or inactive rules, and lists the available names", () => {
    for (const name of ["trigger", "idle"]) {
      try {
        resolveRuleUrl(`rule://${name}`, partition);
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(RuleUrlError);
        expect((error as Error).message).toBe(`unknown rule "${name}"; available: always, book, my rule, attach`);
      }
    }
  });

  it("rejects URLs of another scheme and bad escapes", () => {
    expect(() => resolveRuleUrl("file://x", partition)).toThrow(/not a rule:\/\/ URL/);
    expect(() => resolveRuleUrl("rule://%E0%A4%A", partition)).toThrow(/percent-encoding/);
  });
});
