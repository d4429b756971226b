import { execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readFile, readdir, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { externalRuntimePackages } from "./support/external-packages.js";
import { type LocalRegistry, startLocalRegistry } from "./support/local-registry.js";
import { findPreCommit, hooksRepository, preCommitConfig, runHooks } from "./support/pre-commit.js";

// The release path of the README run for real: `pnpm version-packages` on a copy of this
// repository, `changeset publish` (what `pnpm release` runs) to a local Verdaccio registry,
// then fresh projects that install with plain npm from that registry only (no uplinks: the
// few third-party runtime dependencies are published to it first, from the workspace's own
// installed copies).

const exec = promisify(execFile);
const repo = fileURLToPath(new URL("../../../", import.meta.url));
const TEMPLATE = fileURLToPath(new URL("../fixtures/third-party-provider", import.meta.url));
const FIXTURE = fileURLToPath(new URL("./fixtures/registry/proj", import.meta.url));
// Generous: on a busy two-core machine the two releases alone have taken over two minutes.
const LONG = 900_000;

/** The README's install lines; the test checks the README holds each one word for word, then runs it. */
const README_LINES = {
  globalInstall: "npm i -g @rulebook/cli",
  library: "npm install @rulebook/core @rulebook/prompt @rulebook/provider-cursor",
  mcpServer: { command: "npx", args: ["-y", "@rulebook/cli", "mcp", "--cwd", "/absolute/path/to/your/project"] },
};

interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

interface Inspect {
  /** `userOnly`: left out of the project's configuration, it reads only the user's rules. */
  providers: Array<{ id: string; userOnly?: true }>;
  rules: Array<{ name: string; provider: string }>;
}

const work = await realpath(await mkdtemp(join(tmpdir(), "rulebook-registry-")));
let registry: LocalRegistry | undefined;
try {
  registry = await startLocalRegistry(join(work, "registry"));
} catch (error) {
  const reason = error instanceof Error ? error.message : String(error);
  console.warn(`registry.test.ts is skipped: the local registry server (Verdaccio) cannot start here.\n${reason}`);
}

const preCommit = findPreCommit();
if ("missing" in preCommit) console.warn(`registry.test.ts: the pre-commit hooks test is skipped: ${preCommit.missing}`);

afterAll(async () => {
  await registry?.stop();
  await rm(work, { recursive: true, force: true });
}, 60_000);

/** The environment of a plain `npm` run against the local registry only, with its own cache and user config. */
function npmEnv(home: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith("npm_")));
  return {
    ...env,
    npm_config_registry: registry?.url,
    npm_config_userconfig: join(home, ".npmrc"),
    npm_config_cache: join(home, "npm-cache"),
    npm_config_prefix: join(home, "global"),
    npm_config_audit: "false",
    npm_config_fund: "false",
    npm_config_update_notifier: "false",
    // A proxy set for the machine (HTTP_PROXY) must not be asked for the local registry.
    npm_config_noproxy: "127.0.0.1,localhost",
    NO_COLOR: "1",
    ...extra,
  };
}

/** A user's machine: a home folder with an `.npmrc` naming the local registry (and a token, to publish). */
async function userHome(name: string, withToken = false): Promise<string> {
  const home = join(work, "users", name);
  await mkdir(home, { recursive: true });
  const url = registry?.url ?? "";
  const lines = [`registry=${url}`, withToken ? `${url.replace(/^https?:/, "")}:_authToken=${registry?.token}` : ""];
  await writeFile(join(home, ".npmrc"), `${lines.join("\n")}\n`);
  return home;
}

/** A fresh folder with a package.json, a `.git` (the project root) and, when asked, the fixture's rule files. */
async function project(home: string, name: string, withRules = true): Promise<string> {
  const dir = join(home, name);
  if (withRules) await cp(FIXTURE, dir, { recursive: true });
  else await writeFile(join(await mkdirp(dir), "package.json"), JSON.stringify({ name, private: true, type: "module" }));
  await mkdir(join(dir, ".git"), { recursive: true });
  return dir;
}

async function mkdirp(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  return dir;
}

/** Runs a README line (split on spaces, as a shell would with no quoting) in `cwd`. */
function runLine(line: string, cwd: string, env: NodeJS.ProcessEnv) {
  const [command, ...args] = line.split(" ");
  return exec(command as string, args, { cwd, env, maxBuffer: 64 * 1024 * 1024 });
}

