import { loadProvider, tempTree } from "@rulebook/core/testing";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { windsurfProvider } from "./index.js";

const GLOBAL = "home/.codeium/windsurf/memories/global_rules.md";

async function load(files: Record<string, string>) {
  const root = await tempTree(files);
  return { root, ...(await loadProvider(windsurfProvider, { cwd: join(root, "proj"), home: join(root, "home") })) };
}

describe("windsurfProvider global_rules.md and .windsurfrules", () => {
  it.each([
    ["global_rules.md", GLOBAL],
    [".windsurfrules", "proj/.windsurfrules"],
  ])("%s always applies when it has no frontmatter", async (_, path) => {
    const { rules, diagnostics } = await load({ [path]: "Be brief." });
    expect(rules).toEqual([expect.objectContaining({ content: "Be brief.", alwaysApply: true })]);
    expect(diagnostics).toEqual([]);
  });

  it.each([
    ["global_rules.md", GLOBAL],
    [".windsurfrules", "proj/.windsurfrules"],
  ])("%s follows its own alwaysApply: false", async (_, path) => {
    const { rules } = await load({ [path]: "---\ndescription: Only when asked\nalwaysApply: false\n---\nBe brief." });
    expect(rules[0]?.description).toBe("Only when asked");
    expect(rules[0]).not.toHaveProperty("alwaysApply");
  });

  it("follows a trigger in a legacy file: model_decision makes it a rulebook rule", async () => {
    const { rules } = await load({ "proj/.windsurfrules": "---\ntrigger: model_decision\ndescription: Style\n---\nBe brief." });
    expect(rules[0]).toMatchObject({ name: "windsurfrules", description: "Style" });
    expect(rules[0]).not.toHaveProperty("alwaysApply");
  });

  it("keeps a legacy file with trigger: manual inactive", async () => {
    const { rules, diagnostics } = await load({ [GLOBAL]: "---\ntrigger: manual\n---\nBe brief." });
    expect(rules[0]).not.toHaveProperty("alwaysApply");
    expect(diagnostics.map((d) => d.code)).toEqual(["windsurf-manual"]);
  });

  it("warns about an unknown trigger in a legacy file and still always applies it", async () => {
    const { rules, diagnostics } = await load({ "proj/.windsurfrules": "---\ntrigger: true\n---\nBe brief." });
    expect(rules[0]?.alwaysApply).toBe(true);
    expect(diagnostics).toEqual([expect.objectContaining({ code: "windsurf-trigger-unknown", message: expect.stringContaining("true") })]);
  });

  it("warns when global_rules.md or .windsurfrules is a folder", async () => {
    const { root, rules, diagnostics } = await load({
      [`${GLOBAL}/inside.md`]: "x",
      "proj/.windsurfrules/inside.md": "x",
    });
    expect(rules).toEqual([]);
    expect(diagnostics.map((d) => [d.severity, d.code, d.path])).toEqual([
      ["warning", "not-a-file", join(root, "proj/.windsurfrules")],
      ["warning", "not-a-file", join(root, GLOBAL)],
    ]);
  });
});
