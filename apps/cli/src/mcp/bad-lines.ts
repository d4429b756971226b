import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { errorLine } from "@rulebook/core/text";

/** JSON-RPC 2.0's codes for a line that is not JSON, and for JSON that is not a request. */
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;

/**
 * Answers a line of input that is not JSON with a JSON-RPC parse error (-32700, `id` null), and
 * JSON that is no JSON-RPC message with an invalid-request error (-32600), as JSON-RPC 2.0 asks
 * (docs/behaviour.md#the-command-line-app): the SDK's stdio transport reports both only to its
 * `onerror`, and a client that gets no reply waits for its timeout. Call before `connect`: the
 * SDK keeps this handler and calls its own after it.
 */
export function answerBadLines(transport: Transport): void {
  transport.onerror = (error) => {
    const code = error instanceof SyntaxError ? PARSE_ERROR : (error as { name?: unknown }).name === "ZodError" ? INVALID_REQUEST : undefined;
    if (code === undefined) return;
    const message =
      code === PARSE_ERROR
        ? `Parse error: the line is not JSON (${errorLine(error)})`
        : "Invalid request: the line is JSON but not a JSON-RPC 2.0 message";
    // JSON-RPC answers what it cannot read with `id: null`, which the SDK's types do not foresee.
    const reply = { jsonrpc: "2.0", id: null, error: { code, message } } as unknown as JSONRPCMessage;
    transport.send(reply).catch(() => undefined);
  };
}
