import { spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { LoggingMessageNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it, onTestFinished } from "vitest";
import { CLI, FIXTURES, runCli } from "../../test/helpers.js";

// Every entry point spawns the built CLI on a copy of a fixture whose code leaves a marker
// file when imported; a busy two-core machine is slow: generous limits, no sleeps.
const SLOW = 120_000;

/** The child's environment: no colours, and no trust or config folder inherited from whoever runs the tests. */
const ENV = { NO_COLOR: "1", RULEBOOK_TRUST: undefined, XDG_CONFIG_HOME: undefined };

type Scenario = "untrusted-js-config" | "untrusted-plugins";

/** A throw-away copy of a fixture scenario, with a provider package in the project's own `node_modules`. */
interface Project {
  proj: string;
  home: string;
  args: string[];
  /** The marker files the project's code left behind. */
  markers(): string[];
}

function copyOf(scenario: Scenario): Project {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "rulebook-trust-")));
  onTestFinished(() => rmSync(root, { recursive: true, force: true }));
  cpSync(join(FIXTURES, scenario), root, { recursive: true });
  const proj = join(root, "proj");
  const home = join(root, "home");
  // node_modules is never committed, so the installed package is written here.
  const acme = join(proj, "node_modules/rulebook-provider-acme");
  mkdirSync(acme, { recursive: true });
  writeFileSync(join(acme, "package.json"), JSON.stringify({ name: "rulebook-provider-acme", version: "1.0.0", type: "module", main: "index.js" }));
  writeFileSync(
    join(acme, "index.js"),
    `import { writeFileSync } from "node:fs";
writeFileSync(new URL("../../.ran-acme-provider", import.meta.url), "rulebook-provider-acme was imported\\n");
export default { id: "acme", displayName: "Acme", priority: 4,
  sources: ({ root }) => [{ kind: "file", path: root + "/ACME.md", name: "acme", level: "project", activation: "always" }] };
`,
  );
  writeFileSync(join(proj, "ACME.md"), "Acme says hello.\n");
  return {
    proj,
    home,
    args: ["--cwd", proj, "--root", proj, "--home", home],
    markers: () =>
      readdirSync(proj)
        .filter((name) => name.startsWith(".ran-"))
        .sort(),
  };
}

/** What one run of an entry point said, all streams (and MCP notifications) together. */
interface Run {
  code: number | null;
  output: string;
}

/** An entry point: how to run it, and how to tell that the project's other rules loaded. */
interface EntryPoint {
  /** Runs it; a long-running one is stopped once its start-up report holds `warnings` skip warnings. */
  run(project: Project, extra: string[], warnings: number): Promise<Run>;
  /** True when the output shows the project's Cursor rules (a bundled provider) were read. */
  loaded(output: string): boolean;
}

const SKIPPED = /was not loaded/g;

function oneShot(args: string[], loaded: (output: string) => boolean, input?: string): EntryPoint {
  return {
    run: async (project, extra) => {
      const result = runCli([...args, ...project.args, ...extra], { env: ENV, ...(input !== undefined && { input }) });
      return { code: result.code, output: result.stdout + result.stderr };
    },
    loaded,
  };
}

/** Starts `rulebook watch`, waits for its start-up line and the warnings after it, then stops it. */
const watchEntry: EntryPoint = {
  run: (project, extra, warnings) =>
    new Promise<Run>((resolve, reject) => {
      const child = spawn(process.execPath, [CLI, "watch", ...project.args, ...extra], { env: childEnv() });
      let output = "";
      let stopping = false;
      const grew = (chunk: Buffer) => {
        output += chunk.toString();
        if (stopping || !output.includes("watching for changes") || (output.match(SKIPPED)?.length ?? 0) < warnings) return;
        stopping = true;
        child.kill("SIGTERM");
      };
      child.stdout.on("data", grew);
      child.stderr.on("data", grew);
      child.once("error", reject);
      child.once("exit", (code) => (stopping ? resolve({ code, output }) : reject(new Error(`rulebook watch exited (${code}) early:\n${output}`))));
    }),
  loaded: (output) => /\b4 rules in\b/.test(output),
};

