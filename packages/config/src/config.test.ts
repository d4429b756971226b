import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { ConfigError } from "./config-error.js";
import { findConfigFile } from "./config-files.js";
import { loadProject } from "./load-project.js";
import { loadProjectConfig } from "./project-config.js";
import { decideTrust, readTrustList, trustListPath, trustProject, untrustProject } from "./trust.js";

/** A temporary folder with `files` (relative path → content), removed after the test. */
function tree(files: Record<string, string>): { root: string; proj: string; home: string } {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "rulebook-config-")));
  onTestFinished(() => rmSync(root, { recursive: true, force: true }));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  mkdirSync(join(root, "proj"), { recursive: true });
  mkdirSync(join(root, "home"), { recursive: true });
  return { root, proj: join(root, "proj"), home: join(root, "home") };
}

const require = createRequire(import.meta.url);

const MARKING_CONFIG = `import { writeFileSync } from "node:fs";
writeFileSync(new URL("./.ran", import.meta.url), "ran");
export default { mode: "code" };
`;

describe("findConfigFile", () => {
  it("finds the one configuration file of the root, and a package.json only with a rulebook key", async () => {
    const { proj } = tree({ "proj/package.json": '{ "name": "x" }', "proj/.rulebookrc": "mode: code\n" });
    expect(await findConfigFile(proj)).toBe(join(proj, ".rulebookrc"));
  });

  it("refuses two configuration files, naming both", async () => {
    const { proj } = tree({ "proj/.rulebookrc": "mode: code\n", "proj/rulebook.config.mjs": "export default {};\n" });
    const error = await findConfigFile(proj).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(".rulebookrc and rulebook.config.mjs");
  });

  it('counts package.json\'s "rulebook" key as a configuration file', async () => {
    const { proj } = tree({ "proj/package.json": '{ "rulebook": { "mode": "code" } }', "proj/rulebook.config.json": "{}" });
    await expect(findConfigFile(proj)).rejects.toThrow('package.json ("rulebook" key) and rulebook.config.json');
  });
});

describe("loadProjectConfig", () => {
  it("does not import rulebook.config.mjs of an untrusted project: no configuration, one warning", async () => {
    const { proj, home } = tree({ "proj/rulebook.config.mjs": MARKING_CONFIG });
    const result = await loadProjectConfig(proj, { home, homeGiven: true });
    expect(existsSync(join(proj, ".ran"))).toBe(false);
    expect(result.config).toBeUndefined();
    expect(result.skipped).toEqual([{ kind: "config", name: "rulebook.config.mjs", path: join(proj, "rulebook.config.mjs") }]);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ code: "untrusted-config-skipped", severity: "warning", path: join(proj, "rulebook.config.mjs") }),
    ]);
  });

  it("imports it when the project is trusted", async () => {
    const { proj, home } = tree({ "proj/rulebook.config.mjs": MARKING_CONFIG });
    const result = await loadProjectConfig(proj, { home, homeGiven: true, trust: true });
    expect(existsSync(join(proj, ".ran"))).toBe(true);
    expect(result.config?.config).toEqual({ mode: "code" });
  });

  it("reads data configuration of an untrusted project", async () => {
    const { proj, home } = tree({ "proj/.rulebookrc": "maxTokens: 500\n" });
    const result = await loadProjectConfig(proj, { home, homeGiven: true });
    expect(result.trust.trusted).toBe(false);
    expect(result.config?.config).toEqual({ maxTokens: 500 });
    expect(result.diagnostics).toEqual([]);
  });
});

