import { isAbsolute } from "node:path";
import { describeValue as show } from "../text/describe-value.js";
import { errorText } from "../text/error-text.js";
import type { RuleSourceSpec } from "./types.js";

const KINDS = ["folder", "file", "pattern", "first", "walk-up", "each"];
const SIMPLE_KINDS = ["folder", "file", "pattern"];
const KEYS = ["kind", "level", "path", "name", "folder", "file", "extensions", "skip", "namePrefix", "activation", "mapFields", "modes", "imports"];
const KIND_KEYS: Record<string, string[]> = { first: ["of", "present"], "walk-up": ["to", "rule"], each: ["in", "prefix", "entries", "source"] };
const CHECK_KEYS = ["check", "extensions", "folder", "read"];

type Read = { source: RuleSourceSpec } | { problem: string };

/**
 * A plain copy of a source a provider declared, or why it is not one (docs/behaviour.md,
 * "Sources"). Every field is read once, so a throwing getter or a Proxy is a reason, not a crash.
 */
export function readSourceSpec(value: unknown, kinds: readonly string[] = KINDS): Read {
  let copy: Record<string, unknown>;
  try {
    if (typeof value !== "object" || value === null) return { problem: `a source that is ${value === null ? "null" : typeof value}` };
    const kind = (value as Record<string, unknown>).kind;
    copy = copyKeys(value, [...KEYS, ...(typeof kind === "string" ? (KIND_KEYS[kind] ?? []) : [])]);
  } catch (error) {
    return { problem: `a source whose fields cannot be read (${errorText(error)})` };
  }
  let problem: string | undefined;
  try {
    problem = kinds.includes(copy.kind as string) ? sourceProblem(copy) : `of unknown kind ${show(copy.kind)}`;
  } catch (error) {
    return { problem: `a source whose fields cannot be read (${errorText(error)})` };
  }
  if (problem === undefined) return { source: copy as unknown as RuleSourceSpec };
  const kind = typeof copy.kind === "string" && kinds.includes(copy.kind) ? `${copy.kind} ` : "";
  return { problem: `a ${kind}source ${problem}` };
}

function copyKeys(value: object, keys: readonly string[]): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const key of keys) {
    const field = (value as Record<string, unknown>)[key];
    if (field !== undefined) copy[key] = Array.isArray(field) ? [...field] : field;
  }
  return copy;
}

function sourceProblem(s: Record<string, unknown>): string | undefined {
  if (s.kind === "first") return firstProblem(s);
  if (s.kind === "each") return eachProblem(s);
  if (s.level !== "project" && s.level !== "user") return `whose level is ${show(s.level)}`;
  if (s.activation !== undefined && s.activation !== "always" && s.activation !== "frontmatter") return `whose activation is ${show(s.activation)}`;
  if (s.mapFields !== undefined && typeof s.mapFields !== "function") return "whose mapFields is not a function";
  if (s.imports !== undefined && typeof s.imports !== "boolean") return `whose imports is ${show(s.imports)}`;
  for (const key of ["modes", "skip"]) if (s[key] !== undefined && !isStringList(s[key])) return `whose ${key} is not a list of strings`;
  if (s.kind === "walk-up") return walkUpProblem(s);
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

function walkUpProblem(s: Record<string, unknown>): string | undefined {
  if (typeof s.name !== "string" || !isCleanRelative(s.name) || s.name.includes("/")) return `whose name ${show(s.name)} is not an entry name`;
  if (s.to !== "root") return `whose to is ${show(s.to)} (expected "root")`;
  if (typeof s.rule !== "string" || s.rule.trim() === "") return `whose rule is ${show(s.rule)}`;
  if (!isStringList(s.extensions) || (s.extensions as string[]).length === 0) return "whose extensions are not a list of strings";
  return undefined;
}

function eachProblem(s: Record<string, unknown>): string | undefined {
  if (typeof s.in !== "string" || !isAbsolute(s.in)) return `whose in ${show(s.in)} is not absolute`;
  if (typeof s.prefix !== "string") return `whose prefix is ${show(s.prefix)}`;
  if (s.entries !== "folder" && s.entries !== "file") return `whose entries is ${show(s.entries)}`;
  if (typeof s.source !== "function") return "whose source is not a function";
  return undefined;
}

/** Checks every candidate of a `first` source and replaces them with plain copies. */
function firstProblem(s: Record<string, unknown>): string | undefined {
  if (s.present !== undefined && s.present !== "exists" && s.present !== "file") return `whose present is ${show(s.present)}`;
  if (!Array.isArray(s.of)) return `whose of is ${show(s.of)}`;
  const of: unknown[] = [];
  for (const [i, candidate] of s.of.entries()) {
    const read = readCandidate(candidate);
    if ("problem" in read) return `whose candidate ${i + 1} is ${read.problem}`;
    of.push(read.value);
  }
  s.of = of;
  return undefined;
}

function readCandidate(candidate: unknown): { value: unknown } | { problem: string } {
  if (Array.isArray(candidate)) return readSimpleList(candidate);
  if (typeof candidate === "object" && candidate !== null && "check" in candidate) {
    const check = copyKeys(candidate, CHECK_KEYS);
    if (typeof check.check !== "string" || !isAbsolute(check.check)) return { problem: `a check whose path ${show(check.check)} is not absolute` };
    if (check.extensions !== undefined && !isStringList(check.extensions)) return { problem: "a check whose extensions are not a list of strings" };
    if (check.folder !== undefined && typeof check.folder !== "boolean") return { problem: `a check whose folder is ${show(check.folder)}` };
    if (check.read === undefined) return { value: check };
    if (!Array.isArray(check.read)) return { problem: `a check whose read is ${show(check.read)}` };
    const read = readSimpleList(check.read);
    return "problem" in read ? read : { value: { ...check, read: read.value } };
  }
  const read = readSourceSpec(candidate, SIMPLE_KINDS);
  return "source" in read ? { value: read.source } : read;
}

function readSimpleList(list: readonly unknown[]): { value: unknown[] } | { problem: string } {
  const value: unknown[] = [];
  for (const member of list) {
    const read = readSourceSpec(member, SIMPLE_KINDS);
    if ("problem" in read) return read;
    value.push(read.source);
  }
  return { value };
}

function isStringList(value: unknown): boolean {
  return Array.isArray(value) && value.every((entry) => typeof entry === "string");
}

function isCleanRelative(path: string): boolean {
  return path !== "" && !path.startsWith("/") && path.split("/").every((part) => part !== "" && part !== "." && part !== "..");
}