/** Starts `rulebook mcp` as a client would, collects the logging notifications sent after initialize, lists the resources. */
const mcpEntry: EntryPoint = {
  async run(project, extra, warnings) {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, "mcp", ...project.args, ...extra],
      env: childEnv(),
      stderr: "pipe",
    });
    let stderr = "";
    transport.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const client = new Client({ name: "rulebook-trust-test", version: "1.0.0" });
    const messages: string[] = [];
    let wake: () => void = () => undefined;
    client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
      messages.push(`${notification.params.level}: ${String(notification.params.data)}`);
      wake();
    });
    try {
      await client.connect(transport);
      while (messages.length < warnings) await new Promise<void>((resolve) => (wake = resolve));
      const { resources } = await client.listResources();
      // Only the notifications: the same text on stderr must not make the test pass.
      expect(stderr).toContain("serving");
      return { code: 0, output: [...messages, ...resources.map((r) => r.uri)].join("\n") };
    } finally {
      await client.close();
    }
  },
  loaded: (output) => output.includes("rule://house-style"),
};

function childEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries({ ...process.env, ...ENV })) if (value !== undefined) env[key] = value;
  return env;
}

const ENTRY_POINTS: Record<string, EntryPoint> = {
  inspect: oneShot(["inspect"], (out) => out.includes("house-style")),
  prompt: oneShot(["prompt"], (out) => out.includes("Short functions.")),
  lint: oneShot(["lint"], (out) => out.includes("testing.mdc") && out.includes("always-apply-not-boolean")),
  explain: oneShot(["explain", "rule://house-style"], (out) => out.includes("Short functions.") || out.includes("always-apply")),
  providers: oneShot(["providers", "--json"], (out) => /"id": "cursor"[\s\S]*"rules": [1-9]/.test(out)),
  ttsr: oneShot(["ttsr"], (out) => out.includes('"rule":"no-console"'), 'debug: console.log("here")\n'),
  watch: watchEntry,
  mcp: mcpEntry,
};

describe.each(Object.entries(ENTRY_POINTS))("rulebook %s in a repository nobody trusted", { timeout: SLOW }, (_name, entry) => {
  it("does not import rulebook.config.mjs: no code runs, one warning says how to trust, the rules still load", async () => {
    const project = copyOf("untrusted-js-config");
    const { output } = await entry.run(project, [], 1);
    expect(project.markers()).toEqual([]);
    // Human output names the file relative to the project; MCP clients get its absolute path.
    expect(output).toContain("rulebook.config.mjs is JavaScript");
    expect(output).toContain("rulebook trust");
    expect(output).toContain("RULEBOOK_TRUST=1");
    expect(entry.loaded(output), output).toBe(true);
  });

  it("does not import a relative provider or one from node_modules listed in .rulebookrc; the bundled Cursor provider still runs", async () => {
    const project = copyOf("untrusted-plugins");
    const { output } = await entry.run(project, [], 2);
    expect(project.markers()).toEqual([]);
    expect(output).toContain('provider "./tools/team-provider.mjs" is not bundled');
    expect(output).toContain('provider "rulebook-provider-acme" is not bundled');
    expect(entry.loaded(output), output).toBe(true);
  });

  it("runs the project's configuration and providers with --trust", async () => {
    const project = copyOf("untrusted-js-config");
    const { output } = await entry.run(project, ["--trust"], 0);
    expect(project.markers()).toEqual([".ran-acme-provider", ".ran-rulebook-config", ".ran-team-provider"]);
    expect(output).not.toContain("was not loaded");
  });

  it("runs them once the project is in the user's trust list (rulebook trust)", async () => {
    const project = copyOf("untrusted-plugins");
    const trusted = runCli(["trust", project.proj, "--home", project.home], { env: ENV });
    expect(trusted.stdout).toContain(`trusted ${project.proj}`);
    expect(trusted.code).toBe(0);
    const { output } = await entry.run(project, [], 0);
    expect(project.markers()).toEqual([".ran-acme-provider", ".ran-team-provider"]);
    expect(output).not.toContain("was not loaded");
  });
});

