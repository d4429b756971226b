import { spawn } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ErrorCode, LoggingMessageNotificationSchema, McpError, ResourceListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI, writeTree } from "../../test/helpers.js";
import { type McpSession, connectMcp, textOf } from "../../test/mcp-client.js";

// The server is the built CLI in a child process, on a busy machine: generous limits.
const SLOW = 120_000;

const project = writeTree({
  "proj/.git/HEAD": "ref: refs/heads/main\n",
  "proj/.cursor/rules/always.mdc": "---\nalwaysApply: true\n---\nAlways use tabs.\n",
  "proj/.cursor/rules/react.mdc":
    "---\nglobs: src/**/*.tsx\n---\nUse function components.\nTest with `cd web && npx vitest`; build with `bun run <script>`.\n",
  "proj/.cursor/rules/testing.mdc": "---\ndescription: How we write tests\n---\nOne behaviour per test.\n",
  "proj/.cursor/rules/no-console.mdc":
    '---\ndescription: No console output\nttsr_trigger: "console\\\\.log\\\\("\n---\nUse the logger, never console.log.\n',
});
const proj = join(project.root, "proj");

let client: Client;
let session: McpSession | undefined;
const stderr: string[] = [];
let stderrGrew: () => void = () => undefined;
/** Resolves once the server has written `text` to its standard error. */
async function untilStderr(text: string): Promise<void> {
  while (!stderr.join("").includes(text)) await new Promise<void>((resolve) => (stderrGrew = resolve));
}
// The log notifications (notifications/message) the server sent, as "level: text".
const logs: string[] = [];
let logGrew: () => void = () => undefined;
/** Resolves once the server has sent the client a log notification containing `text`. */
async function untilLog(text: string): Promise<void> {
  while (!logs.some((entry) => entry.includes(text))) await new Promise<void>((resolve) => (logGrew = resolve));
}
// Each list_changed notification wakes whoever waits for the next one.
let listChanged: () => void = () => undefined;
const nextListChanged = () => new Promise<void>((resolve) => (listChanged = resolve));

beforeAll(async () => {
  session = await connectMcp(["--cwd", proj, "--home", project.home], {
    beforeConnect(client, transport) {
      transport.stderr?.on("data", (chunk: Buffer) => {
        stderr.push(chunk.toString());
        stderrGrew();
      });
      client.setNotificationHandler(ResourceListChangedNotificationSchema, () => listChanged());
      client.setNotificationHandler(LoggingMessageNotificationSchema, ({ params }) => {
        logs.push(`${params.level}: ${String(params.data)}`);
        logGrew();
      });
    },
  });
  client = session.client;
}, SLOW);

afterAll(async () => {
  await session?.close();
}, SLOW);