describe("loadProject", () => {
  const bundled = { "@rulebook/provider-cursor": { module: () => import("@rulebook/provider-cursor") } };

  it("skips a provider that is not bundled in an untrusted project, keeping the bundled ones", async () => {
    const { proj, home } = tree({
      "proj/.rulebookrc": 'providers: ["@rulebook/provider-cursor", "./own.mjs"]\n',
      "proj/own.mjs":
        'import { writeFileSync } from "node:fs"; writeFileSync(new URL("./.ran", import.meta.url), "ran"); export default { id: "own", displayName: "Own", priority: 1, sources: () => [] };\n',
    });
    const result = await loadProject(proj, { home, homeGiven: true, bundled });
    expect(existsSync(join(proj, ".ran"))).toBe(false);
    expect(result.host.registry.providers.map((p) => p.id)).toEqual(["cursor"]);
    expect(result.diagnostics.map((d) => d.code)).toEqual(["untrusted-plugin-skipped"]);
    expect(result.diagnostics[0]?.message).toContain('provider "./own.mjs" is not bundled with Rulebook');

    const trusted = await loadProject(proj, { home, homeGiven: true, env: { RULEBOOK_TRUST: "1" }, bundled });
    expect(existsSync(join(proj, ".ran"))).toBe(true);
    expect(trusted.host.registry.providers.map((p) => p.id).sort()).toEqual(["cursor", "own"]);
  });

  it("takes provider values from a trusted JavaScript configuration, as ESLint's flat config takes plugins", async () => {
    const { proj, home } = tree({
      "proj/rulebook.config.mjs": [
        'import { createCursorProvider } from "@rulebook/provider-cursor";',
        'const notes = { id: "notes", displayName: "Team notes", priority: 5, sources: ({ root }) => [{ kind: "folder", path: `${root}/notes`, extensions: [".md"], level: "project" }] };',
        "export default { providers: [createCursorProvider({ priority: 90 }), notes] };",
        "",
      ].join("\n"),
      "proj/notes/deploys.md": "Deploy on Tuesdays.\n",
    });
    // The configuration resolves @rulebook/provider-cursor from the project, as a user's would from its node_modules.
    mkdirSync(join(proj, "node_modules", "@rulebook"), { recursive: true });
    symlinkSync(dirname(dirname(require.resolve("@rulebook/provider-cursor"))), join(proj, "node_modules", "@rulebook", "provider-cursor"));
    const trusted = await loadProject(proj, { home, homeGiven: true, env: { RULEBOOK_TRUST: "1" }, bundled });
    expect(trusted.host.registry.providers.map((p) => [p.id, p.priority])).toEqual([
      ["cursor", 90],
      ["notes", 5],
    ]);
    expect(trusted.host.origins.get("notes")).toMatchObject({ package: join(proj, "rulebook.config.mjs"), bundled: false });
    const load = await trusted.host.registry.load({ cwd: proj, root: proj, home });
    expect(load.rules.map((r) => [r.name, r.source.provider])).toEqual([["deploys", "notes"]]);

    // Untrusted, the JavaScript configuration does not run at all: the bundled providers read the project.
    const untrusted = await loadProject(proj, { home, homeGiven: true, bundled });
    expect(untrusted.host.registry.providers.map((p) => [p.id, p.priority])).toEqual([["cursor", 50]]);
  });

  it("refuses a provider value that breaks the contract, naming it and the configuration", async () => {
    const { proj, home } = tree({
      "proj/rulebook.config.mjs": 'export default { providers: [{ id: "broken", displayName: "Broken", priority: "high" }] };\n',
    });
    const error = await loadProject(proj, { home, homeGiven: true, env: { RULEBOOK_TRUST: "1" }, bundled }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(
      /^broken \(a provider value in .*rulebook\.config\.mjs\): breaks the provider contract: provider "broken": /,
    );
  });

  it("keeps the bundled providers a project's list leaves out, for the user's rules only (issue 39, item 2)", async () => {
    const { proj, home } = tree({ "proj/.rulebookrc": "providers: []\n", "home/.rulebookrc": "providers: []\n" });
    const result = await loadProject(proj, { home, homeGiven: true, bundled });
    expect(result.host.registry.providers.map((p) => p.id)).toEqual(["cursor"]);
    expect(result.host.origins.get("cursor")).toMatchObject({ bundled: true, userOnly: true });
    expect(result.host.projectProviders).toEqual([]);
    // The user's own configuration, in home, narrows everything.
    const own = await loadProject(home, { home, homeGiven: true, bundled });
    expect(own.host.registry.providers).toEqual([]);
    expect(own.host.projectProviders).toBeUndefined();
  });
});

describe("the trust list", () => {
  it("lives under --home, else under XDG_CONFIG_HOME when absolute, else under home", () => {
    expect(trustListPath({ home: "/h", homeGiven: true, env: { XDG_CONFIG_HOME: "/x" } })).toBe("/h/.config/rulebook/trust.json");
    expect(trustListPath({ home: "/h", env: { XDG_CONFIG_HOME: "/x" } })).toBe("/x/rulebook/trust.json");
    expect(trustListPath({ home: "/h", env: { XDG_CONFIG_HOME: "relative" } })).toBe("/h/.config/rulebook/trust.json");
  });

  it("trusts a project by its real path, also when reached through a link, and untrusts it", async () => {
    const { root, proj, home } = tree({});
    symlinkSync(proj, join(root, "link"));
    const file = trustListPath({ home, homeGiven: true });
    expect(await trustProject(join(root, "link"), file)).toEqual({ path: proj, changed: true });
    expect(await trustProject(proj, file)).toEqual({ path: proj, changed: false });
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ trusted: [proj] });
    expect(await decideTrust(join(root, "link"), { trustList: file })).toMatchObject({ trusted: true, reason: "list", realRoot: proj });
    expect(await untrustProject(proj, file)).toEqual({ path: proj, changed: true });
    expect(await decideTrust(proj, { trustList: file })).toMatchObject({ trusted: false, reason: "untrusted" });
  });

  it("never trusts through a list it cannot read, and never overwrites it", async () => {
    const { proj, home } = tree({ "home/.config/rulebook/trust.json": "{ not json" });
    const file = trustListPath({ home, homeGiven: true });
    expect((await readTrustList(file)).problem).toContain("not JSON");
    const result = await loadProjectConfig(proj, { home, homeGiven: true });
    expect(result.diagnostics.map((d) => d.code)).toEqual(["trust-list-invalid"]);
    await expect(trustProject(proj, file)).rejects.toThrow("fix or remove it first");
    expect(readFileSync(file, "utf8")).toBe("{ not json");
  });

  it("reads RULEBOOK_TRUST and --trust before the list, and nothing from the project", async () => {
    const { proj, home } = tree({ "proj/.config/rulebook/trust.json": '{ "trusted": ["/"] }' });
    const trustList = trustListPath({ home, homeGiven: true });
    expect((await decideTrust(proj, { trustList })).trusted).toBe(false);
    expect((await decideTrust(proj, { trustList, env: { RULEBOOK_TRUST: "1" } })).reason).toBe("env");
    expect((await decideTrust(proj, { trustList, env: { RULEBOOK_TRUST: "0" } })).trusted).toBe(false);
    expect((await decideTrust(proj, { trustList, trust: true })).reason).toBe("flag");
  });
});
