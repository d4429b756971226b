import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

/**
 * Sends JSON-RPC error responses with the bare message. The SDK's `McpError` puts
 * `MCP error <code>: ` in its message and the server sends that message as it is, and the
 * client's `McpError` adds the prefix again: users read "MCP error -32602: MCP error -32602: …".
 * The code travels in its own field; the message says what is wrong, once.
 */
export function sendBareErrors<T extends Transport>(transport: T): T {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => send(withBareError(message), options);
  return transport;
}

function withBareError(message: JSONRPCMessage): JSONRPCMessage {
  if (!("error" in message) || typeof message.error?.message !== "string") return message;
  const prefix = `MCP error ${message.error.code}: `;
  if (!message.error.message.startsWith(prefix)) return message;
  return { ...message, error: { ...message.error, message: message.error.message.slice(prefix.length) } };
}