describe("rulebook mcp", { timeout: SLOW }, () => {
  it("lists every winning rule as a rule:// resource with its description", async () => {
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri).sort()).toEqual(["rule://always", "rule://no-console", "rule://react", "rule://testing"]);
    const testing = resources.find((r) => r.name === "testing");
    expect(testing).toMatchObject({ mimeType: "text/markdown", description: "How we write tests" });
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates[0]?.uriTemplate).toBe("rule://{name}");
  });

  it("reads a rule's content, and refuses an unknown name with a protocol error naming close matches", async () => {
    const read = await client.readResource({ uri: "rule://testing" });
    expect(read.contents[0]).toMatchObject({ uri: "rule://testing", mimeType: "text/markdown", text: "One behaviour per test." });
    const error = await client.readResource({ uri: "rule://test" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(ErrorCode.InvalidParams);
    expect((error as McpError).message).toMatch(/unknown rule "test"; did you mean: testing/);
    const foreign = await client.readResource({ uri: "file:///etc/passwd" }).catch((e: unknown) => e);
    expect((foreign as McpError).code).toBe(ErrorCode.InvalidParams);
    expect((foreign as McpError).message).toMatch(/not a rule:\/\/ URL/);
  });

  it("rules_for_files gives the prompt for those files and why each rule applies", async () => {
    const result = await client.callTool({ name: "rules_for_files", arguments: { files: ["src/App.tsx"] } });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toContain("Always use tabs.");
    expect(textOf(result)).toContain("Use function components.");
    const decisions = JSON.parse(textOf(result, 1)) as {
      files: Array<{ file: string; rules: Array<{ name: string; kind: string; glob?: string }> }>;
    };
    expect(decisions.files[0]?.file).toBe("src/App.tsx");
    expect(decisions.files[0]?.rules).toContainEqual(expect.objectContaining({ name: "react", kind: "glob", glob: "src/**/*.tsx" }));
    expect(decisions.files[0]?.rules).toContainEqual(expect.objectContaining({ name: "always", kind: "always" }));
  });

  it("hands a rule's text as written through every channel: the resource, rules_for_files and system-rules", async () => {
    const body = "Use function components.\nTest with `cd web && npx vitest`; build with `bun run <script>`.";
    const read = await client.readResource({ uri: "rule://react" });
    expect(read.contents[0]).toMatchObject({ text: body });
    const tool = await client.callTool({ name: "rules_for_files", arguments: { files: ["src/App.tsx"] } });
    expect(textOf(tool)).toContain(`>\n${body}\n</attached-rule>`);
    const prompt = await client.getPrompt({ name: "system-rules", arguments: { files: "src/App.tsx" } });
    expect((prompt.messages[0] as { content: { text: string } }).content.text).toContain(`>\n${body}\n</attached-rule>`);
  });

  it("rules_for_files takes maxTokens as the prompt does, and refuses arguments it does not know", async () => {
    const full = await client.callTool({ name: "rules_for_files", arguments: { files: ["src/App.tsx"] } });
    const tight = await client.callTool({ name: "rules_for_files", arguments: { files: ["src/App.tsx"], maxTokens: 1 } });
    expect(tight.isError).toBeFalsy();
    expect(textOf(full)).toContain("Always use tabs.");
    expect(textOf(tight)).not.toContain("Always use tabs.");
    expect(textOf(tight)).toContain("Left out to fit the token budget");
    expect((JSON.parse(textOf(tight, 1)) as { omitted: Array<{ address: string }> }).omitted.map((o) => o.address)).toContain("rule://always");
    const zero = await client.callTool({ name: "rules_for_files", arguments: { files: ["src/App.tsx"], maxTokens: 0 } });
    expect(zero.isError).toBe(true);
    expect(textOf(zero)).toMatch(/maxTokens must be a whole number, 1 or more/);
    const unknown = await client.callTool({ name: "rules_for_files", arguments: { files: ["src/App.tsx"], max_tokens: 100 } });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toMatch(/max_tokens/);
  });

  it("says which argument is wrong and why, and keeps serving", async () => {
    const wrongType = await client.callTool({ name: "rules_for_files", arguments: { files: "src/App.tsx" } });
    expect(wrongType.isError).toBe(true);
    expect(textOf(wrongType)).toMatch(/files must be a list of paths/);
    const empty = await client.callTool({ name: "rules_for_files", arguments: { files: [] } });
    expect(textOf(empty)).toMatch(/files must name at least one file/);
    const missing = await client.callTool({ name: "explain", arguments: {} });
    expect(textOf(missing)).toMatch(/target/);
    const prompt = await client.getPrompt({ name: "system-rules", arguments: { maxTokens: "lots" } }).catch((e: unknown) => e);
    expect(prompt).toBeInstanceOf(McpError);
    expect((prompt as McpError).message).toMatch(/maxTokens must be a whole number/);
    expect((await client.listResources()).resources).toHaveLength(4);
  });

  it("gives a protocol error's code once, and one message for one bad argument", async () => {
    const unknown = (await client.readResource({ uri: "rule://test" }).catch((e: unknown) => e)) as McpError;
    expect(unknown.message).toMatch(/^MCP error -32602: unknown rule "test"/);
    const prompt = (await client.getPrompt({ name: "system-rules", arguments: { maxTokens: "lots" } }).catch((e: unknown) => e)) as McpError;
    expect(prompt.message).toBe(
      'MCP error -32602: Invalid arguments for prompt system-rules: maxTokens must be a whole number, 1 or more, got "lots" at maxTokens',
    );
    const missing = (await client.getPrompt({ name: "no-such-prompt" }).catch((e: unknown) => e)) as McpError;
    expect(missing.message).toBe("MCP error -32602: Prompt no-such-prompt not found");
    // The tool takes maxTokens as the prompt, the option and the configuration do: a number or its digits.
    const asText = await client.callTool({ name: "rules_for_files", arguments: { files: ["src/App.tsx"], maxTokens: "1" } });
    expect(asText.isError).toBeFalsy();
    expect(textOf(asText)).toContain("Left out to fit the token budget");
    for (const maxTokens of ["lots", null, 2.5]) {
      const bad = await client.callTool({ name: "rules_for_files", arguments: { files: ["src/App.tsx"], maxTokens } });
      expect(bad.isError).toBe(true);
      expect(textOf(bad).match(/maxTokens/g)).toHaveLength(2); // the message and "at maxTokens"
      expect(textOf(bad)).toMatch(
        new RegExp(`maxTokens must be a whole number, 1 or more, got [^,]*${maxTokens === "lots" ? '"lots"' : String(maxTokens)} at maxTokens$`),
      );
    }
  });

  it("explain answers for a path and for rule://NAME, and names close matches for an unknown rule", async () => {
    const file = JSON.parse(textOf(await client.callTool({ name: "explain", arguments: { target: "src/App.tsx" } }))) as {
      projectPath: string;
      rules: Array<{ name: string; applies: boolean }>;
    };
    expect(file.projectPath).toBe("src/App.tsx");
    expect(
      file.rules
        .filter((r) => r.applies)
        .map((r) => r.name)
        .sort(),
    ).toEqual(["always", "react", "testing"]);
    const rule = JSON.parse(textOf(await client.callTool({ name: "explain", arguments: { target: "rule://react" } }))) as {
      rule: { name: string; category: string; globs: string[] };
    };
    expect(rule.rule).toMatchObject({ name: "react", category: "auto-attach", globs: ["src/**/*.tsx"] });
    const unknown = await client.callTool({ name: "explain", arguments: { target: "rule://reac" } });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toMatch(/did you mean: react/);
  });

  it("check_stream reports the triggers that fire, with offsets and the reminder", async () => {
    const text = "const x = 1;\nconsole.log(x);\n";
    const result = JSON.parse(textOf(await client.callTool({ name: "check_stream", arguments: { text } }))) as {
      firings: Array<{ rule: string; offset: number; match: string; reminder: string }>;
      stop: { cut: number; kept: string };
      watched: string[];
    };
    expect(result.watched).toEqual(["no-console"]);
    expect(result.firings).toHaveLength(1);
    expect(result.firings[0]).toMatchObject({ rule: "no-console", offset: 13, match: "console.log(" });
    expect(result.firings[0]?.reminder).toContain("Use the logger, never console.log.");
    expect(result.stop).toEqual({ cut: 13, kept: "const x = 1;\n" });
    const quiet = JSON.parse(textOf(await client.callTool({ name: "check_stream", arguments: { text: "logger.info(x)" } }))) as {
      firings: unknown[];
    };
    expect(quiet.firings).toEqual([]);
  });

  it("system-rules gives the rules part of the system prompt, for files and within a budget", async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(["system-rules"]);
    expect(prompts[0]?.arguments?.map((a) => a.name).sort()).toEqual(["files", "maxTokens", "mode"]);
    const plain = await client.getPrompt({ name: "system-rules" });
    const text = (plain.messages[0] as { content: { text: string } }).content.text;
    expect(text).toContain("Always use tabs.");
    expect(text).toContain("testing");
    expect(text).not.toContain("Use function components.");
    const withFile = await client.getPrompt({ name: "system-rules", arguments: { files: "src/App.tsx, src/index.ts" } });
    expect((withFile.messages[0] as { content: { text: string } }).content.text).toContain("Use function components.");
    const tight = await client.getPrompt({ name: "system-rules", arguments: { maxTokens: "5" } });
    expect(tight.description).toMatch(/left out for the budget: always/);
    expect((tight.messages[0] as { content: { text: string } }).content.text).toContain("rule://always");
  });

  it("tells the client when a rule file changes, then serves the new content", async () => {
    const changed = nextListChanged();
    writeFileSync(join(proj, ".cursor/rules/testing.mdc"), "---\ndescription: How we write tests\n---\nTwo assertions at most.\n");
    await changed;
    const read = await client.readResource({ uri: "rule://testing" });
    expect((read.contents[0] as { text?: string } | undefined)?.text).toBe("Two assertions at most.");

    const added = nextListChanged();
    writeFileSync(join(proj, ".cursor/rules/naming.mdc"), "---\ndescription: Naming\n---\nNames say what things are.\n");
    await added;
    expect((await client.listResources()).resources.map((r) => r.name)).toContain("naming");
    expect(stderr.join("")).toContain("rules changed (+naming)");
  });

  it("keeps serving the last rules when a reload fails (a configuration broken while it runs)", async () => {
    writeFileSync(join(proj, "rulebook.config.json"), '{ "providers": 5 }\n');
    await untilLog("reloading failed");
    expect(logs.find((entry) => entry.includes("reloading failed"))).toMatch(
      /^error: reloading failed; serving the last rules loaded: .*"providers" must be a list/,
    );
    await untilStderr("reloading failed");
    expect(stderr.join("")).toMatch(/reloading failed; serving the last rules loaded: .*"providers" must be a list/);
    expect((await client.listResources()).resources.map((r) => r.name)).toContain("naming");
    expect((await client.callTool({ name: "explain", arguments: { target: "rule://naming" } })).isError).toBeFalsy();
    rmSync(join(proj, "rulebook.config.json"));
  });
});

