import type { Rule } from "@rulebook/core";
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
    expect(
      prompt.text.startsWith(
        '<instructions name="first" file="first.md">\nFIRST always\n</instructions>\n\n<instructions name="second" file="second.md">\nSECOND always\n</instructions>\n\n# Rules\n',
      ),
    ).toBe(true);
    expect(prompt.text).toContain(
      '<rule name="react" applies-to="src/ui/App.tsx">\n<description>React components</description>\n<glob>**/*.tsx</glob>\n<glob>src/ui/**</glob>\n</rule>',
    );
    expect(prompt.text).toContain('<rule name="api">\n<description>API client</description>\n</rule>');
    expect(
      prompt.text.endsWith('<attached-rule name="styles" file="src/ui/App.tsx" glob="src/ui/**/*.tsx">\nUse CSS modules.\n</attached-rule>'),
    ).toBe(true);
  });
});

describe("buildSystemPrompt: what the prompt says it shows (prompt --json, the MCP tools)", () => {
  it("lists every rule shown with its section, its folder only when it has one, and its tokens", () => {
    const prompt = buildSystemPrompt({ partition: monorepo, root: "/repo", files: ["packages/api/src/handlers/user.ts", "src/a.css"] });
    const blockTokens = (text: string) => Math.ceil(text.length / 4);
    expect(prompt.included.map(({ rule: _, ...shown }) => shown)).toStrictEqual([
      {
        name: "AGENTS",
        section: "always",
        tokens: blockTokens('<instructions name="AGENTS" file="AGENTS.md">\nRoot: use pnpm. Run `pnpm test` before you commit.\n</instructions>'),
      },
      {
        name: "packages/api/AGENTS",
        section: "folder",
        scope: "packages/api",
        tokens: blockTokens(
          '<instructions name="packages/api/AGENTS" file="packages/api/AGENTS.md" scope="packages/api">\nAPI: every handler validates its input with zod.\n</instructions>',
        ),
      },
      {
        name: "testing",
        section: "rulebook",
        tokens: blockTokens('<rule name="testing">\n<description>How to write and run tests</description>\n<glob>**/*.test.ts</glob>\n</rule>'),
      },
      {
        name: "api-errors",
        section: "rulebook",
        tokens: blockTokens(
          '<rule name="api-errors" applies-to="packages/api/src/handlers/user.ts">\n<description>Error responses</description>\n<glob>packages/api/src/**</glob>\n</rule>',
        ),
      },
      {
        name: "packages/api/handlers",
        section: "attached",
        scope: "packages/api",
        tokens: blockTokens(
          '<attached-rule name="packages/api/handlers" scope="packages/api" file="packages/api/src/handlers/user.ts" glob="src/handlers/**">\nHandlers return `Result`, never throw.\n</attached-rule>',
        ),
      },
      {
        name: "css",
        section: "attached",
        tokens: blockTokens('<attached-rule name="css" file="src/a.css" glob="**/*.css">\nUse CSS modules.\n</attached-rule>'),
      },
    ]);
    expect(prompt.included.map((shown) => shown.rule)).toEqual([
      monorepo.alwaysApply[0],
      monorepo.alwaysApply[2],
      monorepo.rulebook[0],
      monorepo.rulebook[2],
      monorepo.autoAttach[0],
      monorepo.autoAttach[1],
    ]);
  });

  it("names each rule it leaves out with its folder only when it has one", () => {
    const prompt = buildSystemPrompt({ partition: monorepo, root: "/repo", cwd: "/repo/packages/web", maxTokens: 1 });
    const blockTokens = (text: string) => Math.ceil(text.length / 4);
    expect(prompt.omitted.map(({ rule: _, ...left }) => left)).toStrictEqual([
      {
        name: "packages/web/AGENTS",
        address: "rule://packages/web/AGENTS",
        scope: "packages/web",
        tokens: blockTokens(
          '<instructions name="packages/web/AGENTS" file="packages/web/AGENTS.md" scope="packages/web">\nWeb: React 19, function components only.\n</instructions>',
        ),
      },
      {
        name: "AGENTS",
        address: "rule://AGENTS",
        tokens: blockTokens('<instructions name="AGENTS" file="AGENTS.md">\nRoot: use pnpm. Run `pnpm test` before you commit.\n</instructions>'),
      },
    ]);
  });
});

