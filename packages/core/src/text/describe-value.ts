import { shortenText } from "./text-cut.js";

/**
 * A short phrase for a value a provider handed over, for messages: `null`, `missing`,
 * `a list`, a quoted string cut at 40 characters, `a symbol`, `an object`, `a function`,
 * or `number 3`. It never throws, whatever the value.
 */
export function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (value === undefined) return "missing";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "string") return JSON.stringify(shortenText(value, 40));
  if (typeof value === "symbol") return "a symbol";
  if (typeof value === "object") return "an object";
  if (typeof value === "function") return "a function";
  return `${typeof value} ${String(value)}`;
}