describe("rulebook mcp, when the project cannot be loaded", { timeout: SLOW }, () => {
  const broken = writeTree({
    "proj/.git/HEAD": "ref: refs/heads/main\n",
    "proj/rulebook.config.json": '{ "providers": 5 }\n',
    "proj/.cursor/rules/always.mdc": "---\nalwaysApply: true\n---\nAlways use tabs.\n",
  });

  for (const [what, cwd, reason] of [
    ["a broken configuration", join(broken.root, "proj"), /"providers" must be a list/],
    ["a --cwd that is not a folder", join(broken.root, "missing"), /--cwd .*missing: no such folder/],
  ] as const) {
    it(`initializes anyway and gives the client the reason: ${what}`, async () => {
      const seen: string[] = [];
      let logged: (text: string) => void = () => undefined;
      const firstLog = new Promise<string>((resolve) => (logged = resolve));
      const failing = new StdioClientTransport({
        command: process.execPath,
        args: [CLI, "mcp", "--cwd", cwd, "--home", broken.home],
        stderr: "pipe",
      });
      let err = "";
      failing.stderr?.on("data", (chunk: Buffer) => {
        err += chunk.toString();
      });
      const exited = new Promise<void>((resolve) => failing.stderr?.on("end", resolve));
      const other = new Client({ name: "rulebook-test", version: "1.0.0" });
      other.setNotificationHandler(LoggingMessageNotificationSchema, ({ params }) => {
        seen.push(String(params.data));
        logged(`${params.level}: ${String(params.data)}`);
      });
      try {
        await other.connect(failing);
        expect(await firstLog).toMatch(new RegExp(`^error: cannot serve the rules: .*${reason.source}`));
        const call = await other.callTool({ name: "rules_for_files", arguments: { files: ["src/a.ts"] } });
        expect(call.isError).toBe(true);
        expect(textOf(call)).toMatch(reason);
        const read = (await other.readResource({ uri: "rule://always" }).catch((e: unknown) => e)) as McpError;
        expect(read).toBeInstanceOf(McpError);
        expect(read.message).toMatch(reason);
        expect(seen).toHaveLength(1);
      } finally {
        await other.close();
      }
      // The reason is on standard error too, and the process ends with the connection.
      await exited;
      expect(err).toMatch(reason);
    });
  }
});

describe("rulebook mcp, the process", { timeout: SLOW }, () => {
  for (const how of ["end of input", "SIGTERM", "SIGINT"] as const) {
    it(`stops with exit code 0 on ${how}`, async () => {
      const child = spawn(process.execPath, [CLI, "mcp", "--cwd", proj, "--home", project.home], { stdio: ["pipe", "pipe", "pipe"] });
      try {
        let err = "";
        await new Promise<void>((resolve, reject) => {
          child.stderr.on("data", (chunk: Buffer) => {
            err += chunk.toString();
            if (err.includes("serving")) resolve();
          });
          child.once("exit", (code) => reject(new Error(`exited early with ${code}: ${err}`)));
        });
        const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
        if (how === "end of input") child.stdin.end();
        else child.kill(how);
        expect(await exited).toBe(0);
      } finally {
        if (child.exitCode === null) child.kill("SIGKILL");
      }
    });
  }
});