async function readJson<T>(path: string): Promise<T> {
  return JSON.parse(await readFile(path, "utf8")) as T;
}

/** The registry's document for a package: its versions and their manifests. */
async function packument(name: string): Promise<{ versions: Record<string, Manifest> }> {
  const response = await fetch(new URL(name.replace("/", "%2f"), registry?.url));
  if (!response.ok) throw new Error(`${name}: HTTP ${response.status} from the local registry`);
  return (await response.json()) as { versions: Record<string, Manifest> };
}

/** Every package folder of the copy with its manifest (`packages/*`, `apps/*`). */
async function workspacePackages(root: string): Promise<Array<{ dir: string; manifest: Manifest }>> {
  const found: Array<{ dir: string; manifest: Manifest }> = [];
  for (const parent of ["packages", "apps"]) {
    for (const entry of await readdir(join(root, parent))) {
      const dir = join(root, parent, entry);
      if (existsSync(join(dir, "package.json"))) found.push({ dir, manifest: await readJson<Manifest>(join(dir, "package.json")) });
    }
  }
  return found;
}

async function versions(root: string): Promise<Map<string, string>> {
  const list = await workspacePackages(root);
  return new Map(list.filter((p) => !p.manifest.private).map((p) => [p.manifest.name, p.manifest.version]));
}

interface McpRun {
  result: { serverInfo?: { name?: string } };
  /** Everything the server logged until it exited. */
  stderr: string;
}

/**
 * Speaks MCP to the server an MCP client starts from the README's configuration: sends
 * `initialize`, then closes stdin (the server exits when the client goes) and returns the
 * answer and the server's log.
 */
function mcpInitialize(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<McpRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ["pipe", "pipe", "pipe"], detached: true });
    let stdout = "";
    let stderr = "";
    const timer = setTimeout(() => finish(new Error(`no answer to initialize within 240 s; stderr:\n${stderr}`)), 240_000);
    let done = false;
    const finish = (error?: Error, result?: { serverInfo?: { name?: string } }) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      child.stdin.end();
      const killTimer = setTimeout(() => {
        // The server ignored the closed stdin: end its process group (npx and the CLI it started).
        if (child.pid) process.kill(-child.pid, "SIGKILL");
      }, 30_000);
      const settle = () => {
        clearTimeout(killTimer);
        if (error) reject(error);
        else resolve({ result: result ?? {}, stderr });
      };
      if (child.exitCode !== null || child.signalCode !== null) settle();
      else child.once("exit", settle);
    };
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      // Complete lines only: a chunk may end inside a message.
      for (const line of stdout.split("\n").slice(0, -1)) {
        if (!line.startsWith("{")) continue;
        const message = JSON.parse(line) as { id?: number; result?: { serverInfo?: { name?: string } }; error?: { message: string } };
        if (message.id !== 1) continue;
        if (message.error) finish(new Error(message.error.message));
        else finish(undefined, message.result);
        return;
      }
    });
    child.once("error", (error) => {
      // The command could not be started: there is no process to wait for.
      done = true;
      clearTimeout(timer);
      reject(error);
    });
    const initialize = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "registry-test", version: "1.0.0" } },
    };
    child.stdin.write(`${JSON.stringify(initialize)}\n`);
  });
}

