import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { systemRules } from "./harness-example.js";

const here = dirname(new URL(import.meta.url).pathname);
const tmp = mkdtempSync(join(tmpdir(), "rulebook-prompt-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function write(files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(tmp, path)), { recursive: true });
    writeFileSync(join(tmp, path), text);
  }
}

describe("the README's harness example", () => {
  it("is the README's code, word for word", () => {
    const example = readFileSync(join(here, "harness-example.ts"), "utf8").replace('"../src/index.js"', '"@rulebook/prompt"');
    expect(readFileSync(join(here, "../README.md"), "utf8")).toContain(example);
  });

  it("loads, partitions and builds a prompt from rule files on disk", async () => {
    write({
      "proj/.xcsh/rules/style.md": "---\nalwaysApply: true\n---\nWrite small functions.\n",
      "proj/.xcsh/rules/react.md": "---\ndescription: React conventions\nglobs: src/**/*.tsx\n---\nUse function components.\n",
      "proj/.xcsh/rules/css.md": '---\nglobs: "**/*.css"\n---\nUse CSS modules.\n',
      "home/.xcsh/agent/rules/me.md": "---\nalwaysApply: true\n---\nAnswer in English.\n",
    });
    const result = await systemRules(join(tmp, "proj"), join(tmp, "home"), ["src/App.css"]);
    expect(result.diagnostics).toEqual([]);
    expect(result.system).toBe(
      [
        '<instructions name="style" file=".xcsh/rules/style.md">\nWrite small functions.\n</instructions>',
        '<instructions name="me" level="user">\nAnswer in English.\n</instructions>',
        "# Rules",
        "The rules below hold this project's conventions for specific domains. When you work in a domain a rule describes, first read the whole rule at `rule://<name>` and follow it.",
        // Globs and a description, no file of its own in play: offered by its description.
        '<rules>\n<rule name="react">\n<description>React conventions</description>\n<glob>src/**/*.tsx</glob>\n</rule>\n</rules>',
        "# Attached rules",
        "These rules apply to the files you are working on; follow them.",
        '<attached-rule name="css" file="src/App.css" glob="**/*.css">\nUse CSS modules.\n</attached-rule>',
      ].join("\n\n"),
    );
    expect(result.tokens).toBe(Math.ceil(result.system.length / 4));
    expect(result.why).toEqual(["style: always applied", "me: always applied", "css: attached: matches **/*.css"]);
  });
});
