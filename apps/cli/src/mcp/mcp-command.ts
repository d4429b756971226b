import type { Readable, Writable } from "node:stream";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { LoggingLevel } from "@modelcontextprotocol/sdk/types.js";
import { errorLine } from "@rulebook/core/text";
import type { TokenCounter } from "@rulebook/prompt";
import packageJson from "../../package.json" with { type: "json" };
import { CliError, EXIT } from "../cli-error.js";
import { plural, printable } from "../display.js";
import { type Io, processStream } from "../runtime/io.js";
import type { Locations } from "../session.js";
import { loadTokenCounter, preloadTokenCounter } from "../tokens.js";
import { answerBadLines } from "./bad-lines.js";
import { sendBareErrors } from "./bare-errors.js";
import { sendCleanText } from "./clean-text.js";
import { StdioServerTransport } from "./sdk.js";
import { sendClientLog } from "./client-log.js";
import { startLiveSession } from "./live-session.js";
import { createRulesServer } from "./rules-server.js";
import { skippedNotices } from "./skipped-notice.js";
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
 * A reload that fails keeps the last rules and tells the client with a log notification. When
 * the project cannot be loaded at all (a bad `--cwd`, a broken configuration), the server still
 * answers: its log notification, every tool call and every read give the reason, so the user
 * sees it in the client, not only on standard error; it exits 1 when the client goes.
 * Standard output belongs to the protocol: everything else goes to standard error.
 */
export async function runMcp(locate: () => Promise<Locations>, options: { mode?: string }, io: Io, streams?: McpStreams): Promise<number> {
  const stdin = streams?.stdin ?? process.stdin;
  const stdout = streams?.stdout ?? processStream("stdout");
  const log = (text: string) => io.stderr.write(`rulebook mcp: ${printable(text)}\n`);
  let server: McpServer | undefined;
  const tell = (level: "error" | "warning", text: string) => {
    log(text);
    if (server) void sendClientLog(server, level, text);
  };
  // The tools count tokens: the counter's table is read while the project loads.
  preloadTokenCounter();
  const started = await locate()
    .then((locations) =>
      startLiveSession(locations, {
        ...(options.mode !== undefined && { mode: options.mode }),
        async onChange({ added, removed, changed }) {
          if (added.length + removed.length + changed.length === 0) return;
          log(`rules changed (${[...added.map((n) => `+${n}`), ...removed.map((n) => `-${n}`), ...changed.map((n) => `~${n}`)].join(" ")})`);
          if (server?.isConnected())
            await server.server.sendResourceListChanged().catch((error: unknown) => log(`cannot notify the client: ${errorLine(error)}`));
        },
        onError: (error) => tell("error", `reloading failed; serving the last rules loaded: ${errorLine(error)}`),
      }),
    )
    .then(
      (live) => ({ live }),
      (error: unknown) => {
        if (!(error instanceof CliError)) throw error;
        return { failure: `cannot serve the rules: ${errorLine(error)}` };
      },
    );

  server = createRulesServer({
    session: () => {
      if ("failure" in started) throw new CliError("config", started.failure);
      return started.live.current();
    },
    countTokens: (): Promise<TokenCounter> => loadTokenCounter(),
    version: packageJson.version,
  });
  const stop = untilStopSignal();
  const disconnected = new Promise<void>((resolve) => {
    stdin.once("end", resolve);
    stdin.once("close", resolve);
  });
  const transport = sendCleanText(sendBareErrors(new StdioServerTransport(stdin, stdout)));
  answerBadLines(transport);
  const closed = new Promise<void>((resolve) => {
    transport.onclose = resolve;
  });
  // What the client should hear as soon as it is initialized (log notifications are for an
  // initialized client): why the project could not be loaded, what was skipped.
  const atStart: Array<{ level: LoggingLevel; text: string }> = [];
  if ("failure" in started) {
    log(started.failure);
    atStart.push({ level: "error", text: started.failure });
  } else {
    for (const notice of skippedNotices(started.live.current())) {
      log(notice.stderr);
      atStart.push({ level: "warning", text: notice.client });
    }
  }
  const connected = server;
  connected.server.oninitialized = () => {
    for (const { level, text } of atStart) void sendClientLog(connected, level, text);
  };
  await server.connect(transport);
  if ("live" in started)
    log(`serving ${plural(started.live.current().partition.all.length, "rule")} from ${started.live.current().root} on standard input and output`);

  await Promise.race([stop.stopped, disconnected, closed]);
  stop.dispose();
  await server.close();
  if ("live" in started) await started.live.close();
  // Nothing more will be read; a pipe left open would keep the process alive.
  if (stdin === process.stdin) stdin.destroy();
  return "failure" in started ? EXIT.failure : EXIT.ok;
}
