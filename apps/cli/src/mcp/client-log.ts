import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { LoggingLevel } from "@modelcontextprotocol/sdk/types.js";

/**
 * Tells the MCP client something its user should see (a reload that failed, why the server
 * could not load the project, what was skipped) as a `notifications/message` log entry from
 * the `rulebook` logger; clients show these in their server log or output panel, where a line on
 * standard error is often hidden. Resolves to false, never rejects, when the client is gone
 * or asked for less (`logging/setLevel`); callers write the line to standard error too.
 */
export async function sendClientLog(server: McpServer, level: LoggingLevel, text: string): Promise<boolean> {
  if (!server.isConnected()) return false;
  try {
    await server.sendLoggingMessage({ level, logger: "rulebook", data: text });
    return true;
  } catch {
    return false;
  }
}
