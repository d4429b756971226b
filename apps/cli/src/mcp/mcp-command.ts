import type { Readable, Writable } from "node:stream";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { TokenCounter } from "@rulebook/prompt";
import packageJson from "../../package.json" with { type: "json" };
import { plural, printable } from "../display.js";
import type { Io } from "../io.js";
import type { Locations } from "../session.js";
import { loadTokenCounter } from "../tokens.js";
import { startLiveSession } from "./live-session.js";
import { createRulesServer } from "./rules-server.js";
import { notifySkippedOnInitialize } from "./skipped-notice.js";
import { untilStopSignal } from "./stop-signal.js";

/** The streams the protocol runs over: the process's own by default. */
export interface McpStreams {
  stdin: Readable;
  stdout: Writable;
}

/**
 * Runs `rulebook mcp`: serves the rules over MCP on standard input and output until the
 * client closes the connection or SIGINT/SIGTERM arrives, reloading when rule files or the
 * configuration change and telling the client with `notifications/resources/list_changed`.
 * Standard output belongs to the protocol: everything else goes to standard error.
 */
export async function runMcp(locations: Locations, options: { mode?: string }, io: Io, streams?: McpStreams): Promise<number> {
  const stdin = streams?.stdin ?? process.stdin;
  const stdout = streams?.stdout ?? process.stdout;
  const log = (text: string) => io.stderr.write(`rulebook mcp: ${printable(text)}\n`);
  let server: McpServer | undefined;
  const live = await startLiveSession(locations, {
    ...(options.mode !== undefined && { mode: options.mode }),
    async onChange({ added, removed, changed }) {
      if (added.length + removed.length + changed.length === 0) return;
      log(`rules changed (${[...added.map((n) => `+${n}`), ...removed.map((n) => `-${n}`), ...changed.map((n) => `~${n}`)].join(" ")})`);
      if (server?.isConnected()) await server.server.sendResourceListChanged().catch((error: unknown) => log(`cannot notify the client: ${message(error)}`));
    },
    onError: (error) => log(`reloading failed; serving the last rules loaded: ${message(error)}`),
  });

  let counter: Promise<TokenCounter> | undefined;
  server = createRulesServer({
    session: live.current,
    countTokens: () => {
      counter ??= loadTokenCounter();
      return counter;
    },
    version: packageJson.version,
  });
  notifySkippedOnInitialize(server, live.current, log);
  const stop = untilStopSignal();
  const disconnected = new Promise<void>((resolve) => {
    stdin.once("end", resolve);
    stdin.once("close", resolve);
  });
  const transport = new StdioServerTransport(stdin, stdout);
  const closed = new Promise<void>((resolve) => {
    transport.onclose = resolve;
  });
  await server.connect(transport);
  log(`serving ${plural(live.current().partition.all.length, "rule")} from ${live.current().root} on standard input and output`);

  await Promise.race([stop.stopped, disconnected, closed]);
  stop.dispose();
  await server.close();
  await live.close();
  // Nothing more will be read; a pipe left open would keep the process alive.
  if (stdin === process.stdin) stdin.destroy();
  return 0;
}

function message(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "";
}
