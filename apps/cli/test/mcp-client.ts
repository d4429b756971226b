import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { CLI } from "./helpers.js";

/** A connected MCP client of `rulebook mcp …args` (the built CLI in a child process), and how to end it. */
export interface McpSession {
  client: Client;
  transport: StdioClientTransport;
  close(): Promise<void>;
}

/** What a test hooks in before the client connects: notification handlers, the server's standard error. */
export interface McpHooks {
  beforeConnect?(client: Client, transport: StdioClientTransport): void;
}

/** Starts `rulebook mcp` with `args` and connects the SDK's own client to it over stdio. */
export async function connectMcp(args: readonly string[], hooks: McpHooks = {}): Promise<McpSession> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, "mcp", ...args],
    env: { ...(process.env as Record<string, string>), NO_COLOR: "1", RULEBOOK_TRUST: "" },
    stderr: "pipe",
  });
  const client = new Client({ name: "rulebook-test", version: "1.0.0" });
  hooks.beforeConnect?.(client, transport);
  await client.connect(transport);
  const pid = transport.pid;
  return {
    client,
    transport,
    async close() {
      await client.close();
      // close() ends stdin and escalates to signals; make sure nothing outlives the tests.
      if (pid !== null && isRunning(pid)) process.kill(pid, "SIGKILL");
    },
  };
}

function isRunning(id: number): boolean {
  try {
    process.kill(id, 0);
    return true;
  } catch {
    return false;
  }
}

/** The text of a tool result's `index`-th content item. */
export function textOf(result: unknown, index = 0): string {
  const content = (result as { content: Array<{ type: string; text?: string }> }).content;
  return content[index]?.text ?? "";
}
