import { describe, expect, it } from "vitest";
import { partition, rule } from "../test/rules.js";
import { buildSystemPrompt } from "./build.js";

const words = (n: number, word: string) => Array.from({ length: n }, () => word).join(" ");
// One token per word: budgets in tests read as plain numbers.
const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length;

const rules = partition({
  alwaysApply: [
    rule("AGENTS", { content: words(100, "root") }),
    rule("packages/api/AGENTS", { content: words(100, "api"), scope: "packages/api" }),
    rule("packages/api/src/db/AGENTS", { content: words(100, "db"), scope: "packages/api/src/db" }),
  ],
  rulebook: [rule("testing", { description: "How to test", globs: ["**/*.test.ts"] })],
});
const options = { partition: rules, root: "/repo", files: ["packages/api/src/db/schema.ts"], countTokens: countWords };
const full = buildSystemPrompt(options);

describe("token budgets (docs/behaviour.md#the-system-prompt)", () => {
  it("an exact fit keeps everything and names nothing", () => {
    const fit = buildSystemPrompt({ ...options, maxTokens: full.tokens });
    expect(fit.text).toBe(full.text);
    expect(fit.omitted).toEqual([]);
    expect(fit.tokens).toBe(full.tokens);
  });

  it("one token over leaves out the broadest rule whole, and the text ends naming it", () => {
    const over = buildSystemPrompt({ ...options, maxTokens: full.tokens - 1 });
    expect(over.omitted.map((r) => [r.name, r.address, r.tokens])).toEqual([["AGENTS", "rule://AGENTS", 104]]);
    expect(over.tokens).toBeLessThanOrEqual(full.tokens - 1);
    expect(over.text).not.toContain("root");
    expect(over.text).toContain(words(100, "api"));
    expect(over.text).toContain(words(100, "db"));
    const lines = over.text.split("\n");
    expect(lines.at(-1)).toBe(
      "Left out to fit the token budget, but in effect: read each of these before working where it applies: rule://AGENTS.",
    );
    expect(over.included.map((r) => r.name)).toEqual(["packages/api/AGENTS", "packages/api/src/db/AGENTS", "testing"]);
  });

  it("a rule larger than the whole budget is left out while the others still fit", () => {
    const huge = partition({ ...rules, alwaysApply: [rule("AGENTS", { content: words(10_000, "root") }), ...rules.alwaysApply.slice(1)] });
    const result = buildSystemPrompt({ ...options, partition: huge, maxTokens: 400 });
    expect(result.omitted.map((r) => [r.name, r.tokens])).toEqual([["AGENTS", 10_004]]);
    expect(result.included.map((r) => r.name)).toEqual(["packages/api/AGENTS", "packages/api/src/db/AGENTS", "testing"]);
    expect(result.tokens).toBeLessThanOrEqual(400);
  });

  it("keeps the nearest folder first, then broader ones, and lists the folder of what it leaves out", () => {
    const result = buildSystemPrompt({ ...options, maxTokens: full.tokens - 170 });
    expect(result.included.filter((r) => r.section !== "rulebook").map((r) => r.name)).toEqual(["packages/api/src/db/AGENTS"]);
    expect(result.omitted.map((r) => r.name)).toEqual(["packages/api/AGENTS", "AGENTS"]);
    expect(result.text.split("\n").at(-1)).toMatch(/: rule:\/\/packages\/api\/AGENTS \(in packages\/api\/\), rule:\/\/AGENTS\.$/);
  });

  it("never cuts a rule and never exceeds the budget when anything is kept, at every budget", () => {
    for (let maxTokens = 1; maxTokens <= full.tokens + 2; maxTokens += 7) {
      const result = buildSystemPrompt({ ...options, maxTokens });
      for (const name of ["root", "api", "db"]) {
        const n = result.text.split(/\s+/).filter((w) => w === name).length;
        expect([0, 100]).toContain(n);
      }
      if (result.included.some((r) => r.section !== "rulebook")) expect(result.tokens).toBeLessThanOrEqual(maxTokens);
      expect(result.included.length + result.omitted.length).toBe(4);
    }
  });

  it("shows the rulebook even when it alone exceeds the budget, and then leaves out every always-apply rule", () => {
    const result = buildSystemPrompt({ ...options, maxTokens: 10 });
    expect(result.omitted.map((r) => r.name)).toEqual(["packages/api/src/db/AGENTS", "packages/api/AGENTS", "AGENTS"]);
    expect(result.text).toContain('<rule name="testing">');
    expect(result.tokens).toBeGreaterThan(10);
  });

  it("with the default counter, an exact fit is exact too", () => {
    const plain = buildSystemPrompt({ partition: rules, root: "/repo", files: ["packages/api/src/db/schema.ts"] });
    expect(buildSystemPrompt({ partition: rules, root: "/repo", files: ["packages/api/src/db/schema.ts"], maxTokens: plain.tokens }).omitted).toEqual([]);
    expect(buildSystemPrompt({ partition: rules, root: "/repo", files: ["packages/api/src/db/schema.ts"], maxTokens: plain.tokens - 1 }).omitted).toHaveLength(1);
  });

  it("counts each block once, not the whole text once per rule (a slow tokenizer pays for the text a few times, not n times)", () => {
    const many = partition({ alwaysApply: Array.from({ length: 40 }, (_, i) => rule(`r${i}`, { content: words(50, `w${i}`) })) });
    let counted = 0;
    const counting = (text: string) => {
      counted += text.length;
      return countWords(text);
    };
    const whole = buildSystemPrompt({ partition: many, root: "/repo", countTokens: countWords });
    const result = buildSystemPrompt({ partition: many, root: "/repo", countTokens: counting, maxTokens: Math.floor(whole.tokens / 2) });
    expect(result.omitted.length).toBeGreaterThan(0);
    expect(result.tokens).toBeLessThanOrEqual(Math.floor(whole.tokens / 2));
    expect(counted).toBeLessThan(5 * whole.text.length);
  });
});
