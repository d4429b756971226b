import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mergeRules } from "./merge.js";
import type { Rule } from "../rule/types.js";
import { defineProvider } from "../provider/provider.js";
import { createRegistry } from "../provider/registry.js";
import { tempTree } from "../testing/temp-tree.js";
import { triggerKeyMap } from "../read/field-maps.js";

const applyCursorLikeFields = triggerKeyMap({ codePrefix: "windsurf", tool: "Windsurf" });

const cursorLike = defineProvider({
  id: "cursor",
  displayName: "Cursor",
  priority: 50,
  sources: () => [{ kind: "pattern", folder: ".cursor/rules", extensions: [".mdc"], level: "project" }],
});
const windsurfLike = defineProvider({
  id: "windsurf",
  displayName: "Windsurf",
  priority: 50,
  sources: () => [{ kind: "pattern", folder: ".windsurf/rules", extensions: [".md"], level: "project", mapFields: applyCursorLikeFields }],
});
const kiroLike = defineProvider({
  id: "kiro",
  displayName: "Kiro",
  priority: 25,
  sources: () => [{ kind: "pattern", folder: ".kiro/steering", extensions: [".md"], level: "project", activation: "always" }],
});

describe("content duplicates keep the most active copy", () => {
  it("keeps an always_on Windsurf mirror over a Cursor copy scoped by globs, and keeps the copy's metadata", async () => {
    const root = await tempTree({
      "proj/.git/HEAD": "ref: refs/heads/main\n",
      "proj/.cursor/rules/cpp.mdc": "---\ndescription: C++ style\nglobs: src/**/*.cpp\n---\nUse RAII for every resource.",
      "proj/.windsurf/rules/cpp.md": "---\ntrigger: always_on\n---\nUse RAII for every resource.",
    });
    const result = await createRegistry([cursorLike, windsurfLike]).load({ cwd: join(root, "proj"), home: join(root, "home") });
    expect(result.rules.map((r) => [r.name, r.source.provider, r.alwaysApply])).toEqual([["cpp", "windsurf", true]]);
    // Same name and text: a duplicate (its metadata kept), not a shadowed rule.
    expect(result.shadowed).toEqual([]);
    expect(result.duplicates.map((d) => d.rule)).toEqual([expect.objectContaining({ path: join(root, "proj/.cursor/rules/cpp.mdc"), description: "C++ style", globs: ["src/**/*.cpp"] })]);
  });

  it("keeps the broader copy when two names carry one text, whatever the precedence", async () => {
    const root = await tempTree({
      "proj/.git/HEAD": "ref: refs/heads/main\n",
      "proj/.cursor/rules/cpp.mdc": "---\ndescription: C++ style\nglobs: src/**/*.cpp\n---\nUse RAII for every resource.",
      "proj/.windsurf/rules/cpp-style.md": "---\ntrigger: always_on\n---\nUse RAII for every resource.\r\n",
    });
    const result = await createRegistry([cursorLike, windsurfLike]).load({ cwd: join(root, "proj"), home: join(root, "home") });
    expect(result.rules.map((r) => [r.name, r.source.provider, r.alwaysApply])).toEqual([["cpp-style", "windsurf", true]]);
    expect(result.duplicates).toHaveLength(1);
    const [duplicate] = result.duplicates;
    expect(duplicate?.duplicateOf.name).toBe("cpp-style");
    expect(duplicate?.rule).toMatchObject({ name: "cpp", description: "C++ style", globs: ["src/**/*.cpp"] });
    expect(result.diagnostics).toContainEqual(expect.objectContaining({ code: "rule-duplicate", severity: "info", path: join(root, "proj/.cursor/rules/cpp.mdc") }));
  });

  it("breaks ties by precedence", async () => {
    const root = await tempTree({
      "proj/.git/HEAD": "ref: refs/heads/main\n",
      "proj/.cursor/rules/a.mdc": "---\nalwaysApply: true\n---\nSame text.",
      "proj/.windsurf/rules/b.md": "---\ntrigger: always_on\n---\nSame text.",
    });
    const result = await createRegistry([cursorLike, windsurfLike]).load({ cwd: join(root, "proj"), home: join(root, "home") });
    expect(result.rules.map((r) => r.name)).toEqual(["a"]);
    expect(result.duplicates.map((d) => [d.rule.name, d.duplicateOf.name])).toEqual([["b", "a"]]);
  });
  it("finds every mirror among many texts of one length, each reported once against its first copy", async () => {
    // Twenty Cursor rules whose texts have one length and differ only near their end (so the
    // merge cannot tell them apart without comparing them), then a Windsurf mirror of every
    // third one: a mirror is a duplicate of its own text and no other.
    const files: Record<string, string> = { "proj/.git/HEAD": "ref: refs/heads/main\n" };
    const text = (i: number) => `Keep the public API stable and document every change in the changelog. Area ${String(i).padStart(2, "0")}.`;
    for (let i = 0; i < 20; i++) files[`proj/.cursor/rules/area-${i}.mdc`] = `---\nalwaysApply: true\n---\n${text(i)}`;
    for (let i = 0; i < 20; i += 3) files[`proj/.windsurf/rules/mirror-${i}.md`] = `---\ntrigger: always_on\n---\n${text(i)}\r\n`;
    const root = await tempTree(files);
    const result = await createRegistry([cursorLike, windsurfLike]).load({ cwd: join(root, "proj"), home: join(root, "home") });
    expect(result.rules.map((r) => r.name).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `area-${i}`).sort());
    // In the order the files are read (names in byte order).
    const mirrored = [0, 12, 15, 18, 3, 6, 9];
    expect(result.duplicates.map((d) => [d.rule.name, d.duplicateOf.name])).toEqual(mirrored.map((i) => [`mirror-${i}`, `area-${i}`]));
    expect(result.diagnostics.filter((d) => d.code === "rule-duplicate").map((d) => d.path)).toEqual(
      mirrored.map((i) => join(root, `proj/.windsurf/rules/mirror-${i}.md`)),
    );
  });
});

