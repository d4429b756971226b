import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, lstat, mkdir, mkdtemp, readFile, readdir, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const exec = promisify(execFile);
const repo = fileURLToPath(new URL("../../../", import.meta.url));
const THIRD_PARTY = fileURLToPath(new URL("../fixtures/third-party-provider", import.meta.url));

interface Inspect {
  root: string;
  /** `userOnly`: left out of the project's configuration, it reads only the user's rules. */
  providers: Array<{ id: string; priority: number; userOnly?: true }>;
  rules: Array<{ name: string; provider: string; path: string; description?: string; scope?: string }>;
  shadowed: Array<{ name: string; provider: string; shadowedBy: { provider: string } }>;
  diagnostics: unknown[];
}

let work = "";
let app = "";

/** The environment of a plain `npm` run: none of the npm_* variables pnpm sets for its scripts. */
function plainEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith("npm_")));
  // Plugins that are not bundled load only in a trusted project (docs/behaviour.md#trust).
  return { ...env, npm_config_update_notifier: "false", NO_COLOR: "1", RULEBOOK_TRUST: "1" };
}

async function write(path: string, content: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, content);
}

/** `rulebook ...` as the installed bin, run in the scratch project. */
async function rulebook(args: string[]): Promise<{ stdout: string; stderr: string }> {
  return exec(join(app, "node_modules", ".bin", "rulebook"), args, { cwd: app, env: plainEnv() });
}

async function configure(providers: string[]): Promise<void> {
  const pkg = JSON.parse(await readFile(join(app, "package.json"), "utf8")) as Record<string, unknown>;
  await writeFile(join(app, "package.json"), JSON.stringify({ ...pkg, rulebook: { providers } }, null, 2));
}