describe("rulebook prompt in an untrusted project, run with --cwd, --root and --home", { timeout: SLOW }, () => {
  it("words the skipped configuration as what it is, and its hint keeps the options given, so running it trusts this project", () => {
    const project = copyOf("untrusted-js-config");
    const first = runCli(["prompt", ...project.args], { env: ENV });
    expect(first.code).toBe(0);
    expect(first.stderr).toContain("rulebook: warning: rulebook.config.mjs is JavaScript, and loading it would run the project's code");
    // The rule files' own problem is counted; the skipped configuration is not one of them.
    expect(first.stderr).toContain("rulebook: the rule files have 1 problem (0 errors, 1 warning, 0 info)");
    const hint = `rulebook trust --cwd ${project.proj} --root ${project.proj} --home ${project.home}`;
    expect(first.stderr).toContain(`\`${hint}\``);
    // The hint, run as printed (from another folder), writes the trust list this run reads.
    const trusted = runCli(hint.split(" ").slice(1), { env: ENV, cwd: tmpdir() });
    expect(trusted.code).toBe(0);
    const second = runCli(["prompt", ...project.args], { env: ENV });
    expect(second.stderr).not.toContain("was not loaded");
    expect(project.markers()).toContain(".ran-rulebook-config");
  });

  it("names the project root alone when no option chose the project", () => {
    const project = copyOf("untrusted-js-config");
    const result = runCli(["prompt"], { env: { ...ENV, HOME: project.home }, cwd: project.proj });
    expect(result.stderr).toContain(`\`rulebook trust ${project.proj}\``);
  });
});

describe("rulebook trust / untrust", { timeout: SLOW }, () => {
  it("adds the project's root to the user's list, lists it, and removes it", () => {
    const project = copyOf("untrusted-plugins");
    const home = ["--home", project.home];
    expect(runCli(["trust", "--list", ...home], { env: ENV }).stdout).toContain("no project is trusted");
    // A folder inside the project stands for its root (the --root given here).
    expect(runCli(["trust", "--root", project.proj, ...home], { env: ENV, cwd: join(project.proj, "src") }).stdout).toContain(
      `trusted ${project.proj}`,
    );
    expect(runCli(["trust", project.proj, ...home], { env: ENV }).stdout).toContain("was already trusted");
    const list = runCli(["trust", "--list", "--json", ...home], { env: ENV });
    expect(JSON.parse(list.stdout)).toMatchObject({ trusted: [project.proj], list: join(project.home, ".config/rulebook/trust.json") });
    expect(runCli(["untrust", project.proj, ...home], { env: ENV }).stdout).toContain(`no longer trusted: ${project.proj}`);
    expect(runCli(["inspect", ...project.args], { env: ENV }).stderr).toContain("was not loaded");
  });

  it("refuses a folder that does not exist, and a list it cannot read (left as it was)", () => {
    const project = copyOf("untrusted-plugins");
    const missing = runCli(["trust", join(project.proj, "nope"), "--home", project.home], { env: ENV });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("no such folder");
    const file = join(project.home, ".config/rulebook/trust.json");
    mkdirSync(join(project.home, ".config/rulebook"), { recursive: true });
    writeFileSync(file, "{ oops");
    const broken = runCli(["trust", project.proj, "--home", project.home], { env: ENV });
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain("fix or remove it first");
    expect(readFileSync(file, "utf8")).toBe("{ oops");
  });
});