describe("shadow-narrows", () => {
  it("warns when a rule scoped by globs hides an always-on rule of the same name, naming both files", async () => {
    const root = await tempTree({
      "proj/.git/HEAD": "ref: refs/heads/main\n",
      "proj/.cursor/rules/security.mdc": "---\nglobs: '**/*.rs'\n---\nNo unsafe blocks.",
      "proj/.kiro/steering/security.md": "Never log secrets.",
    });
    const result = await createRegistry([cursorLike, kiroLike]).load({ cwd: join(root, "proj"), home: join(root, "home") });
    const warning = result.diagnostics.find((d) => d.code === "shadow-narrows");
    expect(warning).toMatchObject({ severity: "warning", path: join(root, "proj/.cursor/rules/security.mdc") });
    expect(warning?.message).toContain(join(root, "proj/.kiro/steering/security.md"));
    expect(result.diagnostics.some((d) => d.code === "shadow-hides-active")).toBe(false);
  });

  it("says nothing of activation when the winner is at least as active (only that its text is lost)", async () => {
    const root = await tempTree({
      "proj/.git/HEAD": "ref: refs/heads/main\n",
      "proj/.cursor/rules/security.mdc": "---\nalwaysApply: true\n---\nNo unsafe blocks.",
      "proj/.kiro/steering/security.md": "Never log secrets.",
    });
    const result = await createRegistry([cursorLike, kiroLike]).load({ cwd: join(root, "proj"), home: join(root, "home") });
    expect(result.diagnostics.filter((d) => d.code.startsWith("shadow-")).map((d) => d.code)).toEqual(["shadow-drops-text"]);
  });
});

describe("telling texts apart", () => {
  // Long texts that differ in one character anywhere (most of them where no quick look would
  // see it) or not at all, and short ones: exactly the equal texts are one text.
  const base = fc.constantFrom("a".repeat(300), `${"ab".repeat(100)}\n${"c".repeat(57)}`, "x".repeat(97), "short");
  const text = fc.tuple(base, fc.nat(), fc.constantFrom("", "z", "é")).map(([t, at, c]) => (c === "" ? t : t.slice(0, at % t.length) + c + t.slice((at % t.length) + 1)));

  it("makes a rule a duplicate exactly when an earlier rule has its text", () => {
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 40 }), (texts) => {
        const rules: Rule[] = texts.map((content, i) => ({
          name: `r${i}`,
          path: `/p/r${i}.md`,
          content,
          alwaysApply: true,
          source: { provider: "p", providerName: "P", level: "project" },
        }));
        const merged = mergeRules(rules, []);
        const firstOf = (i: number) => `r${texts.indexOf(texts[i] as string)}`;
        const expected = texts.flatMap((_, i) => (firstOf(i) === `r${i}` ? [] : [[`r${i}`, firstOf(i)]]));
        expect(merged.duplicates.map((d) => [d.rule.name, d.duplicateOf.name])).toEqual(expected);
      }),
      { numRuns: 400 },
    );
  });
});
