import { partitionRules } from "@rulebook/core";
import { describe, expect, it } from "vitest";
import { rule } from "../test/rules.js";
import { ROOT_ALWAYS_APPLY_TOKEN_THRESHOLD, estimateTokens, rootScopeAlwaysApplyTokens, tokenReport } from "./tokens.js";

const partition = partitionRules([
  rule("AGENTS", { alwaysApply: true, content: "x".repeat(20_000) }),
  rule("~/.claude/CLAUDE", { alwaysApply: true, content: "y".repeat(16_000), source: { provider: "claude", providerName: "Claude", level: "user" } }),
  rule("packages/web/AGENTS", { alwaysApply: true, content: "z".repeat(40_000), scope: "packages/web" }),
  rule("react", { description: "React", content: "abcd" }),
]);

describe("token counts", () => {
  it("estimates one token per four characters, rounded up", () => {
    expect([estimateTokens(""), estimateTokens("abc"), estimateTokens("abcd"), estimateTokens("abcde")]).toEqual([0, 1, 1, 2]);
  });

  it("reports every rule's content size with the injected counter", () => {
    expect(tokenReport(partition)).toStrictEqual([
      { name: "AGENTS", category: "always-apply", tokens: 5_000 },
      { name: "~/.claude/CLAUDE", category: "always-apply", tokens: 4_000 },
      { name: "packages/web/AGENTS", category: "always-apply", scope: "packages/web", tokens: 10_000 },
      { name: "react", category: "rulebook", tokens: 1 },
    ]);
    expect(tokenReport(partition, (text) => text.length).map((r) => r.tokens)).toEqual([20_000, 16_000, 40_000, 4]);
  });

  it("sums the root scope's always-apply rules, user level included, against a threshold of 8,000", () => {
    const root = rootScopeAlwaysApplyTokens(partition);
    expect(ROOT_ALWAYS_APPLY_TOKEN_THRESHOLD).toBe(8_000);
    expect(root).toEqual({
      tokens: 9_000,
      rules: [
        { name: "AGENTS", tokens: 5_000 },
        { name: "~/.claude/CLAUDE", tokens: 4_000 },
      ],
      threshold: 8_000,
      exceeded: true,
    });
    expect(rootScopeAlwaysApplyTokens(partition, { threshold: 9_000 }).exceeded).toBe(false);
  });
});