describe.skipIf(registry === undefined)("a release through a local npm registry (Verdaccio)", () => {
  const copy = join(work, "repo");
  let publisher = "";
  let released = new Map<string, string>();
  let publishLog = "";

  // git in the copy ignores the machine's configuration (signing, hooks) and names a committer.
  const gitEnv = {
    GIT_CONFIG_GLOBAL: "/dev/null",
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_AUTHOR_NAME: "Release Test",
    GIT_AUTHOR_EMAIL: "release@example.invalid",
    GIT_COMMITTER_NAME: "Release Test",
    GIT_COMMITTER_EMAIL: "release@example.invalid",
  };

  /** `pnpm <args>` in the copy, publishing with the publisher's token. */
  const pnpm = (args: string[]) =>
    exec("pnpm", args, {
      cwd: copy,
      env: { ...npmEnv(publisher), ...gitEnv, CI: "1" },
      maxBuffer: 64 * 1024 * 1024,
    });

  /**
   * What `pnpm release` does (`turbo run build && node .ci/publish.mjs`), with the built output
   * of the worktree reused: only the CLI's depends on versions, so only the CLI is rebuilt (see
   * the README). `changeset publish` asks the registry which versions it lacks and runs
   * `pnpm publish` for those, which writes real versions for `catalog:` and `workspace:`. As a
   * person publishes: the registry is named in the publisher's `.npmrc` only, not in the
   * environment, and not as a CI job (which skips the one-time-password check).
   */
  async function release(): Promise<string> {
    await pnpm(["--filter", "@rulebook/cli", "build"]);
    const env: NodeJS.ProcessEnv = { ...npmEnv(publisher), ...gitEnv };
    for (const key of ["npm_config_registry", "CI", "GITHUB_ACTIONS"]) delete env[key];
    const { stdout, stderr } = await exec("node", [".ci/publish.mjs"], { cwd: copy, env, maxBuffer: 64 * 1024 * 1024 });
    return stdout + stderr;
  }

  beforeAll(async () => {
    publisher = await userHome("publisher", true);
    // A copy of the working tree (tracked and untracked files, not the ignored ones), with
    // the packages' dist folders that turbo built before this test.
    const { stdout: files } = await exec("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
      cwd: repo,
      maxBuffer: 64 * 1024 * 1024,
    });
    for (const file of files.split("\0").filter(Boolean)) {
      if (!existsSync(join(repo, file))) continue;
      await mkdir(dirname(join(copy, file)), { recursive: true });
      await cp(join(repo, file), join(copy, file));
    }
    const packages = await workspacePackages(repo);
    for (const { dir, manifest } of packages.filter((p) => !p.manifest.private)) {
      if (!existsSync(join(dir, "dist"))) throw new Error(`${manifest.name}: dist is missing: build the packages first (turbo does)`);
      await cp(join(dir, "dist"), join(copy, dir.slice(repo.length), "dist"), { recursive: true });
    }
    await pnpm(["install", "--frozen-lockfile", "--offline", "--reporter=silent"]);
    // A repository of its own: `changeset publish` tags each release in git.
    const git = (args: string[]) => exec("git", args, { cwd: copy, env: { ...process.env, ...gitEnv } });
    await git(["init", "--quiet"]);
    await git(["add", "--all"]);
    await git(["commit", "--quiet", "--no-verify", "--message", "the tree under test"]);

    // The third-party packages the published ones need at run time, from the workspace's copies.
    const names = new Set(packages.map((p) => p.manifest.name));
    const external = await externalRuntimePackages(
      packages.filter((p) => !p.manifest.private).map((p) => p.dir),
      (name) => names.has(name),
    );
    const packs = await mkdirp(join(work, "external-packs"));
    // Each is packed from a copy: npm 11 dies ("Exit handler never called!") packing some folders
    // where pnpm keeps them (zod, @ai-sdk/provider, which @rulebook/ai-sdk's peer `ai` brings in).
    const sources = await mkdirp(join(work, "external-sources"));
    const copies = await Promise.all(
      [...external].map(async ([key, dir], i) => {
        const copy = join(sources, `${i}-${key.replace(/[^\w.@-]/g, "_")}`);
        await cp(dir, copy, { recursive: true, dereference: true, filter: (path) => !path.slice(dir.length).includes("/node_modules") });
        return copy;
      }),
    );
    await exec("npm", ["pack", "--ignore-scripts", "--pack-destination", packs, ...copies], { cwd: packs, env: npmEnv(publisher) });
    await Promise.all(
      (await readdir(packs)).map((tarball) =>
        exec("npm", ["publish", join(packs, tarball), "--ignore-scripts", "--access", "public", "--tag", "latest"], {
          cwd: packs,
          env: npmEnv(publisher),
        }),
      ),
    );

    await pnpm(["version-packages"]);
    released = await versions(copy);
    publishLog = await release();
  }, LONG);

  it("publishes to the registry the publisher's .npmrc names, never asking registry.npmjs.org (no 403 printed as an error)", () => {
    expect(publishLog).not.toMatch(/registry\.npmjs\.org|error while checking|E40[13]|40[13] (Forbidden|Unauthorized)/);
    expect(publishLog).toMatch(/packages published successfully/);
  });

  it("publishes every public package at the version changesets gave it, with real versions for catalog: and workspace:", async () => {
    expect(released.size).toBeGreaterThan(20);
    for (const [name, version] of released) {
      const manifest = (await packument(name)).versions[version];
      expect(manifest, `${name}@${version}`).toBeDefined();
      for (const [dependency, range] of Object.entries({ ...manifest?.dependencies, ...manifest?.peerDependencies })) {
        expect(range, `${name} → ${dependency}`).not.toMatch(/^(catalog|workspace):/);
      }
    }
  });

  it("installs the CLI with `npm i -g @rulebook/cli`, as the README says, and runs it", async () => {
    expect(await readFile(join(repo, "README.md"), "utf8")).toContain(README_LINES.globalInstall);
    const home = await userHome("global-cli");
    const proj = await project(home, "proj");
    await runLine(README_LINES.globalInstall, home, npmEnv(home));
    const bin = join(home, "global", "bin", "rulebook");
    const { stdout: version } = await exec(bin, ["--version"], { cwd: proj, env: npmEnv(home) });
    expect(version.trim()).toBe(released.get("@rulebook/cli"));
    const { stdout } = await exec(bin, ["inspect", "--json", "--home", home], { cwd: proj, env: npmEnv(home) });
    const report = JSON.parse(stdout) as Inspect;
    expect(report.rules.map((r) => `${r.provider}:${r.name}`).sort()).toEqual(["agents-md:AGENTS", "cursor:errors", "cursor:react"]);
  });

  it("(a) runs `npx rulebook inspect` in a project that installed @rulebook/cli", async () => {
    const home = await userHome("project-cli");
    const proj = await project(home, "proj");
    await exec("npm", ["install", "@rulebook/cli"], { cwd: proj, env: npmEnv(home) });
    const installed = await readdir(join(proj, "node_modules", "@rulebook"));
    // The CLI bundles the core and its providers: nothing else of Rulebook is installed.
    expect(installed).toEqual(["cli"]);
    const { stdout } = await exec("npx", ["rulebook", "inspect", "--json", "--home", home], { cwd: proj, env: npmEnv(home) });
    const report = JSON.parse(stdout) as Inspect;
    expect(report.providers.length).toBeGreaterThan(15);
    expect(report.rules.map((r) => `${r.provider}:${r.name}`).sort()).toEqual(["agents-md:AGENTS", "cursor:errors", "cursor:react"]);
  });

  it("starts the MCP server from the README's client configuration (`npx -y @rulebook/cli mcp --cwd <project>`)", async () => {
    const readme = await readFile(join(repo, "README.md"), "utf8");
    const { command, args } = README_LINES.mcpServer;
    expect(readme).toContain(`"command": "${command}", "args": [${args.map((a) => `"${a}"`).join(", ")}]`);
    const home = await userHome("mcp-client");
    const proj = await project(home, "proj");
    // Started from another folder, as clients do: the project is the one `--cwd` names.
    const withProject = args.map((a) => (a === "/absolute/path/to/your/project" ? proj : a));
    const { result, stderr } = await mcpInitialize(command, withProject, home, npmEnv(home, { HOME: home }));
    expect(result.serverInfo?.name).toBe("rulebook");
    expect(stderr).toContain(`from ${proj} on standard input and output`);
  });

  it("(b) builds a prompt in a project that installed only the core, the prompt and the Cursor provider", async () => {
    expect(await readFile(join(repo, "README.md"), "utf8")).toContain(README_LINES.library);
    const home = await userHome("library");
    const proj = await project(home, "proj");
    await runLine(README_LINES.library, proj, npmEnv(home));
    await writeFile(
      join(proj, "prompt.mjs"),
      [
        'import { createRegistry, partitionRules } from "@rulebook/core";',
        'import { buildSystemPrompt } from "@rulebook/prompt";',
        'import { cursorProvider } from "@rulebook/provider-cursor";',
        "",
        "const [root, home] = process.argv.slice(2);",
        "const registry = createRegistry([cursorProvider]);",
        "const { rules, diagnostics } = await registry.load({ cwd: root, home });",
        "const partition = partitionRules(rules);",
        'const prompt = buildSystemPrompt({ partition, root, files: ["src/App.tsx"], maxTokens: 2_000 });',
        "console.log(JSON.stringify({ text: prompt.text, diagnostics }));",
        "",
      ].join("\n"),
    );
    const { stdout } = await exec(process.execPath, ["prompt.mjs", proj, home], { cwd: proj, env: npmEnv(home) });
    const { text, diagnostics } = JSON.parse(stdout) as { text: string; diagnostics: unknown[] };
    expect(diagnostics).toEqual([]);
    expect(text).toContain("Never swallow an error");
    expect(text).toContain("Write function components with hooks");
    // Cursor's provider only: AGENTS.md is not read, and no other provider is installed.
    expect(text).not.toContain("Use pnpm");
    expect((await readdir(join(proj, "node_modules", "@rulebook"))).sort()).toEqual(["core", "prompt", "provider-cursor"]);
  });

  it("loads every bundled provider in a project that installed the core and @rulebook/all-providers", async () => {
    const line = "npm install @rulebook/core @rulebook/all-providers";
    expect(await readFile(join(repo, "README.md"), "utf8")).toContain(line);
    const home = await userHome("all-providers");
    const proj = await project(home, "proj");
    await runLine(line, proj, npmEnv(home));
    await writeFile(
      join(proj, "load.mjs"),
      [
        'import { createBundledRegistry } from "@rulebook/all-providers";',
        "const [cwd, home] = process.argv.slice(2);",
        "const { rules } = await createBundledRegistry().load({ cwd, home });",
        'console.log(JSON.stringify(rules.map((r) => r.source.provider + ":" + r.name).sort()));',
      ].join("\n"),
    );
    const { stdout } = await exec(process.execPath, ["load.mjs", proj, home], { cwd: proj, env: npmEnv(home) });
    expect(JSON.parse(stdout)).toEqual(["agents-md:AGENTS", "cursor:errors", "cursor:react"]);
  });

  it("(c) loads a third-party provider published to the same registry and listed in the project's configuration", async () => {
    const author = await userHome("provider-author", true);
    const source = join(author, "rulebook-provider-acme");
    await cp(TEMPLATE, source, { recursive: true });
    await exec("npm", ["publish"], { cwd: source, env: npmEnv(author) });

    const home = await userHome("third-party");
    const proj = await project(home, "proj");
    await exec("npm", ["install", "@rulebook/cli", "rulebook-provider-acme"], { cwd: proj, env: npmEnv(home) });
    const manifest = await readJson<Record<string, unknown>>(join(proj, "package.json"));
    await writeFile(
      join(proj, "package.json"),
      JSON.stringify({ ...manifest, rulebook: { providers: ["rulebook-provider-acme", "@rulebook/provider-cursor"] } }),
    );
    // Plugins that are not bundled load only in a trusted project (docs/behaviour.md#trust).
    const { stdout } = await exec("npx", ["rulebook", "inspect", "--json", "--home", home], {
      cwd: proj,
      env: npmEnv(home, { RULEBOOK_TRUST: "1" }),
    });
    const report = JSON.parse(stdout) as Inspect;
    // The listed providers read the project; the bundled ones it leaves out read only the user's rules.
    expect(report.providers.filter((p) => !p.userOnly).map((p) => p.id)).toEqual(["acme", "cursor"]);
    expect(report.rules.map((r) => `${r.provider}:${r.name}`)).toEqual(["acme:deploys", "cursor:errors", "cursor:react"]);
  });

  it("loads the template as a package of the user's own npm workspace", async () => {
    const home = await userHome("workspace");
    const root = await project(home, "monorepo");
    await cp(TEMPLATE, join(root, "packages", "rulebook-provider-acme"), { recursive: true });
    const manifest = await readJson<Record<string, unknown>>(join(root, "package.json"));
    await writeFile(
      join(root, "package.json"),
      JSON.stringify({ ...manifest, workspaces: ["packages/*"], rulebook: { providers: ["rulebook-provider-acme", "@rulebook/provider-cursor"] } }),
    );
    await exec("npm", ["install", "@rulebook/cli"], { cwd: root, env: npmEnv(home) });
    // npm links each workspace package into node_modules: its real folder is under packages/,
    // where no @rulebook/core can be resolved.
    expect(await realpath(join(root, "node_modules", "rulebook-provider-acme"))).toBe(join(root, "packages", "rulebook-provider-acme"));
    const { stdout } = await exec("npx", ["rulebook", "inspect", "--json", "--home", home], {
      cwd: root,
      env: npmEnv(home, { RULEBOOK_TRUST: "1" }),
    });
    const report = JSON.parse(stdout) as Inspect;
    expect(report.rules.map((r) => `${r.provider}:${r.name}`)).toEqual(["acme:deploys", "cursor:errors", "cursor:react"]);
  });

  it.skipIf("missing" in preCommit)(
    "runs .pre-commit-hooks.yaml with the real pre-commit: the hooks install the released CLI and fail when they should",
    async () => {
      const hooksFile = join(copy, ".pre-commit-hooks.yaml");
      // `pnpm version-packages` pinned the hooks to the CLI it released.
      expect(await readFile(hooksFile, "utf8")).toContain(`"@rulebook/cli@${released.get("@rulebook/cli")}"`);
      const home = await userHome("pre-commit");
      const env = { ...npmEnv(home), ...gitEnv, HOME: home, PRE_COMMIT_HOME: join(home, "pre-commit-cache") };
      const hooks = await hooksRepository(join(work, "hooks-repository"), hooksFile, env);
      const proj = await project(home, "proj");
      await rm(join(proj, ".git"), { recursive: true });
      await writeFile(join(proj, ".pre-commit-config.yaml"), preCommitConfig(hooks, "copilot"));
      const git = (args: string[]) => exec("git", args, { cwd: proj, env });
      await git(["init", "--quiet"]);
      // The same CLI the hooks install, run from the release's copy: the project's exported files.
      await exec("node", [join(copy, "apps/cli/dist/cli.js"), "export", "--to", "copilot", "--home", home], { cwd: proj, env });
      await git(["add", "--all"]);
      await git(["commit", "--quiet", "--no-verify", "--message", "a project with rules"]);

      const clean = await runHooks(proj, env);
      expect(clean.output).toMatch(/rulebook lint\.+Passed/);
      expect(clean.output).toMatch(/rulebook export --check\.+Passed/);
      expect(clean.code).toBe(0);

      await writeFile(
        join(proj, ".cursor", "rules", "errors.mdc"),
        "---\ndescription: Error handling\n---\n\nThrow typed errors; never swallow one.\n",
      );
      const drift = await runHooks(proj, env, "rulebook-export-check");
      expect(drift.output).toMatch(/rulebook export --check\.+Failed/);
      expect(drift.code).toBe(1);

      await writeFile(join(proj, ".cursor", "rules", "hidden.mdc"), "---\nalwaysApply: true\n---\n\nReview \u202Eevery change.\n");
      const lint = await runHooks(proj, env, "rulebook-lint");
      expect(lint.output).toMatch(/rulebook lint\.+Failed/);
      expect(lint.output).toContain("hidden-character");
      expect(lint.code).toBe(1);
    },
    LONG,
  );

  it(
    "(d) a second release after a changeset for one provider changes only it and the packages that must ship it",
    async () => {
      await writeFile(
        join(copy, ".changeset", "registry-test-cursor.md"),
        '---\n"@rulebook/provider-cursor": patch\n---\n\nA fix in the Cursor provider.\n',
      );
      await pnpm(["version-packages"]);
      const next = await versions(copy);
      const changed = [...next].filter(([name, version]) => released.get(name) !== version).map(([name]) => name);
      // The CLI bundles it (a devDependency, so changesets alone would not bump it:
      // `pnpm version-packages` adds that changeset, see the README). @rulebook/all-providers
      // depends on it with a `^` range the new version is in, so it needs no release (below).
      expect(changed.sort()).toEqual(["@rulebook/cli", "@rulebook/provider-cursor"]);
      await release();

      for (const [name, version] of released) {
        const published = Object.keys((await packument(name)).versions);
        const expected = changed.includes(name) ? [version, next.get(name)] : [version];
        expect(published.sort(), name).toEqual(expected.sort());
      }

      const home = await userHome("after-second-release");
      const proj = await project(home, "proj");
      await exec("npm", ["install", "@rulebook/cli"], { cwd: proj, env: npmEnv(home) });
      const { stdout } = await exec("npx", ["rulebook", "providers", "--json", "--home", home], { cwd: proj, env: npmEnv(home) });
      const { providers } = JSON.parse(stdout) as { providers: Array<{ id: string; version?: string }> };
      expect(providers.find((p) => p.id === "cursor")?.version).toBe(next.get("@rulebook/provider-cursor"));
      expect(providers.find((p) => p.id === "windsurf")?.version).toBe(released.get("@rulebook/provider-windsurf"));

      // A fresh install of the unchanged @rulebook/all-providers gets the new Cursor provider.
      const library = await project(home, "library", false);
      await exec("npm", ["install", "@rulebook/core", "@rulebook/all-providers"], { cwd: library, env: npmEnv(home) });
      const cursor = await readJson<Manifest>(join(library, "node_modules", "@rulebook", "provider-cursor", "package.json"));
      expect(cursor.version).toBe(next.get("@rulebook/provider-cursor"));
    },
    LONG,
  );
});
