import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { describe, expect, it } from "vitest";
import { createO200kCounter } from "./o200k.js";

// The table is written by the build (turbo builds before testing).
const count = createO200kCounter(new URL("../dist/o200k.bin", import.meta.url));
const reference = (text: string) => countTokens(text, { disallowedSpecial: new Set() });

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return /\.(md|mdc|txt|json|ts)$/.test(entry.name) ? [path] : [];
  });
}

describe("the o200k counter", () => {
  it("counts exactly as gpt-tokenizer's o200k_base on every rule file of the fixtures and the docs", () => {
    const root = fileURLToPath(new URL("../../..", import.meta.url));
    const files = [...filesUnder(join(root, "apps/cli/test/fixtures")), ...filesUnder(join(root, "docs")), join(root, "README.md")];
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      expect([file, count(text)]).toEqual([file, reference(text)]);
    }
  });

  it("agrees on text that exercises merging: scripts, emoji, digits, whitespace runs, special-token spellings", () => {
    const texts = [
      "",
      " ",
      "\r\n\r\n  \t x",
      "Don't use `any`; prefer `unknown` — it's safer. We'll see; they've said I'd do it.",
      "😀👩‍👩‍👧 日本語のテキストです。中文文本。한국어 텍스트. النص العربي. Ελληνικά. Русский текст.",
      "1234567890 3.14159 0xDEADBEEF 1e-9",
      "<|endoftext|> before <|im_start|>system<|im_end|> after <|fim_prefix|>",
      "a".repeat(3000),
      `${"ab".repeat(1500)}${"🙂".repeat(300)}`,
      "camelCaseIdentifiersLikeThis and snake_case_names_like_that and SCREAMING_CASE",
      "    indented code\n\tand tabs\n\n\n\nmany blank lines   \n",
      // All ASCII (the fast pattern): contractions in both cases, capital runs, paths, CR.
      "I'LL SAY IT: We'd've DON'T https://example.com/a/b//c\r\n\r\nABCdefGHI x86_64 v1.2.3 --flag=1 #!/bin/sh\x00\x7f",
    ];
    for (const text of texts) expect([text.slice(0, 40), count(text)]).toEqual([text.slice(0, 40), reference(text)]);
  });
});
