import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { count, reference, referencePieces, seededTexts, tableBytes, tableClasses } from "../test/reference.js";
import { createO200kCounter } from "./counter.js";
import { o200kPieces } from "./pieces.js";
import { o200kSplit } from "./runs.js";

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return /\.(md|mdc|txt|json|ts)$/.test(entry.name) ? [path] : [];
  });
}

describe("the o200k counter", () => {
  it("counts exactly as gpt-tokenizer's o200k_base on every rule file of the fixtures and the docs", () => {
    // Real-shaped rule files: the CLI's fixtures (the formats of every tool), the docs, the README.
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

// One of each class the pattern tells apart: cases (Lu, Ll, Lt, Lm, Lo), marks, numbers (Nd, Nl,
// No, astral), spaces and newlines, contraction letters, symbols, emoji, lone surrogates.
const POOL = [
  "a",
  "Z",
  "s",
  "S",
  "l",
  "L",
  "v",
  "E",
  "r",
  "t",
  "d",
  "M",
  "'",
  "ǅ",
  "ʰ",
  "中",
  "\u0301",
  "\u0903",
  "٣",
  "Ⅻ",
  "½",
  "7",
  " ",
  " ",
  "\t",
  "\n",
  "\r",
  "\u00a0",
  "\u3000",
  "\u2028",
  "/",
  "-",
  ".",
  "_",
  "😀",
  "𝐀",
  "𝐚",
  "𝟘",
  "\uD800",
  "\uDC00",
];

/** Texts drawn from {@link POOL} by a fixed pseudo-random sequence (the same texts every run). */
const poolTexts = (n: number, seed: number): string[] => seededTexts(POOL, n, 24, seed);

describe("the o200k pre-tokenizer", () => {
  const classes = tableClasses();
  const pieces = o200kPieces(...classes);
  const byHand = (text: string) => {
    const out: string[] = [];
    for (let at = 0; at < text.length; ) {
      const end = pieces.next(text, at);
      out.push(text.slice(at, end));
      at = end;
    }
    return out;
  };
  const splitLines = o200kSplit(...classes);
  const split = (text: string) => {
    const out: string[] = [];
    splitLines(text, (piece) => out.push(piece));
    return out;
  };

  it("splits text into the same pieces as the regular expression, on every mix of the classes it tells apart", () => {
    for (const text of poolTexts(20_000, 23)) expect(byHand(text), JSON.stringify(text)).toEqual(referencePieces(text));
  });

  it("and so do its runs of ASCII lines and lines around other characters, cut where no piece goes on", () => {
    // Lines as rule files have them: indented, starting with `/` or a newline, some with other characters.
    const lines = poolTexts(4_000, 7).map((tail, i) => `${["", " ", "  ", "/", "\n", "x", "- ", "\t"][i % 8]}${i % 3 ? "word Word" : ""}${tail}`);
    for (let i = 0; i + 6 <= lines.length; i += 6) {
      const text = lines.slice(i, i + 6).join(i % 12 ? "\n" : "\r\n");
      expect(split(text), JSON.stringify(text)).toEqual(referencePieces(text));
    }
  });

  it("and counts those texts as gpt-tokenizer does", () => {
    for (const text of poolTexts(2_000, 2026)) expect([text, count(text)]).toEqual([text, reference(text)]);
  });

  it("counts runs of ASCII lines (split in one call each) and the lines around other characters as gpt-tokenizer does", () => {
    // Mostly ASCII lines, so texts hold long ASCII runs that end at every kind of cut, with a line of other characters now and then.
    const ascii = poolTexts(3_000, 11).map((line) => line.replace(/[^\0-\x7f]/g, ""));
    const other = poolTexts(300, 12);
    for (let i = 0; i + 10 <= ascii.length; i += 10) {
      const lines = ascii.slice(i, i + 10).map((line, j) => `${["", " ", "  ", "/", "\n", "x", "- ", "\t", "# ", "\r\n"][j]}${line}`);
      if (i % 20 === 0) lines.splice((i / 10) % 10, 0, other[(i / 10) % other.length] as string);
      const text = lines.join(i % 30 ? "\n" : "\r\n");
      expect([text, count(text)]).toEqual([text, reference(text)]);
    }
  });
});

describe("the o200k table", () => {
  it("is refused, not misread, when its layout is not the one the counter reads (a table from another build)", () => {
    const table = new Uint8Array(tableBytes());
    new DataView(table.buffer).setUint32(0, 0x646b326f, true); // "o2kd": blocks of 16 ranks, the layout before this one
    expect(() => createO200kCounter(table, { name: "old.bin" })).toThrow(
      "old.bin is not an o200k table in the layout this version of @rulebook/tokenizer-o200k reads",
    );
    expect(() => createO200kCounter(new Uint8Array(8))).toThrow("the o200k table is not an o200k table");
  });
});
