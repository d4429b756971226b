import { describe, expect, it } from "vitest";
import { parseRuleFile } from "./rule-file.js";

const source = { provider: "cursor", providerName: "Cursor", level: "project" as const };
const read = (text: string) => parseRuleFile(text, { path: "/p/.cursor/rules/r.mdc", name: "r" }, { source });

describe("globs that cannot be compiled", () => {
  it("warns on the globs line about an unclosed [, naming the glob", () => {
    const { rule, diagnostics } = read('---\ndescription: Styles\nglobs: "[unclosed"\n---\nBody');
    expect(rule?.globs).toEqual(["[unclosed"]);
    expect(diagnostics).toEqual([
      expect.objectContaining({
        severity: "warning",
        code: "globs-invalid",
        line: 3,
        message: expect.stringContaining('glob "[unclosed" cannot be used: its "[" is never closed'),
      }),
    ]);
  });

  it("says nothing of classes that close, escaped brackets, or Next.js route folders", () => {
    for (const globs of ["src/[abc]*.ts", "app/[slug]/**", "docs/\\\\[draft\\\\]/*.md", "[!_]*.ts", "[]]x", "[[:alpha:]]*"]) {
      expect(read(`---\nglobs: ${JSON.stringify(globs)}\n---\nBody`).diagnostics, globs).toEqual([]);
    }
  });

  it("warns for a format's own glob key too, on its line", () => {
    const { diagnostics } = parseRuleFile(
      "---\napplyTo: 'src/[a/**'\n---\nBody",
      { path: "/p/x.instructions.md", name: "x" },
      {
        source,
        mapFields: (fields, data) => ({ ...fields, globs: [String(data.applyTo)] }),
      },
    );
    expect(diagnostics.map((d) => [d.code, d.line])).toEqual([["globs-invalid", 2]]);
  });
});
