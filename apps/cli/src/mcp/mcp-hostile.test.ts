import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { hasHiddenCharacters } from "@rulebook/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI, writeTree } from "../../test/helpers.js";
import { type McpSession, connectMcp } from "../../test/mcp-client.js";

// Issue 39, item 5: every channel cleans invisible characters the same way, file names included.
// The rules' file names hide text (zero-width runs, bidi isolates, a tag character), and so do
// their fields and bodies; nothing any tool, resource or prompt of the server sends may carry one.
const ZW = "\u200b\u200b";
const ISOLATE = "\u2066";
const TAG = "\u{E0041}";
const tree = writeTree({
  "proj/.git/HEAD": "ref: refs/heads/main\n",
  [`proj/.cursor/rules/ev${ZW}il.mdc`]: `---\ndescription: "always \\u200B\\u200B here"\nalwaysApply: true\n---\nAlways${ZW} do this\u202e.\n`,
  [`proj/.cursor/rules/sec${ISOLATE}ret.mdc`]: "---\ndescription: On demand\n---\nRead me.\n",
  [`proj/.cursor/rules/ta${TAG}g.mdc`]: "---\nglobs: src/**\n---\nAttached text.\n",
  [`proj/.cursor/rules/guard${ZW}.mdc`]: '---\ncondition: "rm -rf"\n---\nNever rm -rf.\n',
  [`proj/src/app${ZW}.ts`]: "export {};\n",
});
const args = [...tree.args, "--root", tree.proj];

// Arguments for each tool the server lists: a new tool without an entry fails the test.
const CALLS: Record<string, Array<Record<string, unknown>>> = {
  rules_for_files: [{ files: [`src/app${ZW}.ts`] }, { files: ["src/x.ts"], maxTokens: 5 }],
  explain: [
    { target: `.cursor/rules/ev${ZW}il.mdc` },
    { target: `src/app${ZW}.ts` },
    { target: "rule://evil" },
    { target: "rule://guard" },
    { target: "rule://secret" },
  ],
  check_stream: [{ text: `please rm -rf ${ZW}/ now` }],
};

describe("every MCP tool, resource and prompt, with hostile file names (issue 39, item 5)", () => {
  let mcp: McpSession;
  beforeAll(async () => {
    mcp = await connectMcp(args);
  });
  afterAll(async () => {
    await mcp?.close();
  });

  it("sends no invisible character anywhere", async () => {
    const answers: Array<[string, unknown]> = [];
    const { tools } = await mcp.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(Object.keys(CALLS).sort());
    for (const tool of tools) {
      for (const call of CALLS[tool.name] ?? []) answers.push([`tool ${tool.name}`, await mcp.client.callTool({ name: tool.name, arguments: call })]);
    }
    const { resources } = await mcp.client.listResources();
    expect(resources.length).toBe(4);
    answers.push(["resources/list", resources]);
    for (const resource of resources) answers.push([`read ${resource.uri}`, await mcp.client.readResource({ uri: resource.uri })]);
    answers.push(["templates", await mcp.client.listResourceTemplates()]);
    const { prompts } = await mcp.client.listPrompts();
    for (const prompt of prompts)
      answers.push([`prompt ${prompt.name}`, await mcp.client.getPrompt({ name: prompt.name, arguments: { files: `src/app${ZW}.ts` } })]);
    const explained = JSON.stringify(answers.find(([what]) => what === "tool explain")?.[1]);
    // The file is there, under its cleaned name.
    expect(explained).toContain(".cursor/rules/evil.mdc");
    for (const [what, answer] of answers) expect({ what, hidden: hasHiddenCharacters(JSON.stringify(answer)) }).toEqual({ what, hidden: false });
  });
});

describe("a line that is not JSON (issue 39)", () => {
  it("gets a JSON-RPC parse error (-32700, id null), and the server goes on answering", async () => {
    const child = spawn(process.execPath, [CLI, "mcp", ...args], { stdio: ["pipe", "pipe", "ignore"], env: { ...process.env, NO_COLOR: "1" } });
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const next = async () =>
      JSON.parse((await lines.next()).value as string) as { id: unknown; error?: { code: number; message: string }; result?: unknown };
    try {
      child.stdin.write("this is not json\n");
      expect(await next()).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32700 } });
      child.stdin.write('{"just": "json"}\n');
      expect(await next()).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32600 } });
      child.stdin.write(
        `${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } })}\n`,
      );
      expect(await next()).toMatchObject({ id: 1, result: { serverInfo: { name: "rulebook" } } });
    } finally {
      child.stdin.end();
      child.kill();
    }
  });
});
