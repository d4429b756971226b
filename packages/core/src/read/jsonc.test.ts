import { describe, expect, it } from "vitest";
import { parseJsonc } from "./jsonc.js";

describe("parseJsonc", () => {
  it("reads comments and trailing commas as OpenCode does, leaving strings alone", () => {
    const text = '{\n  // the rules\n  "instructions": ["a.md", "docs/*.md",], /* done */\n  "url": "http://x//y, ]"\n}\n';
    expect(parseJsonc(text)).toEqual({ value: { instructions: ["a.md", "docs/*.md"], url: "http://x//y, ]" } });
  });

  it("gives the line of a syntax error, never throws", () => {
    const broken = '{\n  "instructions": [\n    "a.md"\n    "b.md"\n  ]\n}\n';
    expect(parseJsonc(broken)).toMatchObject({ problem: expect.stringMatching(/^not valid JSON: /), line: 4 });
    expect(parseJsonc("")).toMatchObject({ line: 1 });
    expect(parseJsonc('{ "a": "unclosed')).toMatchObject({ problem: expect.any(String) });
  });
});
