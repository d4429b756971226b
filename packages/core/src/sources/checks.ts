import { isAbsolute } from "node:path";
import { describeValue as show } from "../text/describe-value.js";

export { describeValue as show } from "../text/describe-value.js";

/** True for an array of strings. */
export function isStringList(value: unknown): boolean {
  return Array.isArray(value) && value.every((entry) => typeof entry === "string");
}

/** True for a relative path with `/` separators and no empty, `.` or `..` segment. */
export function isCleanRelative(path: string): boolean {
  return path !== "" && !path.startsWith("/") && path.split("/").every((part) => part !== "" && part !== "." && part !== "..");
}

/** Why `path` is not an absolute path, naming the key, or undefined. */
export function absoluteProblem(key: string, path: unknown): string | undefined {
  return typeof path === "string" && isAbsolute(path) ? undefined : `whose ${key} ${show(path)} is not absolute`;
}

/** Why a source's rule extensions are not a non-empty list of strings, or undefined. */
export function extensionsProblem(extensions: unknown): string | undefined {
  return isStringList(extensions) && (extensions as string[]).length > 0 ? undefined : "whose extensions are not a list of strings";
}

/** Why the options every file-reading source shares (level, activation, mapFields, imports, modes, skip) are malformed, or undefined. */
export function optionsProblem(s: Record<string, unknown>): string | undefined {
  if (s.level !== "project" && s.level !== "user") return `whose level is ${show(s.level)}`;
  if (s.activation !== undefined && s.activation !== "always" && s.activation !== "frontmatter") return `whose activation is ${show(s.activation)}`;
  if (s.mapFields !== undefined && typeof s.mapFields !== "function") return "whose mapFields is not a function";
  if (s.imports !== undefined && typeof s.imports !== "boolean") return `whose imports is ${show(s.imports)}`;
  for (const key of ["modes", "skip"]) if (s[key] !== undefined && !isStringList(s[key])) return `whose ${key} is not a list of strings`;
  return undefined;
}

/** A plain copy of `keys` of `value` (lists copied too), so a getter runs once and later changes do not reach the load. */
export function copyKeys(value: object, keys: readonly string[]): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const key of keys) {
    const field = (value as Record<string, unknown>)[key];
    if (field !== undefined) copy[key] = Array.isArray(field) ? [...field] : field;
  }
  return copy;
}
