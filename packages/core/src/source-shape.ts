import { isAbsolute } from "node:path";
import { errorText } from "./scan.js";
import type { RuleSourceSpec } from "./sources.js";

const KEYS = ["kind", "level", "path", "name", "folder", "file", "extensions", "skip", "namePrefix", "activation", "mapFields", "modes", "imports"];

/**
 * A plain copy of a source a provider declared, or why it is not one (docs/behaviour.md,
 * "Sources"). Every field is read once, so a throwing getter or a Proxy is a reason, not a crash.
 */
export function readSourceSpec(value: unknown): { source: RuleSourceSpec } | { problem: string } {
  const copy: Record<string, unknown> = {};
  try {
    if (typeof value !== "object" || value === null) return { problem: `a source that is ${value === null ? "null" : typeof value}` };
    for (const key of KEYS) {
      const field = (value as Record<string, unknown>)[key];
      if (field !== undefined) copy[key] = Array.isArray(field) ? [...field] : field;
    }
  } catch (error) {
    return { problem: `a source whose fields cannot be read (${errorText(error)})` };
  }
  const problem = sourceProblem(copy);
  if (problem === undefined) return { source: copy as unknown as RuleSourceSpec };
  const kind = typeof copy.kind === "string" && ["folder", "file", "pattern"].includes(copy.kind) ? `${copy.kind} ` : "";
  return { problem: `a ${kind}source ${problem}` };
}

function sourceProblem(s: Record<string, unknown>): string | undefined {
  if (s.kind !== "folder" && s.kind !== "file" && s.kind !== "pattern") return `of unknown kind ${show(s.kind)}`;
  if (s.level !== "project" && s.level !== "user") return `whose level is ${show(s.level)}`;
  if (s.activation !== undefined && s.activation !== "always" && s.activation !== "frontmatter") return `whose activation is ${show(s.activation)}`;
  if (s.mapFields !== undefined && typeof s.mapFields !== "function") return "whose mapFields is not a function";
  if (s.imports !== undefined && typeof s.imports !== "boolean") return `whose imports is ${show(s.imports)}`;
  for (const key of ["modes", "skip"]) if (s[key] !== undefined && !isStringList(s[key])) return `whose ${key} is not a list of strings`;
  if (s.kind === "pattern") {
    const relative = typeof s.folder === "string" ? s.folder : s.file;
    if ((s.folder === undefined) === (s.file === undefined)) return "that names neither or both of a folder and a file";
    if (typeof relative !== "string" || !isCleanRelative(relative)) return `whose ${s.folder !== undefined ? "folder" : "file"} ${show(relative)} is not a clean relative path`;
  } else if (typeof s.path !== "string" || !isAbsolute(s.path)) return `whose path ${show(s.path)} is not absolute`;
  if (s.kind === "file" || (s.kind === "pattern" && s.file !== undefined)) {
    if (typeof s.name !== "string" || s.name.trim() === "") return `whose name is ${show(s.name)}`;
  } else {
    if (!isStringList(s.extensions) || (s.extensions as string[]).length === 0) return "whose extensions are not a list of strings";
    if (s.namePrefix !== undefined && typeof s.namePrefix !== "string") return `whose namePrefix is ${show(s.namePrefix)}`;
  }
  return undefined;
}

function isStringList(value: unknown): boolean {
  return Array.isArray(value) && value.every((entry) => typeof entry === "string");
}

function isCleanRelative(path: string): boolean {
  return path !== "" && !path.startsWith("/") && path.split("/").every((part) => part !== "" && part !== "." && part !== "..");
}

function show(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  return value === null ? "null" : value === undefined ? "missing" : typeof value === "object" ? "an object" : `${typeof value} ${String(value)}`;
}
