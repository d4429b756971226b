import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mergeRules } from "./merge.js";
import { partitionRules } from "../rule/partition.js";
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
    expect(result.duplicates.map((d) => d.rule)).toEqual([
      expect.objectContaining({ path: join(root, "proj/.cursor/rules/cpp.mdc"), description: "C++ style", globs: ["src/**/*.cpp"] }),
    ]);
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
    expect(result.diagnostics).toContainEqual(
      expect.objectContaining({ code: "rule-duplicate", severity: "info", path: join(root, "proj/.cursor/rules/cpp.mdc") }),
    );
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

describe("what a copy is", () => {
  // Roo Code's rules-<mode> folders: the same text for two modes is two rules, one per mode.
  const rooLike = defineProvider({
    id: "roo",
    displayName: "Roo Code",
    priority: 25,
    sources: ({ root }) =>
      ["code", "architect"].map((mode) => ({
        kind: "folder" as const,
        path: join(root, `.roo/rules-${mode}`),
        extensions: [".md"],
        level: "project" as const,
        activation: "always" as const,
        modes: [mode],
        namePrefix: `rules-${mode}/`,
      })),
  });

  it("keeps one text given for two modes in each mode", async () => {
    const root = await tempTree({
      "proj/.git/HEAD": "ref: refs/heads/main\n",
      "proj/.roo/rules-code/tests.md": "Write the test first.",
      "proj/.roo/rules-architect/tests.md": "Write the test first.",
    });
    const result = await createRegistry([rooLike]).load({ cwd: join(root, "proj"), home: join(root, "home") });
    expect(result.rules.map((r) => [r.name, r.modes])).toEqual([
      ["rules-code/tests", ["code"]],
      ["rules-architect/tests", ["architect"]],
    ]);
    expect(result.duplicates).toEqual([]);
    for (const mode of ["code", "architect"]) {
      expect(partitionRules(result.rules, { mode }).alwaysApply.map((r) => r.name)).toEqual([`rules-${mode}/tests`]);
    }
  });

  it("keeps one text given for every mode and for one mode in every mode", async () => {
    const everyMode = defineProvider({
      id: "roo",
      displayName: "Roo Code",
      priority: 25,
      sources: ({ root }) => [
        {
          kind: "folder",
          path: join(root, ".roo/rules-code"),
          extensions: [".md"],
          level: "project",
          activation: "always",
          modes: ["code"],
          namePrefix: "rules-code/",
        },
        { kind: "folder", path: join(root, ".roo/rules"), extensions: [".md"], level: "project", activation: "always" },
      ],
    });
    const root = await tempTree({
      "proj/.git/HEAD": "ref: refs/heads/main\n",
      "proj/.roo/rules-code/tests.md": "Write the test first.",
      "proj/.roo/rules/tests.md": "Write the test first.",
    });
    const result = await createRegistry([everyMode]).load({ cwd: join(root, "proj"), home: join(root, "home") });
    expect(result.rules.map((r) => r.name)).toEqual(["rules-code/tests", "tests"]);
    expect(result.duplicates).toEqual([]);
    expect(partitionRules(result.rules, { mode: "architect" }).alwaysApply.map((r) => r.name)).toEqual(["tests"]);
  });

  it("hides a stream trigger of the same name and text behind the rule of the prompt, never keeps both", async () => {
    const triggerLike = defineProvider({
      id: "guards",
      displayName: "Guards",
      priority: 40,
      sources: () => [{ kind: "pattern", folder: ".guards", extensions: [".md"], level: "project" }],
    });
    const root = await tempTree({
      "proj/.git/HEAD": "ref: refs/heads/main\n",
      "proj/.cursor/rules/no-console.mdc": "---\nalwaysApply: true\n---\nNever use console.log.\n",
      "proj/.guards/no-console.md": "---\ncondition: console\\.log\n---\nNever use console.log.\n",
    });
    const result = await createRegistry([cursorLike, triggerLike]).load({ cwd: join(root, "proj"), home: join(root, "home") });
    expect(result.rules.map((r) => [r.name, r.source.provider])).toEqual([["no-console", "cursor"]]);
    expect(result.shadowed.map((s) => [s.rule.source.provider, s.shadowedBy.source.provider])).toEqual([["guards", "cursor"]]);
    expect(result.duplicates).toEqual([]);
  });

  it("keeps the copy read by its description over an inactive mirror of higher precedence", async () => {
    const root = await tempTree({
      "proj/.git/HEAD": "ref: refs/heads/main\n",
      "proj/.cursor/rules/deploy.mdc": "Deploy only from main, after the release checklist.",
      "proj/.windsurf/rules/deploy-steps.md":
        "---\ntrigger: model_decision\ndescription: How to deploy\n---\nDeploy only from main, after the release checklist.",
    });
    const result = await createRegistry([cursorLike, windsurfLike]).load({ cwd: join(root, "proj"), home: join(root, "home") });
    expect(result.rules.map((r) => r.name)).toEqual(["deploy-steps"]);
    expect(partitionRules(result.rules).rulebook.map((r) => r.name)).toEqual(["deploy-steps"]);
    expect(result.duplicates.map((d) => [d.rule.name, d.duplicateOf.name])).toEqual([["deploy", "deploy-steps"]]);
  });
});

