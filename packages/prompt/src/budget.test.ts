import { describe, expect, it } from "vitest";
import { partition, rule } from "../test/rules.js";
import { buildSystemPrompt } from "./build.js";
import type { TokenCounter } from "./tokens.js";

const words = (n: number, word: string) => Array.from({ length: n }, () => word).join(" ");
// A token per word, per punctuation mark and per paragraph break ("\n\n", the join between the
// prompt's parts), as a BPE tokenizer roughly counts: joins and the omission line's ", " and "."
// cost tokens, and a text costs exactly what its parts cost, so a budget can fit exactly.
const tokensOf: TokenCounter = (text) => text.match(/\n\n|\w+|[^\w\s]/g)?.length ?? 0;
// A tokenizer whose count of a whole text is above the sum of its parts: a paragraph break
// costs nothing alone but one token between two parts, so only the final count sees the joins.
const mergingAtJoins: TokenCounter = (text) => (text === "\n\n" ? 0 : tokensOf(text));

const rules = partition({
  alwaysApply: [
    rule("AGENTS", { content: words(100, "root") }),
    rule("packages/api/AGENTS", { content: words(100, "api"), scope: "packages/api" }),
    rule("packages/api/src/db/AGENTS", { content: words(100, "db"), scope: "packages/api/src/db" }),
  ],
  rulebook: [rule("testing", { description: "How to test", globs: ["**/*.test.ts"] })],
});
const options = { partition: rules, root: "/repo", files: ["packages/api/src/db/schema.ts"], countTokens: tokensOf };
const full = buildSystemPrompt(options);
const build = (maxTokens: number, countTokens = tokensOf) => buildSystemPrompt({ ...options, countTokens, maxTokens });
const keptAt = (maxTokens: number, countTokens = tokensOf) =>
  build(maxTokens, countTokens)
    .included.filter((r) => r.section !== "rulebook")
    .map((r) => r.name);

