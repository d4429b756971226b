import { loadProvider, memoryFs } from "@rulebook/core/testing";
import { describe, expect, it } from "vitest";
import { continueProvider } from "./index.js";

async function rule(frontmatter: string, where = "/v/p/.continue/rules/r.md") {
  const fs = memoryFs({ [where]: `---\n${frontmatter}\n---\nBody`, "/v/p/.continue/rules/other.md": "x" });
  const { rules, diagnostics } = await loadProvider(continueProvider, { cwd: "/v/p", root: "/v/p", home: "/v/h", fs });
  const found = rules.find((r) => r.path === where);
  const { name, path, source, content, scope, ...fields } = found ?? { name: "", path: "", source: {}, content: "" };
  return { fields, codes: diagnostics.map((d) => d.code) };
}

describe("Continue's alwaysApply", () => {
  it.each([
    ["alwaysApply: true\nglobs: '*.ts'", { alwaysApply: true, globs: ["*.ts"] }],
    ["description: D", { alwaysApply: true, description: "D" }],
    ["description: D\nglobs: '*.ts'", { globs: ["*.ts"] }],
    ["alwaysApply: false\nglobs: '*.ts'", { globs: ["*.ts"] }],
    ["alwaysApply: false\ndescription: D\nglobs: [a/**, b/**]", { description: "D", globs: ["a/**", "b/**"] }],
    ["alwaysApply: false\ndescription: D", { description: "D" }],
    ["alwaysApply: false", {}],
  ])("reads %j as %j", async (frontmatter, expected) => {
    expect((await rule(frontmatter)).fields).toEqual(expected);
  });

  it("keeps a stream trigger next to Continue's keys", async () => {
    expect((await rule("globs: '*.sql'\ncondition: DROP TABLE")).fields).toEqual({ globs: ["*.sql"], condition: ["DROP TABLE"] });
  });

  it("makes an invokable file inactive whatever else it says", async () => {
    const { fields, codes } = await rule("invokable: true\nalwaysApply: true\ndescription: D");
    expect(fields).toEqual({});
    expect(codes).toEqual(["continue-invokable"]);
  });

  it("puts **/ in front of a colocated rule's globs unless they start with **", async () => {
    const fs = memoryFs({
      "/v/p/.continue/config.yaml": "name: x",
      "/v/p/pkg/rules.md": "---\nglobs: ['./lib/*.ts', '**/*.md', '!dist/**']\n---\nBody",
    });
    const { rules } = await loadProvider(continueProvider, { cwd: "/v/p", root: "/v/p", home: "/v/h", fs });
    expect(rules.map((r) => [r.name, r.scope, r.globs])).toEqual([["pkg/rules", "pkg", ["**/lib/*.ts", "**/*.md", "!**/dist/**"]]]);
  });
});
