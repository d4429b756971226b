import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { hasHiddenCharacters, stripHiddenCharacters } from "@rulebook/core/text";

/**
 * Cleans every message the server sends of invisible and direction-changing characters, the
 * way the prompt does (docs/behaviour.md#safety): every string of every result, error and
 * notification, file names included, so no tool (`explain` printed a rule's path as it was)
 * and no tool added later can hand the model what the prompt would not. One place, on the way
 * out, rather than one call per tool.
 */
export function sendCleanText<T extends Transport>(transport: T): T {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => send(clean(message) as JSONRPCMessage, options);
  return transport;
}

/** `value` with hidden characters removed from every string in it (keys too); the same object when it holds none. */
function clean(value: unknown): unknown {
  if (typeof value === "string") return hasHiddenCharacters(value) ? stripHiddenCharacters(value) : value;
  if (Array.isArray(value)) {
    const items = value.map(clean);
    return items.some((item, i) => item !== value[i]) ? items : value;
  }
  if (typeof value !== "object" || value === null) return value;
  let changed = false;
  const entries = Object.entries(value).map(([key, item]) => {
    const cleanKey = clean(key) as string;
    const cleanItem = clean(item);
    if (cleanKey !== key || cleanItem !== item) changed = true;
    return [cleanKey, cleanItem] as const;
  });
  return changed ? Object.fromEntries(entries) : value;
}