describe("token budgets (docs/behaviour.md#the-system-prompt)", () => {
  it("an exact fit keeps everything and names nothing", () => {
    const fit = build(full.tokens);
    expect(full.tokens).toBe(534);
    expect(fit.text).toBe(full.text);
    expect(fit.omitted).toEqual([]);
    expect(fit.tokens).toBe(full.tokens);
  });

  it("one token over leaves out the broadest rule whole, and the text ends naming it", () => {
    const over = build(full.tokens - 1);
    expect(over.omitted.map((r) => [r.name, r.address, r.tokens])).toEqual([["AGENTS", "rule://AGENTS", 119]]);
    expect(over.tokens).toBeLessThanOrEqual(full.tokens - 1);
    expect(over.text).not.toContain("root");
    expect(over.text).toContain(words(100, "api"));
    expect(over.text).toContain(words(100, "db"));
    const lines = over.text.split("\n");
    expect(lines.at(-1)).toBe("Left out to fit the token budget, but in effect: read each of these before working where it applies: rule://AGENTS.");
    expect(over.included.map((r) => r.name)).toEqual(["packages/api/AGENTS", "packages/api/src/db/AGENTS", "testing"]);
  });

  it("keeps, at each budget, the nearest rules that fit, skipping one that does not for a broader one that does", () => {
    // Each change happens at the size of the text it gives (the tokens of the result), and the
    // budget one token below it keeps what the previous range kept.
    expect(keptAt(274)).toEqual([]);
    expect(build(274).tokens).toBe(161);
    expect(keptAt(275)).toEqual(["AGENTS"]);
    expect(build(275).tokens).toBe(275);
    expect(keptAt(320)).toEqual(["AGENTS"]);
    expect(keptAt(321)).toEqual(["packages/api/AGENTS"]);
    expect(build(321).tokens).toBe(321);
    expect(keptAt(324)).toEqual(["packages/api/AGENTS"]);
    expect(keptAt(325)).toEqual(["packages/api/src/db/AGENTS"]);
    expect(build(325).tokens).toBe(325);
    expect(keptAt(438)).toEqual(["packages/api/src/db/AGENTS"]);
    expect(keptAt(439)).toEqual(["AGENTS", "packages/api/src/db/AGENTS"]);
    expect(build(439).tokens).toBe(439);
    expect(keptAt(442)).toEqual(["AGENTS", "packages/api/src/db/AGENTS"]);
    expect(keptAt(443)).toEqual(["packages/api/AGENTS", "packages/api/src/db/AGENTS"]);
    expect(build(443).tokens).toBe(443);
    expect(keptAt(533)).toEqual(["packages/api/AGENTS", "packages/api/src/db/AGENTS"]);
  });

  it("a budget of exactly a result's size gives that result, one token less does not, at every budget", () => {
    const seen = new Set<string>();
    for (let maxTokens = 1; maxTokens <= full.tokens; maxTokens += 1) {
      const result = build(maxTokens);
      if (seen.has(result.text) || result.included.every((r) => r.section === "rulebook")) continue;
      seen.add(result.text);
      expect(result.tokens).toBeLessThanOrEqual(maxTokens);
      expect(build(result.tokens).text).toBe(result.text);
      expect(build(result.tokens - 1).tokens).toBeLessThan(result.tokens);
    }
    expect(seen.size).toBe(6);
  });

  it("pays the folder heading once, with the first folder rule kept, and never for a project-wide rule", () => {
    const folders = build(443);
    expect(folders.included.map((r) => r.name)).toEqual(["packages/api/AGENTS", "packages/api/src/db/AGENTS", "testing"]);
    expect(folders.text.match(/# Folder instructions/g)).toHaveLength(1);
    expect(folders.tokens).toBe(443);
    const rootOnly = build(275);
    expect(rootOnly.included.map((r) => r.name)).toEqual(["AGENTS", "testing"]);
    expect(rootOnly.text).not.toContain("# Folder instructions");
    expect(rootOnly.tokens).toBe(275);
  });

  it("a rule larger than the whole budget is left out while the others still fit", () => {
    const huge = partition({ ...rules, alwaysApply: [rule("AGENTS", { content: words(10_000, "root") }), ...rules.alwaysApply.slice(1)] });
    const result = buildSystemPrompt({ ...options, partition: huge, maxTokens: 450 });
    expect(result.omitted.map((r) => [r.name, r.tokens])).toEqual([["AGENTS", 10_019]]);
    expect(result.included.map((r) => r.name)).toEqual(["packages/api/AGENTS", "packages/api/src/db/AGENTS", "testing"]);
    expect(result.tokens).toBeLessThanOrEqual(450);
  });

  it("keeps the nearest folder first, then broader ones, and lists the folder of what it leaves out", () => {
    const result = build(full.tokens - 170);
    expect(result.included.filter((r) => r.section !== "rulebook").map((r) => r.name)).toEqual(["packages/api/src/db/AGENTS"]);
    expect(result.omitted.map((r) => r.name)).toEqual(["packages/api/AGENTS", "AGENTS"]);
    expect(result.text.split("\n").at(-1)).toMatch(/: rule:\/\/packages\/api\/AGENTS \(in packages\/api\/\), rule:\/\/AGENTS\.$/);
  });

  it("never cuts a rule and never exceeds the budget when anything is kept, at every budget", () => {
    for (const countTokens of [tokensOf, mergingAtJoins]) {
      for (let maxTokens = 1; maxTokens <= full.tokens + 2; maxTokens += 1) {
        const result = build(maxTokens, countTokens);
        for (const name of ["root", "api", "db"]) {
          const n = result.text.split(/\s+/).filter((w) => w === name).length;
          expect([0, 100]).toContain(n);
        }
        if (result.included.some((r) => r.section !== "rulebook")) expect(result.tokens).toBeLessThanOrEqual(maxTokens);
        expect(result.included.length + result.omitted.length).toBe(4);
      }
    }
  });

  it("when the whole text counts more than its parts, leaves out the last rule kept until it fits", () => {
    // By the sum of its parts the db rule fits 318 tokens; the text with it is 325 (its joins).
    expect(keptAt(318, mergingAtJoins)).toEqual([]);
    expect(build(318, mergingAtJoins).omitted.map((r) => r.name)).toEqual(["packages/api/src/db/AGENTS", "packages/api/AGENTS", "AGENTS"]);
    // 437: the db and root rules fit by the sum (439 with the joins): the root rule, kept last, goes.
    expect(keptAt(437, mergingAtJoins)).toEqual(["packages/api/src/db/AGENTS"]);
    expect(build(437, mergingAtJoins).tokens).toBe(325);
  });

  it("shows the rulebook even when it alone exceeds the budget, and then leaves out every always-apply rule", () => {
    const result = build(10);
    expect(result.omitted.map((r) => r.name)).toEqual(["packages/api/src/db/AGENTS", "packages/api/AGENTS", "AGENTS"]);
    expect(result.text).toContain('<rule name="testing">');
    expect(result.tokens).toBeGreaterThan(10);
  });

  it("with the default counter, an exact fit is exact too", () => {
    const plain = buildSystemPrompt({ partition: rules, root: "/repo", files: ["packages/api/src/db/schema.ts"] });
    expect(buildSystemPrompt({ partition: rules, root: "/repo", files: ["packages/api/src/db/schema.ts"], maxTokens: plain.tokens }).omitted).toEqual(
      [],
    );
    expect(
      buildSystemPrompt({ partition: rules, root: "/repo", files: ["packages/api/src/db/schema.ts"], maxTokens: plain.tokens - 1 }).omitted,
    ).toHaveLength(1);
  });

  it("counts each block once, not the whole text once per rule (a slow tokenizer pays for the text a few times, not n times)", () => {
    const many = partition({ alwaysApply: Array.from({ length: 40 }, (_, i) => rule(`r${i}`, { content: words(50, `w${i}`) })) });
    let counted = 0;
    const counting = (text: string) => {
      counted += text.length;
      return tokensOf(text);
    };
    const whole = buildSystemPrompt({ partition: many, root: "/repo", countTokens: tokensOf });
    const result = buildSystemPrompt({ partition: many, root: "/repo", countTokens: counting, maxTokens: Math.floor(whole.tokens / 2) });
    expect(result.omitted.length).toBeGreaterThan(0);
    expect(result.tokens).toBeLessThanOrEqual(Math.floor(whole.tokens / 2));
    expect(counted).toBeLessThan(5 * whole.text.length);
  });
});
