import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { BUNDLED_PROVIDERS } from "./bundled-providers.js";
import { runInProcess } from "../test/memory-io.js";
import { writeTree } from "../test/helpers.js";

const CURSOR_RULE = "---\ndescription: Cursor rule\n---\nFrom Cursor.\n";
const NATIVE_RULE = "---\ndescription: Native rule\n---\nFrom native.\n";

interface Inspect {
  providers: Array<{ id: string; userOnly?: true }>;
  rules: Array<{ name: string; provider: string }>;
}

/** The providers that read the project: those the configuration lists (the others read only home). */
const readingProject = (report: Inspect) => report.providers.filter((p) => !p.userOnly).map((p) => p.id);

async function inspect(args: string[]): Promise<Inspect> {
  const result = await runInProcess(["inspect", "--json", ...args]);
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as Inspect;
}

function project(files: Record<string, string>) {
  return writeTree({ "proj/.cursor/rules/c.mdc": CURSOR_RULE, "proj/.xcsh/rules/n.md": NATIVE_RULE, ...files });
}

describe("configuration", () => {
  it("runs every bundled provider without a configuration", async () => {
    const report = await inspect(project({}).args);
    expect(report.providers).toHaveLength(Object.keys(BUNDLED_PROVIDERS).length);
    expect(report.providers.map((p) => p.id).slice(0, 5)).toEqual(["native", "agents", "agents-md", "cursor", "windsurf"]);
    expect(report.rules.map((r) => r.name)).toEqual(["n", "c"]);
  });

  it.each([
    ["package.json", JSON.stringify({ name: "x", rulebook: { providers: ["@rulebook/provider-cursor"] } })],
    [".rulebookrc", "# YAML\nproviders:\n  - '@rulebook/provider-cursor'\n"],
    [".rulebookrc", '{ "providers": ["@rulebook/provider-cursor"] }'],
    ["rulebook.config.json", '{ "providers": ["@rulebook/provider-cursor"] }'],
    ["rulebook.config.mjs", 'export default { providers: ["@rulebook/provider-cursor"] };'],
  ])("reads %s: a project listing only the cursor provider sees no native rules", async (file, content) => {
    // A JavaScript configuration runs only in a trusted project (trust.test.ts).
    const report = await inspect([...project({ [`proj/${file}`]: content }).args, "--trust"]);
    expect(readingProject(report)).toEqual(["cursor"]);
    expect(report.providers).toHaveLength(Object.keys(BUNDLED_PROVIDERS).length);
    expect(report.rules.map((r) => `${r.provider}:${r.name}`)).toEqual(["cursor:c"]);
  });

  it("reads the configuration of the project root, not of --cwd or above the root", async () => {
    const tree = project({
      "proj/sub/.rulebookrc": "providers: ['@rulebook/provider-cursor']\n",
      "package.json": JSON.stringify({ rulebook: { providers: ["@rulebook/provider-cursor"] } }),
    });
    const report = await inspect(["--cwd", `${tree.proj}/sub`, "--root", tree.proj, "--home", tree.home]);
    expect(report.providers).toHaveLength(Object.keys(BUNDLED_PROVIDERS).length);
  });

  it("takes the mode from the configuration, and --mode over it", async () => {
    const tree = project({ "proj/.rulebookrc": "mode: architect\n" });
    const human = await runInProcess(["inspect", ...tree.args]);
    expect(human.stdout).toMatch(/^Mode +architect$/m);
    const flag = await runInProcess(["inspect", "--mode", "code", ...tree.args]);
    expect(flag.stdout).toMatch(/^Mode +code$/m);
  });

  it.each([
    ['{ "provider": ["x"] }', 'unknown key "provider"'],
    ['{ "providers": "@rulebook/provider-cursor" }', '"providers" must be a list'],
    ['{ "providers": [42] }', '"providers" must be a list'],
    ['{ "mode": 3 }', '"mode" must be a non-empty string'],
    ['{ "maxTokens": "8000" }', '"maxTokens" must be a whole number'],
    ["[1, 2]", "expected an object"],
    ["providers: [unclosed\n", "cannot be read"],
  ])("refuses %s, naming the file and the key (exit 1)", async (content, message) => {
    const tree = project({ "proj/.rulebookrc": content });
    const result = await runInProcess(["inspect", ...tree.args]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain(`${tree.proj}/.rulebookrc`);
    expect(result.stderr).toContain(message);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
  });

  it("names the package.json key in its errors", async () => {
    const tree = project({ "proj/package.json": JSON.stringify({ rulebook: { providers: ["a"], extra: 1 } }) });
    const result = await runInProcess(["lint", ...tree.args]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${tree.proj}/package.json ("rulebook" key): unknown key "extra"`);
  });
});

// Provider ids are registered once per process (the shared default registry), so each test
// that defines its own provider gives it its own id.
describe("providers as plugins (in a trusted project)", () => {
  const local = (body: string) => {
    const tree = project({
      "proj/rulebook.config.json": '{ "providers": ["./tools/acme.mjs", "@rulebook/provider-native"] }',
      "proj/tools/acme.mjs": body,
    });
    return { ...tree, args: [...tree.args, "--trust"] };
  };

  it("uses a relative module's default export, resolved from the configuration's folder, by its priority", async () => {
    const tree = local(`export default {
      id: "acme", displayName: "Acme", priority: 120,
      load: ({ cwd }) => ({ rules: [{ name: "n", path: cwd + "/acme.txt", content: "Acme wins.", description: "Acme", source: { provider: "acme", providerName: "Acme", level: "project" } }], diagnostics: [] }),
    };`);
    const report = await inspect(tree.args);
    expect(readingProject(report)).toEqual(["acme", "native"]);
    expect(report.rules.map((r) => `${r.provider}:${r.name}`)).toEqual(["acme:n"]);
  });

  it("partitions for --mode: a rule limited to a mode applies only in it", async () => {
    const tree = local(`export default {
      id: "acme-modes", displayName: "Acme", priority: 120,
      load: ({ cwd }) => ({ rules: [{ name: "code-only", path: cwd + "/acme.txt", content: "Only when coding.", alwaysApply: true, modes: ["code"], source: { provider: "acme-modes", providerName: "Acme", level: "project" } }], diagnostics: [] }),
    };`);
    const category = async (args: string[]) => {
      const report = JSON.parse((await runInProcess(["inspect", "--json", ...args, ...tree.args])).stdout) as {
        rules: Array<{ name: string; category: string; modes?: string[] }>;
      };
      return report.rules.find((r) => r.name === "code-only");
    };
    expect(await category([])).toMatchObject({ category: "inactive", modes: ["code"] });
    expect(await category(["--mode", "code"])).toMatchObject({ category: "always-apply" });
    expect(await category(["--mode", "architect"])).toMatchObject({ category: "inactive" });
  });

  it.each([
    ["export const notAProvider = 1;", "exports no provider"],
    ['export default { id: "acme", displayName: "Acme", priority: "high", load() {} };', 'breaks the provider contract: provider "acme": priority'],
    ['export const a = { id: "a" }; export const b = { id: "b" };', 'exports several providers ("a", "b")'],
    ["throw new Error('boom at import');", "cannot be loaded: boom at import"],
  ])("refuses a module that %s (exit 1, no stack trace)", async (body, message) => {
    const result = await runInProcess(["inspect", ...local(body).args]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("./tools/acme.mjs: ");
    expect(result.stderr).toContain(message);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it("refuses a module that only registers its provider (a ./register entry): the configuration takes values", async () => {
    const core = pathToFileURL(createRequire(import.meta.url).resolve("@rulebook/core")).href;
    const tree = local(`import { registerDefaultProvider } from ${JSON.stringify(core)};
registerDefaultProvider({ id: "acme-registered", displayName: "Acme", priority: 120,
  load: ({ cwd }) => ({ rules: [{ name: "n", path: cwd + "/acme.txt", content: "Registered.", description: "Acme", source: { provider: "acme-registered", providerName: "Acme", level: "project" } }], diagnostics: [] }) });`);
    const result = await runInProcess(["inspect", ...tree.args]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^rulebook: \.\/tools\/acme\.mjs: exports no provider \(expected a default export or one exported provider\)\n$/);
  });

  it("refuses a ./register that registers a malformed provider, saying what the core said", async () => {
    const core = pathToFileURL(createRequire(import.meta.url).resolve("@rulebook/core")).href;
    const tree = local(`import { registerDefaultProvider } from ${JSON.stringify(core)};
registerDefaultProvider({ id: "broken", displayName: "Broken", priority: 1 });`);
    const result = await runInProcess(["inspect", ...tree.args]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^rulebook: \.\/tools\/acme\.mjs: cannot be loaded: provider "broken": needs sources/);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
  });

  it("refuses a package that is not installed, naming it, also as JSON", async () => {
    const tree = project({ "proj/.rulebookrc": "providers: [rulebook-provider-missing]\n" });
    const result = await runInProcess(["inspect", "--json", "--trust", ...tree.args]);
    expect(result.code).toBe(1);
    const { error } = JSON.parse(result.stdout) as { error: { code: string; message: string } };
    expect(error.code).toBe("provider");
    expect(error.message).toMatch(/^rulebook-provider-missing: cannot be found from .*; is it installed\?$/);
  });
});
