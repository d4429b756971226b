import { describe, expect, it } from "vitest";
import { monorepo, partition, rule } from "../test/rules.js";
import { buildSystemPrompt } from "./build.js";

describe("buildSystemPrompt on a monorepo with nested instruction files", () => {
  it("for a file in packages/api: root text first, then the api folders broad to specific, not web", () => {
    const prompt = buildSystemPrompt({ partition: monorepo, root: "/repo", files: ["packages/api/src/handlers/user.ts"] });
    expect(prompt.text).toMatchInlineSnapshot(`
      "<instructions name="AGENTS" file="AGENTS.md">
      Root: use pnpm. Run \`pnpm test\` before you commit.
      </instructions>

      # Folder instructions

      The instructions below apply only to files inside the folder named in their \`scope\` attribute, from the broadest folder to the most specific; where they conflict, follow the more specific folder.

      <instructions name="packages/api/AGENTS" file="packages/api/AGENTS.md" scope="packages/api">
      API: every handler validates its input with zod.
      </instructions>

      # Rules

      The rules below hold this project's conventions for specific domains. When you work in a domain a rule describes, first read the whole rule at \`rule://<name>\` and follow it.
      Rules with an \`applies-to\` attribute match a file you are working on: read those first.

      <rules>
      <rule name="testing">
      <description>How to write and run tests</description>
      <glob>**/*.test.ts</glob>
      </rule>
      <rule name="api-errors" applies-to="packages/api/src/handlers/user.ts">
      <description>Error responses</description>
      <glob>packages/api/src/**</glob>
      </rule>
      </rules>

      # Attached rules

      These rules apply to the files you are working on; follow them.

      <attached-rule name="packages/api/handlers" scope="packages/api" file="packages/api/src/handlers/user.ts" glob="src/handlers/**">
      Handlers return \`Result\`, never throw.
      </attached-rule>"
    `);
    expect(prompt.text).not.toContain("Web: React");
    expect(prompt.omitted).toEqual([]);
    expect(prompt.tokens).toBe(Math.ceil(prompt.text.length / 4));
  });
});