beforeAll(async () => {
  work = await realpath(await mkdtemp(join(tmpdir(), "rulebook-third-party-")));
  const packs = join(work, "packs");
  await mkdir(packs);
  for (const dir of [join(repo, "packages/core"), join(repo, "apps/cli")]) {
    if (!existsSync(join(dir, "dist"))) throw new Error(`${dir}/dist is missing: build the packages first (turbo does)`);
    await exec("pnpm", ["pack", "--pack-destination", packs], { cwd: dir });
  }
  await exec("pnpm", ["pack", "--pack-destination", packs], { cwd: THIRD_PARTY });
  const tarballs = (await readdir(packs)).filter((f) => f.endsWith(".tgz")).map((f) => join(packs, f));

  app = join(work, "app");
  await write(join(app, "package.json"), JSON.stringify({ name: "scratch", private: true, type: "module" }));
  // A git repository: the project root is found from .git, as in real use.
  await mkdir(join(app, ".git"));
  await write(join(app, ".acme/rules/style.md"), "---\ndescription: House style (Acme)\n---\nAcme: tabs, not spaces.\n");
  await write(join(app, ".acme/rules/deploys.md"), "---\ndescription: How deploys work\n---\nDeploy with `acme ship`.\n");
  await write(join(app, "services/billing/.acme/rules/money.md"), "---\ndescription: Money amounts\n---\nAmounts are integer cents.\n");
  await write(join(app, ".cursor/rules/style.mdc"), "---\ndescription: House style (Cursor)\n---\nCursor: spaces, not tabs.\n");
  await write(join(app, ".cursor/rules/react.mdc"), "---\ndescription: React components\nglobs: src/**/*.tsx\n---\nFunction components only.\n");
  await write(join(app, ".xcsh/rules/style.md"), "---\ndescription: House style (native)\n---\nNative: whatever the formatter says.\n");
  await mkdir(join(work, "home"));
  await exec("npm", ["install", "--no-audit", "--no-fund", ...tarballs], { cwd: app, env: plainEnv() });
}, 300_000);

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe("a third-party provider installed from tarballs next to the packed CLI", () => {
  it("publishes the CLI with published runtime dependencies only", async () => {
    const cli = JSON.parse(await readFile(join(app, "node_modules/@rulebook/cli/package.json"), "utf8")) as {
      dependencies?: Record<string, string>;
      bin?: Record<string, string>;
    };
    expect(cli.bin).toEqual({ rulebook: "./dist/cli.js" });
    for (const [name, version] of Object.entries(cli.dependencies ?? {})) {
      expect(name.startsWith("@rulebook/"), name).toBe(false);
      expect(version, name).toMatch(/^\d+\.\d+\.\d+$/);
    }
    const { stdout } = await rulebook(["--version"]);
    expect(stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it("loads the listed third-party provider by its priority against a bundled one", async () => {
    await configure(["rulebook-provider-acme", "@rulebook/provider-cursor"]);
    const { stdout, stderr } = await rulebook(["inspect", "--json", "--home", join(work, "home")]);
    const report = JSON.parse(stdout) as Inspect;
    expect(stderr).toBe("");
    expect(report.root).toBe(app);
    // The listed providers read the project; the bundled ones it leaves out read only the user's rules.
    expect(report.providers.filter((p) => !p.userOnly).map((p) => [p.id, p.priority])).toEqual([
      ["acme", 60],
      ["cursor", 50],
    ]);
    expect(report.rules.map((r) => `${r.provider}:${r.name}`)).toEqual(["acme:deploys", "acme:style", "acme:services/billing/money", "cursor:react"]);
    expect(report.rules.find((r) => r.name === "services/billing/money")?.scope).toBe("services/billing");
    expect(report.rules.find((r) => r.name === "style")?.description).toBe("House style (Acme)");
    expect(report.shadowed.map((s) => `${s.provider}:${s.name} < ${s.shadowedBy.provider}`)).toEqual(["cursor:style < acme"]);
    // No native rules: the native provider is not listed.
    expect(report.rules.some((r) => r.provider === "native")).toBe(false);
  });

  it("names the third-party package and its version in `rulebook providers`", async () => {
    await configure(["rulebook-provider-acme", "@rulebook/provider-cursor"]);
    const { stdout } = await rulebook(["providers", "--json", "--home", join(work, "home")]);
    const { providers } = JSON.parse(stdout) as {
      providers: Array<{ id: string; package: string; version?: string; bundled: boolean; userOnly?: true; rules: number }>;
    };
    expect(providers.find((p) => p.id === "native")).toMatchObject({ bundled: true, userOnly: true, rules: 0 });
    expect(providers.filter((p) => !p.userOnly).map((p) => [p.id, p.package, p.version, p.bundled, p.rules])).toEqual([
      ["acme", "rulebook-provider-acme", "1.2.3", false, 3],
      ["cursor", "@rulebook/provider-cursor", expect.stringMatching(/^\d+\.\d+\.\d+/), true, 2],
    ]);
  });

  it("sees no native rules in a project that lists only @rulebook/provider-cursor (the CLI's own copy)", async () => {
    await configure(["@rulebook/provider-cursor"]);
    const { stdout } = await rulebook(["inspect", "--json", "--home", join(work, "home")]);
    const report = JSON.parse(stdout) as Inspect;
    expect(report.providers.filter((p) => !p.userOnly).map((p) => p.id)).toEqual(["cursor"]);
    expect(report.rules.map((r) => `${r.provider}:${r.name}`)).toEqual(["cursor:react", "cursor:style"]);
  });

  it("runs every bundled provider, and no third-party one, without a configuration", async () => {
    const { rulebook: _config, ...manifest } = JSON.parse(await readFile(join(app, "package.json"), "utf8")) as Record<string, unknown>;
    await writeFile(join(app, "package.json"), JSON.stringify(manifest, null, 2));
    const { stdout } = await rulebook(["inspect", "--json", "--home", join(work, "home")]);
    const report = JSON.parse(stdout) as Inspect;
    expect(report.providers.map((p) => p.id)).not.toContain("acme");
    expect(report.rules.find((r) => r.name === "style")?.provider).toBe("native");
  });

  it("refuses a listed package that is not installed: exit 1, one line naming it", async () => {
    await configure(["rulebook-provider-nope"]);
    const failure = await rulebook(["inspect", "--home", join(work, "home")]).then(
      () => undefined,
      (error: { code: number; stderr: string; stdout: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr.trim().split("\n")).toHaveLength(1);
    expect(failure?.stderr).toMatch(/^rulebook: rulebook-provider-nope: cannot be found from /);
  });
});

describe("the authoring template installed from a folder or a symlink, next to the installed CLI and core", () => {
  // The template imports nothing from @rulebook/core at run time: from a folder outside the
  // project, where `@rulebook/core` cannot be resolved, it still loads.
  let source = "";

  beforeAll(async () => {
    source = join(work, "my-provider");
    await cp(THIRD_PARTY, source, { recursive: true });
  });

  async function acmeRules(): Promise<string[]> {
    await configure(["rulebook-provider-acme"]);
    const { stdout, stderr } = await rulebook(["inspect", "--json", "--home", join(work, "home")]);
    expect(stderr).toBe("");
    return (JSON.parse(stdout) as Inspect).rules.map((r) => `${r.provider}:${r.name}`);
  }

  it("loads with the CLI after `npm install ../my-provider` (npm links the folder)", async () => {
    await exec("npm", ["install", "--no-audit", "--no-fund", "../my-provider"], { cwd: app, env: plainEnv() });
    const installed = join(app, "node_modules", "rulebook-provider-acme");
    expect((await lstat(installed)).isSymbolicLink()).toBe(true);
    expect(await realpath(installed)).toBe(source);
    expect(await acmeRules()).toEqual(["acme:deploys", "acme:style", "acme:services/billing/money"]);
  });

  it("loads with the CLI and with the core's registry through a hand-made symlink (as `npm link` makes)", async () => {
    await exec("npm", ["uninstall", "--no-audit", "--no-fund", "rulebook-provider-acme"], { cwd: app, env: plainEnv() });
    const link = join(app, "node_modules", "rulebook-provider-acme");
    expect(existsSync(link)).toBe(false);
    await symlink(source, link, "dir");
    expect(await acmeRules()).toEqual(["acme:deploys", "acme:style", "acme:services/billing/money"]);

    await writeFile(
      join(app, "library.mjs"),
      [
        'import { createRegistry } from "@rulebook/core";',
        'import { acmeProvider } from "rulebook-provider-acme";',
        "const [cwd, home] = process.argv.slice(2);",
        "const { rules, diagnostics } = await createRegistry([acmeProvider]).load({ cwd, home });",
        "console.log(JSON.stringify({ names: rules.map((r) => r.name), diagnostics }));",
      ].join("\n"),
    );
    const { stdout } = await exec(process.execPath, ["library.mjs", app, join(work, "home")], { cwd: app, env: plainEnv() });
    expect(JSON.parse(stdout)).toEqual({ names: ["deploys", "style", "services/billing/money"], diagnostics: [] });
  });
});
