import { join } from "node:path";
import { loadProvider, tempTree } from "@rulebook/core/testing";
import { describe, expect, it } from "vitest";
import { kiroProvider } from "./index.js";

async function steering(text: string) {
  const root = await tempTree({ "proj/.kiro/steering/rule.md": text });
  const proj = join(root, "proj");
  const { rules, diagnostics } = await loadProvider(kiroProvider, { cwd: proj, root: proj, home: join(root, "home") });
  const { name, path, source, content, ...fields } = rules[0] ?? { name: "", path: "", source: {}, content: "" };
  return { fields, diagnostics };
}

describe("applyInclusion", () => {
  it("always applies a file without frontmatter", async () => {
    expect((await steering("Plain text.")).fields).toEqual({ alwaysApply: true });
  });

  it("always applies inclusion: always, keeping its description", async () => {
    expect((await steering("---\ninclusion: always\ndescription: Basics\n---\nBody")).fields).toEqual({
      alwaysApply: true,
      description: "Basics",
    });
  });

  it("attaches fileMatch by its pattern only (a description is not how Kiro picks it)", async () => {
    const { fields } = await steering('---\ninclusion: fileMatch\nfileMatchPattern: "**/*.ts, **/*.tsx"\ndescription: TS\n---\nBody');
    expect(fields).toEqual({ globs: ["**/*.ts", "**/*.tsx"] });
  });

  it("reads an unquoted fileMatchPattern (not valid YAML) as meant", async () => {
    // The core's YAML repair covers `globs:` only, so this goes through its line fallback
    // (with a yaml-invalid warning); the globs are right either way.
    expect((await steering("---\ninclusion: fileMatch\nfileMatchPattern: **/*.ts, src/**\n---\nBody")).fields).toEqual({
      globs: ["**/*.ts", "src/**"],
    });
  });

  it("keeps a stream trigger on a fileMatch file", async () => {
    const { fields } = await steering("---\ninclusion: fileMatch\nfileMatchPattern: '*.py'\ncondition: eval\\(\n---\nBody");
    expect(fields).toEqual({ globs: ["*.py"], condition: ["eval\\("] });
  });

  it("warns about fileMatch without a pattern, and the rule stays inactive", async () => {
    const { fields, diagnostics } = await steering("---\ninclusion: fileMatch\n---\nBody");
    expect(fields).toEqual({});
    expect(diagnostics).toEqual([expect.objectContaining({ code: "kiro-file-match-pattern", severity: "warning", line: 2 })]);
  });

  it("warns about an empty pattern list on the fileMatchPattern line", async () => {
    const { fields, diagnostics } = await steering("---\ninclusion: fileMatch\nfileMatchPattern: []\n---\nBody");
    expect(fields).toEqual({});
    expect(diagnostics).toEqual([expect.objectContaining({ code: "kiro-file-match-pattern", line: 3 })]);
  });

  it("offers inclusion: auto by its description only", async () => {
    const { fields, diagnostics } = await steering("---\ninclusion: auto\nname: api\ndescription: API design\nalwaysApply: true\n---\nBody");
    expect(fields).toEqual({ description: "API design" });
    expect(diagnostics).toEqual([]);
  });

  it("makes manual inactive whatever else it says", async () => {
    const { fields } = await steering("---\ninclusion: manual\nalwaysApply: true\ndescription: x\n---\nBody");
    expect(fields).toEqual({});
  });

  it("warns about an unknown inclusion and reads the file as if it had none", async () => {
    const { fields, diagnostics } = await steering("---\ninclusion: sometimes\n---\nBody");
    expect(fields).toEqual({ alwaysApply: true });
    expect(diagnostics).toEqual([expect.objectContaining({ code: "kiro-inclusion-unknown", severity: "warning", line: 2 })]);
  });

  it("tolerates spaces around the mode", async () => {
    expect((await steering('---\ninclusion: " manual "\n---\nBody')).fields).toEqual({});
  });
});