describe("buildSystemPrompt: which rules, in which order", () => {
  it("orders folder rules broad to specific whatever the order of the partition, siblings in precedence order", () => {
    const [root, web, api, db] = monorepo.alwaysApply as [Rule, Rule, Rule, Rule];
    const reversed = partition({ alwaysApply: [db, api, web, root] });
    const prompt = buildSystemPrompt({ partition: reversed, root: "/repo", files: ["packages/api/src/db/a.ts", "packages/web/a.ts"] });
    expect(prompt.included.map((r) => r.name)).toEqual(["AGENTS", "packages/api/AGENTS", "packages/web/AGENTS", "packages/api/src/db/AGENTS"]);
  });

  it("attaches a rule limited to modes only in one of its modes", () => {
    const moded = partition({ autoAttach: [rule("architect-css", { globs: ["**/*.css"], content: "Plan the styles.", modes: ["architect"] })] });
    const attached = (mode?: string) => buildSystemPrompt({ partition: moded, root: "/repo", files: ["a.css"], mode }).included.map((r) => r.name);
    expect(attached("architect")).toEqual(["architect-css"]);
    expect(attached("code")).toEqual([]);
    expect(attached()).toEqual([]);
  });

  it("attaches nothing when no file is in play, even a rule for every file", () => {
    const everyFile = partition({ autoAttach: [rule("all", { globs: ["**"], content: "Everywhere." })] });
    expect(buildSystemPrompt({ partition: everyFile, root: "/repo" }).text).toBe("");
    expect(buildSystemPrompt({ partition: everyFile, root: "/repo", files: ["x"] }).included.map((r) => r.name)).toEqual(["all"]);
  });

  it("shows an always-apply rule's text trimmed, and leaves out one with nothing to say", () => {
    const blank = partition({
      alwaysApply: [
        rule("padded", { content: "\n\n  Use pnpm.  \n\n" }),
        rule("empty", { content: " \n\t\n" }),
        rule("hidden", { content: "\u200B\u2060" }),
      ],
    });
    const prompt = buildSystemPrompt({ partition: blank, root: "/repo" });
    expect(prompt.text).toBe('<instructions name="padded" file="padded.md">\nUse pnpm.\n</instructions>');
    expect(prompt.included.map((r) => r.name)).toEqual(["padded"]);
  });

  it("names a project rule from outside the root by neither file nor level", () => {
    const above = rule("../AGENTS", { path: "/AGENTS.md", content: "From above." });
    expect(buildSystemPrompt({ partition: partition({ alwaysApply: [above] }), root: "/repo" }).text).toBe(
      '<instructions name="../AGENTS">\nFrom above.\n</instructions>',
    );
  });

  it("gives an attached rule selected by exclusions only no glob attribute", () => {
    const notTests = partition({ autoAttach: [rule("not-tests", { globs: ["!**/*.test.ts"], content: "Not for tests." })] });
    const prompt = buildSystemPrompt({ partition: notTests, root: "/repo", files: ["src/a.ts"] });
    expect(prompt.text).toContain('<attached-rule name="not-tests" file="src/a.ts">\nNot for tests.\n</attached-rule>');
  });
});

describe("buildSystemPrompt: where the agent works", () => {
  const folders = partition({
    alwaysApply: [rule("probe/AGENTS", { content: "In probe.", scope: "probe" }), rule("web/AGENTS", { content: "In web.", scope: "web" })],
    autoAttach: [rule("css", { globs: ["**/*.css"], content: "Use CSS modules." })],
  });
  const names = (options: { cwd?: string; files?: string[] }) =>
    buildSystemPrompt({ partition: folders, root: "/repo", ...options }).included.map((r) => r.name);

  it("at the root brings in no folder, not even one named like the probe it asks about", () => {
    expect(names({})).toEqual([]);
    expect(names({ cwd: "/repo" })).toEqual([]);
    expect(names({ cwd: "/repo/probe" })).toEqual(["probe/AGENTS"]);
  });

  it("reads a cwd with trailing slashes as the folder", () => {
    expect(names({ cwd: "/repo/web/", files: ["a.css"] })).toEqual(["web/AGENTS", "css"]);
    expect(names({ cwd: "/repo/web//", files: ["a.css"] })).toEqual(["web/AGENTS", "css"]);
    expect(names({ cwd: "/repo/", files: ["web/a.css"] })).toEqual(["web/AGENTS", "css"]);
  });

  it("takes Windows drive paths as absolute, so one outside the root attaches nothing", () => {
    expect(names({ files: ["C:/elsewhere/a.css"] })).toEqual([]);
    expect(names({ files: ["C:\\elsewhere\\a.css"] })).toEqual([]);
    expect(names({ files: ["z:/a.css"] })).toEqual([]);
  });
});