describe("buildSystemPrompt: what is in play", () => {
  it("with cwd inside packages/web, the web text and web rulebook are in the base prompt", () => {
    const prompt = buildSystemPrompt({ partition: monorepo, root: "/repo", cwd: "/repo/packages/web" });
    expect(prompt.text).toMatchInlineSnapshot(`
      "<instructions name="AGENTS" file="AGENTS.md">
      Root: use pnpm. Run \`pnpm test\` before you commit.
      </instructions>

      # Folder instructions

      The instructions below apply only to files inside the folder named in their \`scope\` attribute, from the broadest folder to the most specific; where they conflict, follow the more specific folder.

      <instructions name="packages/web/AGENTS" file="packages/web/AGENTS.md" scope="packages/web">
      Web: React 19, function components only.
      </instructions>

      # Rules

      The rules below hold this project's conventions for specific domains. When you work in a domain a rule describes, first read the whole rule at \`rule://<name>\` and follow it.

      <rules>
      <rule name="testing">
      <description>How to write and run tests</description>
      <glob>**/*.test.ts</glob>
      </rule>
      <rule name="packages/web/react" scope="packages/web">
      <description>React component conventions</description>
      <glob>src/**/*.tsx</glob>
      </rule>
      <rule name="api-errors">
      <description>Error responses</description>
      <glob>packages/api/src/**</glob>
      </rule>
      </rules>"
    `);
  });

  it("orders folders broad to specific, siblings in precedence order, whatever the order of the files", () => {
    const files = ["packages/api/src/db/schema.ts", "packages/web/src/App.tsx", "packages/api/src/index.ts"];
    const prompt = buildSystemPrompt({ partition: monorepo, root: "/repo", files });
    const at = (text: string) => prompt.text.indexOf(text);
    const order = ["Root: use pnpm", 'scope="packages/web"', 'scope="packages/api"', 'scope="packages/api/src/db"', "# Rules"].map(at);
    expect(order.every((i) => i >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(prompt.included.map((r) => [r.name, r.section])).toEqual([
      ["AGENTS", "always"],
      ["packages/web/AGENTS", "folder"],
      ["packages/api/AGENTS", "folder"],
      ["packages/api/src/db/AGENTS", "folder"],
      ["testing", "rulebook"],
      ["packages/web/react", "rulebook"],
      ["api-errors", "rulebook"],
    ]);
  });

  it("reads relative files from cwd, accepts absolute ones, and ignores files outside the root", () => {
    const fromWeb = buildSystemPrompt({ partition: monorepo, root: "/repo", cwd: "/repo/packages/web", files: ["../api/src/x.ts"] });
    expect(fromWeb.text).toContain("API: every handler");
    expect(fromWeb.text).toContain('<rule name="api-errors" applies-to="packages/api/src/x.ts">');
    const absolute = buildSystemPrompt({ partition: monorepo, root: "/repo", files: ["/repo/packages/api/src/x.ts"] });
    expect(absolute.text).toBe(buildSystemPrompt({ partition: monorepo, root: "/repo", files: ["packages/api/src/x.ts"] }).text);
    const outside = buildSystemPrompt({ partition: monorepo, root: "/repo", files: ["/elsewhere/packages/api/src/x.ts", "../x.css"] });
    expect(outside.text).toBe(buildSystemPrompt({ partition: monorepo, root: "/repo" }).text);
    expect(buildSystemPrompt({ partition: monorepo, root: "/repo", cwd: "/elsewhere" }).text).not.toContain("# Folder instructions");
  });

  it("never shows stream-trigger or inactive rules", () => {
    const everything = buildSystemPrompt({ partition: monorepo, root: "/repo", cwd: "/repo/packages/api/src/db", files: ["a.test.ts", "x.css"] });
    for (const text of ["TTSR BODY", "no-console", "INACTIVE BODY", "manual"]) expect(everything.text).not.toContain(text);
  });

  it("shows a rule limited to modes only in one of its modes", () => {
    const withModes = { ...monorepo, alwaysApply: [...monorepo.alwaysApply, rule("architect", { content: "Plan first.", modes: ["architect"] })] };
    expect(buildSystemPrompt({ partition: withModes, root: "/repo" }).text).not.toContain("Plan first.");
    expect(buildSystemPrompt({ partition: withModes, root: "/repo", mode: "code" }).text).not.toContain("Plan first.");
    expect(buildSystemPrompt({ partition: withModes, root: "/repo", mode: "architect" }).text).toContain("Plan first.");
  });

  it("is empty when no rule belongs in the prompt", () => {
    const empty = buildSystemPrompt({ partition: partition({ ttsr: [rule("t", { condition: ["x"] })], inactive: [rule("i")] }), root: "/repo" });
    expect(empty).toEqual({ text: "", included: [], omitted: [], tokens: 0 });
  });

  it("keeps the layout the CLI printed for unscoped rules", () => {
    const plain = partition({
      alwaysApply: [rule("first", { content: "FIRST always" }), rule("second", { content: "SECOND always" })],
      rulebook: [rule("react", { description: "React components", globs: ["**/*.tsx", "src/ui/**"] }), rule("api", { description: "API client" })],
      autoAttach: [rule("styles", { globs: ["src/ui/**/*.tsx"], content: "Use CSS modules." })],
    });
    const prompt = buildSystemPrompt({ partition: plain, root: "/repo", files: ["src/ui/App.tsx"] });
    expect(prompt.text.startsWith('<instructions name="first" file="first.md">\nFIRST always\n</instructions>\n\n<instructions name="second" file="second.md">\nSECOND always\n</instructions>\n\n# Rules\n')).toBe(true);
    expect(prompt.text).toContain(
      '<rule name="react" applies-to="src/ui/App.tsx">\n<description>React components</description>\n<glob>**/*.tsx</glob>\n<glob>src/ui/**</glob>\n</rule>',
    );
    expect(prompt.text).toContain('<rule name="api">\n<description>API client</description>\n</rule>');
    expect(prompt.text.endsWith('<attached-rule name="styles" file="src/ui/App.tsx" glob="src/ui/**/*.tsx">\nUse CSS modules.\n</attached-rule>')).toBe(true);
  });
});