describe("what the load says about each rule it set aside", () => {
  const agentsMd = defineProvider({
    id: "agents-md",
    displayName: "AGENTS.md",
    priority: 60,
    sources: () => [{ kind: "pattern", file: "AGENTS.md", name: "AGENTS", level: "project", activation: "always" }],
  });
  const claudeLike = defineProvider({
    id: "claude",
    displayName: "Claude Code",
    priority: 45,
    sources: () => [{ kind: "pattern", file: "CLAUDE.md", name: "CLAUDE", level: "project", activation: "always", imports: true }],
  });
  const cursorBelow = defineProvider({ ...cursorLike, priority: 40 });
  const GUIDE = "# Repository Guidelines\n\n- Build with `pnpm build`.\n- Every change needs a test.";

  it("names as the rule that hid or repeats another the rule it returns, its imports pointed at rules", async () => {
    const claude = "# CLAUDE.md\n\n@AGENTS.md\n\nAlso run `pnpm lint` before you commit.\n";
    const root = await tempTree({
      "proj/.git/HEAD": "ref: refs/heads/main\n",
      "proj/AGENTS.md": `${GUIDE}\n`,
      "proj/CLAUDE.md": claude,
      "proj/.cursor/rules/CLAUDE.mdc": "---\nalwaysApply: true\n---\nOther text.\n",
      // CLAUDE.md as Claude Code reads it, AGENTS.md pasted in: a mirror of its text.
      "proj/.cursor/rules/claude-mirror.mdc": `---\nalwaysApply: true\n---\n# CLAUDE.md\n\n${GUIDE}\n\nAlso run \`pnpm lint\` before you commit.\n`,
    });
    const result = await createRegistry([agentsMd, claudeLike, cursorBelow]).load({ cwd: join(root, "proj"), home: join(root, "home") });
    const kept = result.rules.find((r) => r.name === "CLAUDE");
    expect(kept?.content).toBe("# CLAUDE.md\n\nSee rule://AGENTS (AGENTS.md).\n\nAlso run `pnpm lint` before you commit.");
    expect(result.shadowed.map((s) => s.rule.path)).toEqual([join(root, "proj/.cursor/rules/CLAUDE.mdc")]);
    expect(result.shadowed[0]?.shadowedBy).toBe(kept);
    expect(result.duplicates.map((d) => d.rule.name)).toEqual(["claude-mirror"]);
    expect(result.duplicates[0]?.duplicateOf).toBe(kept);
    expect(result.diagnostics.find((d) => d.code === "rule-duplicate")?.message).toBe(
      `rule "claude-mirror" has the same content as "CLAUDE" (${join(root, "proj/CLAUDE.md")}); it is used once, as "CLAUDE"`,
    );
  });

  it("drops an empty rule with a warning naming it, and it hides nothing", async () => {
    const root = await tempTree({
      "proj/.git/HEAD": "ref: refs/heads/main\n",
      "proj/.cursor/rules/style.mdc": "---\nalwaysApply: true\n---\n\n",
      "proj/.windsurf/rules/style.md": "---\ntrigger: always_on\n---\nTwo spaces.\n",
    });
    const result = await createRegistry([cursorLike, windsurfLike]).load({ cwd: join(root, "proj"), home: join(root, "home") });
    expect(result.rules.map((r) => [r.name, r.source.provider])).toEqual([["style", "windsurf"]]);
    expect(result.shadowed).toEqual([]);
    expect(result.diagnostics).toEqual([
      {
        severity: "warning",
        code: "rule-empty",
        message: 'rule "style" has no content; dropped (it shadows nothing)',
        provider: "cursor",
        path: join(root, "proj/.cursor/rules/style.mdc"),
      },
    ]);
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

  it("says in words how each of the two rules applies", async () => {
    const guards = defineProvider({
      id: "guards",
      displayName: "Guards",
      priority: 60,
      sources: () => [{ kind: "pattern", folder: ".guards", extensions: [".md"], level: "project" }],
    });
    const root = await tempTree({
      "proj/.git/HEAD": "ref: refs/heads/main\n",
      "proj/.guards/logging.md": "---\ncondition: console\\.log\n---\nUse the logger.",
      "proj/.cursor/rules/security.mdc": "---\nglobs: '**/*.rs, src/**'\n---\nNo unsafe blocks.",
      "proj/.cursor/rules/release.mdc": "---\ndescription: How to release\n---\nTag first.",
      "proj/.kiro/steering/logging.md": "Log as JSON.",
      "proj/.kiro/steering/security.md": "Never log secrets.",
      "proj/.windsurf/rules/release.md": "---\ntrigger: glob\nglobs: CHANGELOG.md\n---\nUpdate the changelog.",
    });
    const result = await createRegistry([guards, cursorLike, windsurfLike, kiroLike]).load({ cwd: join(root, "proj"), home: join(root, "home") });
    const proj = join(root, "proj");
    // In the order the hidden rules are read.
    expect(result.diagnostics.filter((d) => d.code === "shadow-narrows").map((d) => d.message)).toEqual([
      `rule "release" in ${proj}/.cursor/rules/release.mdc applies only when the agent reads it on demand, yet it hides the rule of the same name in ${proj}/.windsurf/rules/release.md, which applies only to files matching CHANGELOG.md; rename one of them`,
      `rule "logging" in ${proj}/.guards/logging.md applies only as a stream trigger, yet it hides the rule of the same name in ${proj}/.kiro/steering/logging.md, which applies always; rename one of them`,
      `rule "security" in ${proj}/.cursor/rules/security.mdc applies only to files matching **/*.rs, src/**, yet it hides the rule of the same name in ${proj}/.kiro/steering/security.md, which applies always; rename one of them`,
    ]);
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
  const text = fc
    .tuple(base, fc.nat(), fc.constantFrom("", "z", "é"))
    .map(([t, at, c]) => (c === "" ? t : t.slice(0, at % t.length) + c + t.slice((at % t.length) + 1)));

  it("reads CRLF, CR and LF line ends, and blank lines around the text, as one text", () => {
    const rules: Rule[] = [
      "Line one.\nLine two.",
      "\n\nLine one.\r\nLine two.\r\n",
      "Line one.\rLine two.",
      "Line one.Line two.",
      "Line one.\n\nLine two.",
    ].map((content, i) => ({
      name: `r${i}`,
      path: `/p/r${i}.md`,
      content,
      alwaysApply: true,
      source: { provider: "p", providerName: "P", level: "project" },
    }));
    expect(mergeRules(rules, []).duplicates.map((d) => [d.rule.name, d.duplicateOf.name])).toEqual([
      ["r1", "r0"],
      ["r2", "r0"],
    ]);
  });

  it("compares modes as lists: the same text for code and review, and for a mode named codereview, is two rules", () => {
    const source = { provider: "p", providerName: "P", level: "project" } as const;
    const rules: Rule[] = [
      { name: "a", path: "/p/a.md", content: "Review twice.", alwaysApply: true, modes: ["code", "review"], source },
      { name: "b", path: "/p/b.md", content: "Review twice.", alwaysApply: true, modes: ["codereview"], source },
    ];
    expect(mergeRules(rules, []).rules.map((r) => r.name)).toEqual(["a", "b"]);
  });

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
