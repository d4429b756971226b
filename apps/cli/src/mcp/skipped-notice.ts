import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Session } from "../session.js";

/**
 * Tells the client, once it has initialised, what an untrusted project asked for and did not
 * get (a JavaScript configuration, providers of its own): one `notifications/message` warning
 * per thing skipped, the same text `rulebook lint` shows (docs/behaviour.md#trust). Call before
 * `connect`; it declares the logging capability the notification needs.
 */
export function notifySkippedOnInitialize(server: McpServer, session: () => Session, log: (text: string) => void): void {
  server.server.registerCapabilities({ logging: {} });
  const previous = server.server.oninitialized;
  server.server.oninitialized = () => {
    previous?.();
    for (const d of session().diagnostics) {
      if (d.code !== "untrusted-config-skipped" && d.code !== "untrusted-plugin-skipped") continue;
      log(`warning: ${d.message}`);
      server.server
        .sendLoggingMessage({ level: "warning", logger: "rulebook", data: `${d.code}: ${d.message}` })
        .catch((error: unknown) => log(`cannot notify the client: ${error instanceof Error ? error.message : String(error)}`));
    }
  };
}
