import type { Rule } from "@rulebook/core";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { describe, expect, it } from "vitest";
import { createColors } from "./runtime/ansi.js";
import type { Io } from "./runtime/io.js";
import { runLint, thousands } from "./lint-command.js";
import type { Session } from "./session.js";

describe("thousands", () => {
  it("writes whole numbers as toLocaleString('en-US') does", () => {
    const numbers = [0, 7, 42, 999, 1000, 8000, 16_158, 100_000, 1_234_567, 10 ** 12, -1, -1234];
    for (let n = 1; n < 10 ** 9; n = n * 7 + 3) numbers.push(n);
    for (const n of numbers) expect(thousands(n), String(n)).toBe(n.toLocaleString("en-US"));
  });
});

const rule = (name: string, content: string): Rule => ({
  name,
  path: `/repo/${name}.md`,
  content,
  alwaysApply: true,
  source: { provider: "agents-md", providerName: "AGENTS.md", level: "project" },
});

/** `rulebook lint --json` over a project whose root always-apply rules are these. */
async function lintSizes(rules: Rule[]): Promise<Array<{ code: string; message: string }>> {
  const session = { diagnostics: [], partition: { alwaysApply: rules, all: rules }, load: { shadowed: [] } } as unknown as Session;
  let out = "";
  const write = (text: string) => {
    out += text;
  };
  const output = { write, color: createColors(false), isTTY: false };
  await runLint(session, { format: "json" }, { stdout: output, stderr: output } as unknown as Io);
  return (JSON.parse(out) as { diagnostics: Array<{ code: string; message: string }> }).diagnostics;
}

describe("lint's always-apply size check", () => {
  const tokens = (text: string) => countTokens(text, { disallowedSpecial: new Set() });
  // Many bytes, few tokens: the largest rule by bytes.
  const english = "Keep functions small and typed, and test what a user would notice. ".repeat(380);
  // Few bytes, many tokens: 2,000 characters of 3 bytes and 2 tokens each.
  const cjk = "鬱".repeat(2_000);

  it("counts every rule, with exact numbers, when the largest alone stays under 8,000 tokens but all together pass", async () => {
    expect(tokens(english)).toBeLessThan(8_000);
    const total = tokens(english) + tokens(cjk);
    expect(total).toBeGreaterThan(8_000);
    const found = await lintSizes([rule("AGENTS", english), rule("CLAUDE", cjk)]);
    expect(found.map((d) => d.code)).toEqual(["always-apply-too-large"]);
    expect(found[0]?.message).toContain(
      `come to ${thousands(total)} tokens in every prompt, over 8,000; the largest: AGENTS (${thousands(tokens(english))}), CLAUDE (${thousands(tokens(cjk))})`,
    );
  });

  it("says nothing when the bytes pass 8,000 but the tokens do not", async () => {
    const rules = [rule("AGENTS", english), rule("CLAUDE", english.slice(0, 9_000)), rule("GEMINI", "Use tabs.")];
    expect(rules.reduce((n, r) => n + Buffer.byteLength(r.content), 0)).toBeGreaterThan(8_000);
    expect(rules.reduce((n, r) => n + tokens(r.content), 0)).toBeLessThanOrEqual(8_000);
    expect(await lintSizes(rules)).toEqual([]);
  });
});
