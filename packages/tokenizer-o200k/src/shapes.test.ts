import { describe, expect, it } from "vitest";
import { count, reference, referencePieces, seededTexts, tableClasses } from "../test/reference.js";
import { o200kSplit } from "./runs.js";

// The ASCII bits that decide where a piece ends: letters of both cases (the contraction letters
// among them), digits, apostrophes and whole contractions, every kind of whitespace, symbols and
// runs of them, slashes after newlines, control characters.
const ASCII_POOL = [
  "a",
  "b",
  "s",
  "t",
  "l",
  "v",
  "e",
  "r",
  "d",
  "m",
  "Q",
  "S",
  "T",
  "L",
  "V",
  "E",
  "R",
  "D",
  "M",
  "x",
  "Z",
  "0",
  "7",
  "42",
  "1234567",
  "'",
  "'s",
  "'S",
  "'ll",
  "'LL",
  "'lL",
  "'ve",
  "'Re",
  "'re",
  "'x",
  "''",
  " ",
  "  ",
  "\t",
  "\n",
  "\r",
  "\r\n",
  "\v",
  "\f",
  " \n",
  "\n ",
  "/",
  "//",
  "\n/",
  "\n//",
  "-",
  "--",
  ".",
  ",",
  ":",
  "#",
  "*",
  "`",
  "```",
  "_",
  '"',
  "(",
  ")",
  "{",
  "}",
  "<",
  ">",
  "=",
  "\\",
  "@",
  "\0",
  "\x1f",
  "\x7f",
  "https://",
  "a/b",
  "don't",
  "WE'D",
  "x86_64",
];
// Non-ASCII next to ASCII: letters of each case, marks, numbers, spaces, symbols, emoji, surrogates.
const OTHER_POOL = ["é", "É", "ǅ", "ʰ", "中", "日本語", "\u0301", "٣", "½", "\u00a0", "\u3000", "—", "→", "😀", "👩‍💻", "\uD800"];

describe("the o200k counter on text shaped like rule files", () => {
  const splitText = o200kSplit(...tableClasses());
  const split = (text: string) => {
    const out: string[] = [];
    splitText(text, (piece) => out.push(piece));
    return out;
  };
  const mixed = seededTexts([...ASCII_POOL, ...ASCII_POOL, ...OTHER_POOL], 6_000, 30, 77);

  it("splits every mix of the ASCII that decides where a piece ends as the regular expression does", () => {
    for (const text of seededTexts(ASCII_POOL, 20_000, 20, 5)) expect(split(text), JSON.stringify(text)).toEqual(referencePieces(text));
  });

  it("splits ASCII with other characters next to it as the regular expression does", () => {
    for (const text of mixed) expect(split(text), JSON.stringify(text)).toEqual(referencePieces(text));
  });

  it("counts generated text as gpt-tokenizer does, pieces repeating across texts", () => {
    for (const text of [...seededTexts(ASCII_POOL, 1_500, 40, 9), ...mixed.slice(0, 1_500)])
      expect([text, count(text)]).toEqual([text, reference(text)]);
  });

  it("counts texts shaped like rule files as gpt-tokenizer does", () => {
    for (const text of RULE_SHAPED) expect([text.slice(0, 40), count(text)]).toEqual([text.slice(0, 40), reference(text)]);
    // The same texts again, every piece now remembered.
    for (const text of RULE_SHAPED) expect([text.slice(0, 40), count(text)]).toEqual([text.slice(0, 40), reference(text)]);
  });
});

// Rule files as they come: markdown headings and lists, code fences, YAML frontmatter, URLs and
// paths, long base64 and hex runs, Chinese and Japanese paragraphs, arrows and emoji.
const RULE_SHAPED = [
  `---
description: TypeScript conventions for the web app
globs: src/**/*.{ts,tsx}, !src/**/*.test.ts
alwaysApply: false
---

# TypeScript conventions

## Types

- Prefer \`unknown\` over \`any\`; narrow with type guards.
- Don't export default — named exports only.
- Use \`readonly\` arrays: \`readonly string[]\`.
  - Nested item with **bold** and _emphasis_ (see [the handbook](https://www.typescriptlang.org/docs/handbook/2/narrowing.html#the-in-operator-narrowing)).

1. First step
2. Second step → third step

\`\`\`ts
export async function loadUser(id: string): Promise<User | undefined> {
  const row = await db.query<UserRow>("SELECT * FROM users WHERE id = $1", [id]);
  return row ? toUser(row) : undefined; // TODO(#123): cache
}
\`\`\`
`,
  `# Commit messages\r\n\r\nUse Conventional Commits: \`feat(api): add /v2/users endpoint\`.\r\n\r\n| Type | When |\r\n|------|------|\r\n| feat | a new feature |\r\n| fix  | a bug fix |\r\n\r\n> NOTE: We'll squash-merge; it's the PR title that counts.\r\n`,
  `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels: { app: web, tier: "frontend" }
spec:
  replicas: 3
  template:
    spec:
      containers:
        - name: web
          image: ghcr.io/example/web:1.24.3@sha256:${"9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"}
          env:
            - name: TOKEN
              value: "${"QmFzZTY0IGVuY29kZWQgc2VjcmV0IHZhbHVlIGZvciB0ZXN0aW5nIG9ubHk=".repeat(12)}"
`,
  `## 基本方針

- **段階的実装**: タスクを小さな単位に分割して段階的に実装する。
- **確認ベース**: 各ステップで動作確認を行ってから次に進む。

## 代码规范

所有函数都必须有类型注解。不要使用 \`any\` 类型；请使用 \`unknown\` 并进行类型收窄。变量命名使用 camelCase，组件使用 PascalCase。

한국어 문서도 있습니다. Ελληνικά, русский текст, العربية.
`,
  `# Workflow ✅

1. Read the issue 📖 → write a failing test 🧪 → make it pass ✨
2. Run \`pnpm test\` — all green? 🚀 Ship it!
3. ⚠️ Never commit secrets (e.g. \`sk-proj-${"aB3dE5gH7jK9mN1pQ".repeat(4)}\`).

Status: 👩‍💻 in progress · 🏳️‍🌈 · 👍🏽 · ©2026 ACME™ — “quoted” ‘text’ … ½ ⅓ ²³
`,
  `<rules>
  <rule id="no-console">Avoid console.log(); use the logger: logger.info({ userId }, "signed in").</rule>
</rules>
0x7fffffff 0xDEADBEEF 3.14159e-10 1,234,567.89 v18.17.1 2026-12-04T15:50:00Z
C:\\Users\\dev\\project\\src\\index.ts /usr/local/bin/node ../../packages/core/src
<|endoftext|> <|im_start|>user<|im_end|>
${"deadbeefcafebabe0123456789abcdef".repeat(20)}
`,
];
